; ModuleID = 'examples/kernels/branches_shared.cu'
source_filename = "examples/kernels/branches_shared.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ15branches_sharedE7s_value = internal unnamed_addr addrspace(3) global i32 undef, align 4
@_ZZ15branches_sharedE8s_ticket = internal unnamed_addr addrspace(3) global i32 undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @branches_shared(i32* nocapture noundef readonly %0, i32* nocapture noundef readonly %1, i32* nocapture noundef %2, i32* nocapture noundef writeonly %3) local_unnamed_addr #0 !dbg !9 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.z() #3, !dbg !12
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #3, !dbg !16
  %7 = mul i32 %5, %6, !dbg !19
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y() #3, !dbg !20
  %9 = add i32 %7, %8, !dbg !23
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3, !dbg !24
  %11 = mul i32 %9, %10, !dbg !27
  %12 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3, !dbg !28
  %13 = add i32 %11, %12, !dbg !31
  %14 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3, !dbg !32
  %15 = mul i32 %10, %6, !dbg !35
  %16 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #3, !dbg !36
  %17 = mul i32 %15, %16, !dbg !39
  %18 = mul i32 %17, %14, !dbg !40
  %19 = add i32 %13, %18, !dbg !41
  %20 = zext i32 %19 to i64, !dbg !42
  %21 = getelementptr inbounds i32, i32* %1, i64 %20, !dbg !42
  %22 = load i32, i32* %21, align 4, !dbg !42, !tbaa !43
  %23 = icmp eq i32 %13, 0, !dbg !47
  br i1 %23, label %26, label %24, !dbg !48

24:                                               ; preds = %4
  %25 = load i32, i32* addrspacecast (i32 addrspace(3)* @_ZZ15branches_sharedE7s_value to i32*), align 4, !dbg !49, !tbaa !43
  br label %27, !dbg !48

26:                                               ; preds = %4
  store i32 %22, i32* addrspacecast (i32 addrspace(3)* @_ZZ15branches_sharedE7s_value to i32*), align 4, !dbg !50, !tbaa !43
  br label %27, !dbg !51

27:                                               ; preds = %24, %26
  %28 = phi i32 [ %25, %24 ], [ %22, %26 ], !dbg !49
  tail call void @llvm.nvvm.barrier0(), !dbg !52
  %29 = icmp ugt i32 %28, 7, !dbg !53
  br i1 %29, label %30, label %32, !dbg !49

30:                                               ; preds = %27
  %31 = load i32, i32* %0, align 4, !dbg !54, !tbaa !43
  br label %32, !dbg !55

32:                                               ; preds = %30, %27
  %33 = phi i32 [ %31, %30 ], [ 0, %27 ], !dbg !56
  %34 = icmp ugt i32 %22, 7, !dbg !57
  %35 = zext i1 %34 to i32, !dbg !58
  %36 = tail call i32 @llvm.nvvm.barrier0.or(i32 %35) #3, !dbg !59
  %37 = icmp eq i32 %36, 0, !dbg !63
  br i1 %37, label %42, label %38, !dbg !63

38:                                               ; preds = %32
  %39 = getelementptr inbounds i32, i32* %0, i64 1, !dbg !64
  %40 = load i32, i32* %39, align 4, !dbg !64, !tbaa !43
  %41 = or i32 %40, %33, !dbg !65
  br label %42, !dbg !66

42:                                               ; preds = %38, %32
  %43 = phi i32 [ %41, %38 ], [ %33, %32 ], !dbg !56
  %44 = icmp eq i32 %13, 1, !dbg !67
  br i1 %44, label %47, label %45, !dbg !68

45:                                               ; preds = %42
  %46 = load i32, i32* addrspacecast (i32 addrspace(3)* @_ZZ15branches_sharedE8s_ticket to i32*), align 4, !dbg !69, !tbaa !43
  br label %49, !dbg !68

47:                                               ; preds = %42
  %48 = atomicrmw add i32* %2, i32 1 seq_cst, align 4, !dbg !70
  store i32 %48, i32* addrspacecast (i32 addrspace(3)* @_ZZ15branches_sharedE8s_ticket to i32*), align 4, !dbg !73, !tbaa !43
  br label %49, !dbg !74

49:                                               ; preds = %45, %47
  %50 = phi i32 [ %46, %45 ], [ %48, %47 ], !dbg !69
  tail call void @llvm.nvvm.barrier0(), !dbg !75
  %51 = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #3, !dbg !76
  %52 = add i32 %51, -1, !dbg !79
  %53 = icmp eq i32 %50, %52, !dbg !80
  br i1 %53, label %54, label %58, !dbg !69

54:                                               ; preds = %49
  %55 = getelementptr inbounds i32, i32* %0, i64 2, !dbg !81
  %56 = load i32, i32* %55, align 4, !dbg !81, !tbaa !43
  %57 = or i32 %56, %43, !dbg !82
  br label %58, !dbg !83

58:                                               ; preds = %54, %49
  %59 = phi i32 [ %57, %54 ], [ %43, %49 ], !dbg !56
  %60 = getelementptr inbounds i32, i32* %3, i64 %20, !dbg !84
  store i32 %59, i32* %60, align 4, !dbg !85, !tbaa !43
  ret void, !dbg !86
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #2

; Function Attrs: convergent nounwind
declare i32 @llvm.nvvm.barrier0.or(i32) #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { convergent nounwind }
attributes #2 = { nofree nosync nounwind readnone speculatable }
attributes #3 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/branches_shared.cu", directory: ".")
!2 = !{void (i32*, i32*, i32*, i32*)* @branches_shared, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "branches_shared", scope: !1, file: !1, line: 17, type: !10, scopeLine: 19, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 55, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 55, type: !10, scopeLine: 55, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 22, column: 24, scope: !9)
!16 = !DILocation(line: 80, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 80, type: !10, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 22, column: 38, scope: !9)
!19 = !DILocation(line: 22, column: 36, scope: !9)
!20 = !DILocation(line: 54, column: 3, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 54, type: !10, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!22 = distinct !DILocation(line: 22, column: 51, scope: !9)
!23 = !DILocation(line: 22, column: 49, scope: !9)
!24 = !DILocation(line: 79, column: 3, scope: !25, inlinedAt: !26)
!25 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!26 = distinct !DILocation(line: 22, column: 66, scope: !9)
!27 = !DILocation(line: 22, column: 64, scope: !9)
!28 = !DILocation(line: 53, column: 3, scope: !29, inlinedAt: !30)
!29 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!30 = distinct !DILocation(line: 22, column: 79, scope: !9)
!31 = !DILocation(line: 22, column: 77, scope: !9)
!32 = !DILocation(line: 66, column: 3, scope: !33, inlinedAt: !34)
!33 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!34 = distinct !DILocation(line: 23, column: 18, scope: !9)
!35 = !DILocation(line: 23, column: 43, scope: !9)
!36 = !DILocation(line: 81, column: 3, scope: !37, inlinedAt: !38)
!37 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 81, type: !10, scopeLine: 81, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!38 = distinct !DILocation(line: 23, column: 58, scope: !9)
!39 = !DILocation(line: 23, column: 56, scope: !9)
!40 = !DILocation(line: 23, column: 29, scope: !9)
!41 = !DILocation(line: 23, column: 70, scope: !9)
!42 = !DILocation(line: 24, column: 18, scope: !9)
!43 = !{!44, !44, i64 0}
!44 = !{!"int", !45, i64 0}
!45 = !{!"omnipotent char", !46, i64 0}
!46 = !{!"Simple C++ TBAA"}
!47 = !DILocation(line: 27, column: 16, scope: !9)
!48 = !DILocation(line: 27, column: 9, scope: !9)
!49 = !DILocation(line: 30, column: 9, scope: !9)
!50 = !DILocation(line: 28, column: 17, scope: !9)
!51 = !DILocation(line: 28, column: 9, scope: !9)
!52 = !DILocation(line: 29, column: 5, scope: !9)
!53 = !DILocation(line: 30, column: 17, scope: !9)
!54 = !DILocation(line: 31, column: 16, scope: !9)
!55 = !DILocation(line: 31, column: 9, scope: !9)
!56 = !DILocation(line: 0, scope: !9)
!57 = !DILocation(line: 33, column: 28, scope: !9)
!58 = !DILocation(line: 33, column: 26, scope: !9)
!59 = !DILocation(line: 34, column: 72, scope: !60, inlinedAt: !62)
!60 = distinct !DISubprogram(name: "__syncthreads_or", scope: !61, file: !61, line: 34, type: !10, scopeLine: 34, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!61 = !DIFile(filename: "examples/kernels/clang_cuda_shim.h", directory: ".")
!62 = distinct !DILocation(line: 33, column: 9, scope: !9)
!63 = !DILocation(line: 33, column: 9, scope: !9)
!64 = !DILocation(line: 34, column: 16, scope: !9)
!65 = !DILocation(line: 34, column: 13, scope: !9)
!66 = !DILocation(line: 34, column: 9, scope: !9)
!67 = !DILocation(line: 36, column: 16, scope: !9)
!68 = !DILocation(line: 36, column: 9, scope: !9)
!69 = !DILocation(line: 39, column: 9, scope: !9)
!70 = !DILocation(line: 93, column: 12, scope: !71, inlinedAt: !72)
!71 = distinct !DISubprogram(name: "atomicAdd", scope: !61, file: !61, line: 91, type: !10, scopeLine: 92, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!72 = distinct !DILocation(line: 37, column: 20, scope: !9)
!73 = !DILocation(line: 37, column: 18, scope: !9)
!74 = !DILocation(line: 37, column: 9, scope: !9)
!75 = !DILocation(line: 38, column: 5, scope: !9)
!76 = !DILocation(line: 92, column: 3, scope: !77, inlinedAt: !78)
!77 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 92, type: !10, scopeLine: 92, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!78 = distinct !DILocation(line: 39, column: 21, scope: !9)
!79 = !DILocation(line: 39, column: 31, scope: !9)
!80 = !DILocation(line: 39, column: 18, scope: !9)
!81 = !DILocation(line: 40, column: 16, scope: !9)
!82 = !DILocation(line: 40, column: 13, scope: !9)
!83 = !DILocation(line: 40, column: 9, scope: !9)
!84 = !DILocation(line: 42, column: 5, scope: !9)
!85 = !DILocation(line: 42, column: 12, scope: !9)
!86 = !DILocation(line: 43, column: 1, scope: !9)
