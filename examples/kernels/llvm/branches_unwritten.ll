; ModuleID = 'examples/kernels/branches_unwritten.cu'
source_filename = "examples/kernels/branches_unwritten.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @branches_unwritten(i32* nocapture noundef readonly %0, i32* nocapture noundef %1) local_unnamed_addr #0 !dbg !10 {
  %3 = getelementptr inbounds i32, i32* %1, i64 8000, !dbg !13
  %4 = load i32, i32* %3, align 4, !dbg !13, !tbaa !14
  %5 = icmp ugt i32 %4, 7, !dbg !18
  br i1 %5, label %6, label %8, !dbg !13

6:                                                ; preds = %2
  %7 = load i32, i32* %0, align 4, !dbg !19, !tbaa !14
  br label %8, !dbg !20

8:                                                ; preds = %6, %2
  %9 = phi i32 [ %7, %6 ], [ 0, %2 ], !dbg !21
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2, !dbg !22
  %11 = add i32 %10, 64, !dbg !26
  %12 = zext i32 %11 to i64, !dbg !27
  %13 = getelementptr inbounds i32, i32* %1, i64 %12, !dbg !27
  %14 = load i32, i32* %13, align 4, !dbg !27, !tbaa !14
  %15 = icmp ugt i32 %14, 7, !dbg !28
  br i1 %15, label %16, label %20, !dbg !27

16:                                               ; preds = %8
  %17 = getelementptr inbounds i32, i32* %0, i64 1, !dbg !29
  %18 = load i32, i32* %17, align 4, !dbg !29, !tbaa !14
  %19 = or i32 %18, %9, !dbg !30
  br label %20, !dbg !31

20:                                               ; preds = %16, %8
  %21 = phi i32 [ %19, %16 ], [ %9, %8 ], !dbg !21
  store i32 %21, i32* %13, align 4, !dbg !32, !tbaa !14
  ret void, !dbg !33
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2, !3}
!llvm.module.flags = !{!4, !5, !6, !7, !8}
!llvm.ident = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/branches_unwritten.cu", directory: ".")
!2 = !{void (i32*, i32*)* @branches_unwritten, !"kernel", i32 1}
!3 = !{void (i32*, i32*)* @branches_unwritten, !"maxntidx", i32 64}
!4 = !{i32 7, !"Dwarf Version", i32 2}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 1, !"wchar_size", i32 4}
!7 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!8 = !{i32 7, !"frame-pointer", i32 2}
!9 = !{!"Debian clang version 14.0.6"}
!10 = distinct !DISubprogram(name: "branches_unwritten", scope: !1, file: !1, line: 15, type: !11, scopeLine: 16, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !12)
!11 = !DISubroutineType(types: !12)
!12 = !{}
!13 = !DILocation(line: 19, column: 9, scope: !10)
!14 = !{!15, !15, i64 0}
!15 = !{!"int", !16, i64 0}
!16 = !{!"omnipotent char", !17, i64 0}
!17 = !{!"Simple C++ TBAA"}
!18 = !DILocation(line: 19, column: 19, scope: !10)
!19 = !DILocation(line: 20, column: 16, scope: !10)
!20 = !DILocation(line: 20, column: 9, scope: !10)
!21 = !DILocation(line: 0, scope: !10)
!22 = !DILocation(line: 53, column: 3, scope: !23, inlinedAt: !25)
!23 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !24, file: !24, line: 53, type: !11, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !12)
!24 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!25 = distinct !DILocation(line: 22, column: 13, scope: !10)
!26 = !DILocation(line: 22, column: 25, scope: !10)
!27 = !DILocation(line: 22, column: 9, scope: !10)
!28 = !DILocation(line: 22, column: 32, scope: !10)
!29 = !DILocation(line: 23, column: 16, scope: !10)
!30 = !DILocation(line: 23, column: 13, scope: !10)
!31 = !DILocation(line: 23, column: 9, scope: !10)
!32 = !DILocation(line: 25, column: 28, scope: !10)
!33 = !DILocation(line: 26, column: 1, scope: !10)
