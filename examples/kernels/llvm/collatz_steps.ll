; ModuleID = 'examples/kernels/collatz_steps.cu'
source_filename = "examples/kernels/collatz_steps.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind
define dso_local void @collatz_steps(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 !dbg !9 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2, !dbg !12
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2, !dbg !16
  %7 = mul i32 %5, %6, !dbg !19
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2, !dbg !20
  %9 = add i32 %7, %8, !dbg !23
  %10 = icmp ult i32 %9, %2, !dbg !24
  br i1 %10, label %11, label %34, !dbg !25

11:                                               ; preds = %4
  %12 = zext i32 %9 to i64, !dbg !26
  %13 = getelementptr inbounds i32, i32* %0, i64 %12, !dbg !26
  %14 = load i32, i32* %13, align 4, !dbg !26, !tbaa !27
  %15 = icmp ne i32 %14, 1, !dbg !31
  %16 = icmp ne i32 %3, 0, !dbg !32
  %17 = and i1 %15, %16, !dbg !32
  br i1 %17, label %18, label %31, !dbg !33

18:                                               ; preds = %11, %18
  %19 = phi i32 [ %27, %18 ], [ 0, %11 ]
  %20 = phi i32 [ %26, %18 ], [ %14, %11 ]
  %21 = and i32 %20, 1, !dbg !34
  %22 = icmp eq i32 %21, 0, !dbg !35
  %23 = mul i32 %20, 3, !dbg !35
  %24 = add i32 %23, 1, !dbg !35
  %25 = lshr i32 %20, 1, !dbg !35
  %26 = select i1 %22, i32 %25, i32 %24, !dbg !35
  %27 = add nuw i32 %19, 1, !dbg !36
  %28 = icmp ne i32 %26, 1, !dbg !31
  %29 = icmp ult i32 %27, %3, !dbg !32
  %30 = select i1 %28, i1 %29, i1 false, !dbg !32
  br i1 %30, label %18, label %31, !dbg !33, !llvm.loop !37

31:                                               ; preds = %18, %11
  %32 = phi i32 [ 0, %11 ], [ %27, %18 ], !dbg !40
  %33 = getelementptr inbounds i32, i32* %1, i64 %12, !dbg !41
  store i32 %32, i32* %33, align 4, !dbg !42, !tbaa !27
  br label %34, !dbg !43

34:                                               ; preds = %4, %31
  ret void, !dbg !43
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/collatz_steps.cu", directory: ".")
!2 = !{void (i32*, i32*, i32, i32)* @collatz_steps, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "collatz_steps", scope: !1, file: !1, line: 13, type: !10, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 66, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 16, column: 18, scope: !9)
!16 = !DILocation(line: 79, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 16, column: 31, scope: !9)
!19 = !DILocation(line: 16, column: 29, scope: !9)
!20 = !DILocation(line: 53, column: 3, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!22 = distinct !DILocation(line: 16, column: 44, scope: !9)
!23 = !DILocation(line: 16, column: 42, scope: !9)
!24 = !DILocation(line: 17, column: 11, scope: !9)
!25 = !DILocation(line: 17, column: 9, scope: !9)
!26 = !DILocation(line: 20, column: 18, scope: !9)
!27 = !{!28, !28, i64 0}
!28 = !{!"int", !29, i64 0}
!29 = !{!"omnipotent char", !30, i64 0}
!30 = !{!"Simple C++ TBAA"}
!31 = !DILocation(line: 22, column: 14, scope: !9)
!32 = !DILocation(line: 22, column: 20, scope: !9)
!33 = !DILocation(line: 22, column: 5, scope: !9)
!34 = !DILocation(line: 23, column: 15, scope: !9)
!35 = !DILocation(line: 23, column: 13, scope: !9)
!36 = !DILocation(line: 27, column: 9, scope: !9)
!37 = distinct !{!37, !33, !38, !39}
!38 = !DILocation(line: 28, column: 5, scope: !9)
!39 = !{!"llvm.loop.mustprogress"}
!40 = !DILocation(line: 0, scope: !9)
!41 = !DILocation(line: 29, column: 5, scope: !9)
!42 = !DILocation(line: 29, column: 14, scope: !9)
!43 = !DILocation(line: 30, column: 1, scope: !9)
