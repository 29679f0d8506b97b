; ModuleID = 'examples/kernels/branches_warp_aligned.cu'
source_filename = "examples/kernels/branches_warp_aligned.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @branches_warp_aligned(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1) local_unnamed_addr #0 !dbg !9 {
  %3 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #2, !dbg !12
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #2, !dbg !16
  %5 = mul i32 %3, %4, !dbg !19
  %6 = icmp eq i32 %5, 1, !dbg !20
  br i1 %6, label %7, label %59, !dbg !21

7:                                                ; preds = %2
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2, !dbg !22
  %9 = and i32 %8, -32, !dbg !25
  %10 = icmp eq i32 %9, 32, !dbg !26
  br i1 %10, label %11, label %13, !dbg !27

11:                                               ; preds = %7
  %12 = load i32, i32* %0, align 4, !dbg !28, !tbaa !29
  br label %13, !dbg !33

13:                                               ; preds = %11, %7
  %14 = phi i32 [ %12, %11 ], [ 0, %7 ], !dbg !34
  %15 = icmp eq i32 %9, 96, !dbg !35
  br i1 %15, label %16, label %20, !dbg !36

16:                                               ; preds = %13
  %17 = getelementptr inbounds i32, i32* %0, i64 1, !dbg !37
  %18 = load i32, i32* %17, align 4, !dbg !37, !tbaa !29
  %19 = or i32 %18, %14, !dbg !38
  br label %20, !dbg !39

20:                                               ; preds = %16, %13
  %21 = phi i32 [ %19, %16 ], [ %14, %13 ], !dbg !34
  %22 = icmp ult i32 %8, 64, !dbg !40
  br i1 %22, label %23, label %27, !dbg !41

23:                                               ; preds = %20
  %24 = getelementptr inbounds i32, i32* %0, i64 2, !dbg !42
  %25 = load i32, i32* %24, align 4, !dbg !42, !tbaa !29
  %26 = or i32 %25, %21, !dbg !43
  br label %27, !dbg !44

27:                                               ; preds = %23, %20
  %28 = phi i32 [ %26, %23 ], [ %21, %20 ], !dbg !34
  %29 = and i32 %8, 32, !dbg !45
  %30 = icmp eq i32 %29, 0, !dbg !46
  br i1 %30, label %35, label %31, !dbg !47

31:                                               ; preds = %27
  %32 = getelementptr inbounds i32, i32* %0, i64 3, !dbg !48
  %33 = load i32, i32* %32, align 4, !dbg !48, !tbaa !29
  %34 = or i32 %33, %28, !dbg !49
  br label %35, !dbg !50

35:                                               ; preds = %31, %27
  %36 = phi i32 [ %34, %31 ], [ %28, %27 ], !dbg !34
  %37 = and i32 %8, 16, !dbg !51
  %38 = icmp eq i32 %37, 0, !dbg !52
  br i1 %38, label %39, label %43, !dbg !53

39:                                               ; preds = %35
  %40 = getelementptr inbounds i32, i32* %0, i64 4, !dbg !54
  %41 = load i32, i32* %40, align 4, !dbg !54, !tbaa !29
  %42 = or i32 %41, %36, !dbg !55
  br label %43, !dbg !56

43:                                               ; preds = %39, %35
  %44 = phi i32 [ %42, %39 ], [ %36, %35 ], !dbg !34
  %45 = and i32 %8, 1, !dbg !57
  %46 = icmp eq i32 %45, 0, !dbg !58
  br i1 %46, label %47, label %51, !dbg !59

47:                                               ; preds = %43
  %48 = getelementptr inbounds i32, i32* %0, i64 5, !dbg !60
  %49 = load i32, i32* %48, align 4, !dbg !60, !tbaa !29
  %50 = or i32 %49, %44, !dbg !61
  br label %51, !dbg !62

51:                                               ; preds = %47, %43
  %52 = phi i32 [ %50, %47 ], [ %44, %43 ], !dbg !34
  %53 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2, !dbg !63
  %54 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2, !dbg !66
  %55 = mul i32 %53, %54, !dbg !69
  %56 = add i32 %55, %8, !dbg !70
  %57 = zext i32 %56 to i64, !dbg !71
  %58 = getelementptr inbounds i32, i32* %1, i64 %57, !dbg !71
  store i32 %52, i32* %58, align 4, !dbg !72, !tbaa !29
  br label %59

59:                                               ; preds = %2, %51
  ret void, !dbg !73
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/branches_warp_aligned.cu", directory: ".")
!2 = !{void (i32*, i32*)* @branches_warp_aligned, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "branches_warp_aligned", scope: !1, file: !1, line: 14, type: !10, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 80, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 80, type: !10, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 16, column: 9, scope: !9)
!16 = !DILocation(line: 81, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 81, type: !10, scopeLine: 81, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 16, column: 22, scope: !9)
!19 = !DILocation(line: 16, column: 20, scope: !9)
!20 = !DILocation(line: 16, column: 33, scope: !9)
!21 = !DILocation(line: 16, column: 9, scope: !9)
!22 = !DILocation(line: 53, column: 3, scope: !23, inlinedAt: !24)
!23 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!24 = distinct !DILocation(line: 19, column: 18, scope: !9)
!25 = !DILocation(line: 22, column: 12, scope: !9)
!26 = !DILocation(line: 22, column: 20, scope: !9)
!27 = !DILocation(line: 22, column: 9, scope: !9)
!28 = !DILocation(line: 23, column: 16, scope: !9)
!29 = !{!30, !30, i64 0}
!30 = !{!"int", !31, i64 0}
!31 = !{!"omnipotent char", !32, i64 0}
!32 = !{!"Simple C++ TBAA"}
!33 = !DILocation(line: 23, column: 9, scope: !9)
!34 = !DILocation(line: 0, scope: !9)
!35 = !DILocation(line: 24, column: 18, scope: !9)
!36 = !DILocation(line: 24, column: 9, scope: !9)
!37 = !DILocation(line: 25, column: 16, scope: !9)
!38 = !DILocation(line: 25, column: 13, scope: !9)
!39 = !DILocation(line: 25, column: 9, scope: !9)
!40 = !DILocation(line: 26, column: 17, scope: !9)
!41 = !DILocation(line: 26, column: 9, scope: !9)
!42 = !DILocation(line: 27, column: 16, scope: !9)
!43 = !DILocation(line: 27, column: 13, scope: !9)
!44 = !DILocation(line: 27, column: 9, scope: !9)
!45 = !DILocation(line: 28, column: 11, scope: !9)
!46 = !DILocation(line: 28, column: 17, scope: !9)
!47 = !DILocation(line: 28, column: 9, scope: !9)
!48 = !DILocation(line: 29, column: 16, scope: !9)
!49 = !DILocation(line: 29, column: 13, scope: !9)
!50 = !DILocation(line: 29, column: 9, scope: !9)
!51 = !DILocation(line: 30, column: 12, scope: !9)
!52 = !DILocation(line: 30, column: 19, scope: !9)
!53 = !DILocation(line: 30, column: 9, scope: !9)
!54 = !DILocation(line: 31, column: 16, scope: !9)
!55 = !DILocation(line: 31, column: 13, scope: !9)
!56 = !DILocation(line: 31, column: 9, scope: !9)
!57 = !DILocation(line: 32, column: 11, scope: !9)
!58 = !DILocation(line: 32, column: 16, scope: !9)
!59 = !DILocation(line: 32, column: 9, scope: !9)
!60 = !DILocation(line: 33, column: 16, scope: !9)
!61 = !DILocation(line: 33, column: 13, scope: !9)
!62 = !DILocation(line: 33, column: 9, scope: !9)
!63 = !DILocation(line: 66, column: 3, scope: !64, inlinedAt: !65)
!64 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!65 = distinct !DILocation(line: 35, column: 9, scope: !9)
!66 = !DILocation(line: 79, column: 3, scope: !67, inlinedAt: !68)
!67 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!68 = distinct !DILocation(line: 35, column: 22, scope: !9)
!69 = !DILocation(line: 35, column: 20, scope: !9)
!70 = !DILocation(line: 35, column: 33, scope: !9)
!71 = !DILocation(line: 35, column: 5, scope: !9)
!72 = !DILocation(line: 35, column: 38, scope: !9)
!73 = !DILocation(line: 36, column: 1, scope: !9)
