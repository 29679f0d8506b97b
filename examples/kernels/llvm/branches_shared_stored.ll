; ModuleID = 'examples/kernels/branches_shared_stored.cu'
source_filename = "examples/kernels/branches_shared_stored.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ22branches_shared_storedE6s_warp = internal unnamed_addr addrspace(3) global [1024 x i32] undef, align 4
@_ZZ22branches_shared_storedE7s_block = internal unnamed_addr addrspace(3) global [32 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @branches_shared_stored(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1) local_unnamed_addr #0 !dbg !9 {
  %3 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3, !dbg !12
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #3, !dbg !16
  %5 = mul i32 %3, %4, !dbg !19
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #3, !dbg !20
  %7 = mul i32 %5, %6, !dbg !23
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.z() #3, !dbg !24
  %9 = mul i32 %8, %4, !dbg !27
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y() #3, !dbg !28
  %11 = add i32 %9, %10, !dbg !31
  %12 = mul i32 %11, %3, !dbg !32
  %13 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3, !dbg !33
  %14 = add i32 %12, %13, !dbg !36
  %15 = and i32 %14, 31, !dbg !37
  %16 = lshr i32 %14, 5, !dbg !38
  %17 = zext i32 %14 to i64, !dbg !39
  %18 = getelementptr inbounds [1024 x i32], [1024 x i32] addrspace(3)* @_ZZ22branches_shared_storedE6s_warp, i64 0, i64 %17, !dbg !39
  %19 = addrspacecast i32 addrspace(3)* %18 to i32*, !dbg !39
  store i32 %16, i32* %19, align 4, !dbg !40, !tbaa !41
  %20 = icmp eq i32 %15, 0, !dbg !45
  br i1 %20, label %21, label %26, !dbg !46

21:                                               ; preds = %2
  %22 = zext i32 %16 to i64, !dbg !47
  %23 = getelementptr inbounds [32 x i32], [32 x i32] addrspace(3)* @_ZZ22branches_shared_storedE7s_block, i64 0, i64 %22, !dbg !47
  %24 = addrspacecast i32 addrspace(3)* %23 to i32*, !dbg !47
  %25 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3, !dbg !48
  store i32 %25, i32* %24, align 4, !dbg !51, !tbaa !41
  br label %26, !dbg !47

26:                                               ; preds = %21, %2
  tail call void @llvm.nvvm.barrier0(), !dbg !52
  %27 = xor i32 %14, 1, !dbg !53
  %28 = icmp ult i32 %27, %7, !dbg !54
  br i1 %28, label %29, label %37, !dbg !55

29:                                               ; preds = %26
  %30 = zext i32 %27 to i64, !dbg !56
  %31 = getelementptr inbounds [1024 x i32], [1024 x i32] addrspace(3)* @_ZZ22branches_shared_storedE6s_warp, i64 0, i64 %30, !dbg !56
  %32 = addrspacecast i32 addrspace(3)* %31 to i32*, !dbg !56
  %33 = load i32, i32* %32, align 4, !dbg !56, !tbaa !41
  %34 = icmp eq i32 %33, %16, !dbg !57
  br i1 %34, label %37, label %35, !dbg !56

35:                                               ; preds = %29
  %36 = load i32, i32* %0, align 4, !dbg !58, !tbaa !41
  br label %37, !dbg !59

37:                                               ; preds = %29, %35, %26
  %38 = phi i32 [ %36, %35 ], [ 0, %29 ], [ 0, %26 ], !dbg !60
  %39 = add i32 %7, 31, !dbg !61
  %40 = lshr i32 %39, 5, !dbg !62
  %41 = add nsw i32 %40, -1, !dbg !63
  %42 = and i32 %15, %41, !dbg !64
  %43 = zext i32 %42 to i64, !dbg !65
  %44 = getelementptr inbounds [32 x i32], [32 x i32] addrspace(3)* @_ZZ22branches_shared_storedE7s_block, i64 0, i64 %43, !dbg !65
  %45 = addrspacecast i32 addrspace(3)* %44 to i32*, !dbg !65
  %46 = load i32, i32* %45, align 4, !dbg !65, !tbaa !41
  %47 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3, !dbg !66
  %48 = icmp eq i32 %46, %47, !dbg !68
  br i1 %48, label %53, label %49, !dbg !65

49:                                               ; preds = %37
  %50 = getelementptr inbounds i32, i32* %0, i64 1, !dbg !69
  %51 = load i32, i32* %50, align 4, !dbg !69, !tbaa !41
  %52 = or i32 %51, %38, !dbg !70
  br label %53, !dbg !71

53:                                               ; preds = %49, %37
  %54 = phi i32 [ %52, %49 ], [ %38, %37 ], !dbg !60
  %55 = mul i32 %7, %47, !dbg !72
  %56 = add i32 %14, %55, !dbg !73
  %57 = zext i32 %56 to i64, !dbg !74
  %58 = getelementptr inbounds i32, i32* %1, i64 %57, !dbg !74
  store i32 %54, i32* %58, align 4, !dbg !75, !tbaa !41
  ret void, !dbg !76
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { convergent nounwind }
attributes #2 = { nofree nosync nounwind readnone speculatable }
attributes #3 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/branches_shared_stored.cu", directory: ".")
!2 = !{void (i32*, i32*)* @branches_shared_stored, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "branches_shared_stored", scope: !1, file: !1, line: 24, type: !10, scopeLine: 25, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 79, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 28, column: 18, scope: !9)
!16 = !DILocation(line: 80, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 80, type: !10, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 28, column: 31, scope: !9)
!19 = !DILocation(line: 28, column: 29, scope: !9)
!20 = !DILocation(line: 81, column: 3, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 81, type: !10, scopeLine: 81, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!22 = distinct !DILocation(line: 28, column: 44, scope: !9)
!23 = !DILocation(line: 28, column: 42, scope: !9)
!24 = !DILocation(line: 55, column: 3, scope: !25, inlinedAt: !26)
!25 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 55, type: !10, scopeLine: 55, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!26 = distinct !DILocation(line: 29, column: 24, scope: !9)
!27 = !DILocation(line: 29, column: 36, scope: !9)
!28 = !DILocation(line: 54, column: 3, scope: !29, inlinedAt: !30)
!29 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 54, type: !10, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!30 = distinct !DILocation(line: 29, column: 51, scope: !9)
!31 = !DILocation(line: 29, column: 49, scope: !9)
!32 = !DILocation(line: 29, column: 64, scope: !9)
!33 = !DILocation(line: 53, column: 3, scope: !34, inlinedAt: !35)
!34 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!35 = distinct !DILocation(line: 29, column: 79, scope: !9)
!36 = !DILocation(line: 29, column: 77, scope: !9)
!37 = !DILocation(line: 30, column: 28, scope: !9)
!38 = !DILocation(line: 33, column: 29, scope: !9)
!39 = !DILocation(line: 33, column: 5, scope: !9)
!40 = !DILocation(line: 33, column: 20, scope: !9)
!41 = !{!42, !42, i64 0}
!42 = !{!"int", !43, i64 0}
!43 = !{!"omnipotent char", !44, i64 0}
!44 = !{!"Simple C++ TBAA"}
!45 = !DILocation(line: 34, column: 14, scope: !9)
!46 = !DILocation(line: 34, column: 9, scope: !9)
!47 = !DILocation(line: 35, column: 9, scope: !9)
!48 = !DILocation(line: 66, column: 3, scope: !49, inlinedAt: !50)
!49 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!50 = distinct !DILocation(line: 35, column: 32, scope: !9)
!51 = !DILocation(line: 35, column: 30, scope: !9)
!52 = !DILocation(line: 36, column: 5, scope: !9)
!53 = !DILocation(line: 38, column: 31, scope: !9)
!54 = !DILocation(line: 39, column: 17, scope: !9)
!55 = !DILocation(line: 39, column: 9, scope: !9)
!56 = !DILocation(line: 40, column: 13, scope: !9)
!57 = !DILocation(line: 40, column: 29, scope: !9)
!58 = !DILocation(line: 41, column: 20, scope: !9)
!59 = !DILocation(line: 41, column: 13, scope: !9)
!60 = !DILocation(line: 0, scope: !9)
!61 = !DILocation(line: 43, column: 25, scope: !9)
!62 = !DILocation(line: 43, column: 32, scope: !9)
!63 = !DILocation(line: 44, column: 31, scope: !9)
!64 = !DILocation(line: 44, column: 22, scope: !9)
!65 = !DILocation(line: 44, column: 9, scope: !9)
!66 = !DILocation(line: 66, column: 3, scope: !49, inlinedAt: !67)
!67 = distinct !DILocation(line: 44, column: 41, scope: !9)
!68 = !DILocation(line: 44, column: 38, scope: !9)
!69 = !DILocation(line: 45, column: 16, scope: !9)
!70 = !DILocation(line: 45, column: 13, scope: !9)
!71 = !DILocation(line: 45, column: 9, scope: !9)
!72 = !DILocation(line: 47, column: 20, scope: !9)
!73 = !DILocation(line: 47, column: 24, scope: !9)
!74 = !DILocation(line: 47, column: 5, scope: !9)
!75 = !DILocation(line: 47, column: 34, scope: !9)
!76 = !DILocation(line: 48, column: 1, scope: !9)
