; ModuleID = 'examples/kernels/recursion_fib.cu'
source_filename = "examples/kernels/recursion_fib.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree noinline nosync nounwind readnone willreturn
define dso_local i32 @fib(i32 noundef %0) local_unnamed_addr #0 !dbg !9 {
  %2 = icmp ult i32 %0, 2, !dbg !12
  br i1 %2, label %58, label %3, !dbg !13

3:                                                ; preds = %1
  %4 = add i32 %0, -2, !dbg !13
  %5 = lshr i32 %4, 1, !dbg !13
  %6 = add nuw i32 %5, 1, !dbg !13
  %7 = and i32 %6, 7, !dbg !13
  %8 = icmp ult i32 %4, 14, !dbg !13
  br i1 %8, label %42, label %9, !dbg !13

9:                                                ; preds = %3
  %10 = and i32 %6, -8, !dbg !13
  br label %11, !dbg !13

11:                                               ; preds = %11, %9
  %12 = phi i32 [ %0, %9 ], [ %36, %11 ]
  %13 = phi i32 [ 0, %9 ], [ %39, %11 ]
  %14 = phi i32 [ 0, %9 ], [ %40, %11 ]
  %15 = add i32 %12, -1, !dbg !14
  %16 = tail call i32 @fib(i32 noundef %15) #3, !dbg !15
  %17 = add i32 %16, %13, !dbg !16
  %18 = add i32 %12, -3, !dbg !14
  %19 = tail call i32 @fib(i32 noundef %18) #3, !dbg !15
  %20 = add i32 %19, %17, !dbg !16
  %21 = add i32 %12, -5, !dbg !14
  %22 = tail call i32 @fib(i32 noundef %21) #3, !dbg !15
  %23 = add i32 %22, %20, !dbg !16
  %24 = add i32 %12, -7, !dbg !14
  %25 = tail call i32 @fib(i32 noundef %24) #3, !dbg !15
  %26 = add i32 %25, %23, !dbg !16
  %27 = add i32 %12, -9, !dbg !14
  %28 = tail call i32 @fib(i32 noundef %27) #3, !dbg !15
  %29 = add i32 %28, %26, !dbg !16
  %30 = add i32 %12, -11, !dbg !14
  %31 = tail call i32 @fib(i32 noundef %30) #3, !dbg !15
  %32 = add i32 %31, %29, !dbg !16
  %33 = add i32 %12, -13, !dbg !14
  %34 = tail call i32 @fib(i32 noundef %33) #3, !dbg !15
  %35 = add i32 %34, %32, !dbg !16
  %36 = add i32 %12, -16, !dbg !17
  %37 = add i32 %12, -15, !dbg !14
  %38 = tail call i32 @fib(i32 noundef %37) #3, !dbg !15
  %39 = add i32 %38, %35, !dbg !16
  %40 = add i32 %14, 8, !dbg !13
  %41 = icmp eq i32 %40, %10, !dbg !13
  br i1 %41, label %42, label %11, !dbg !13

42:                                               ; preds = %11, %3
  %43 = phi i32 [ undef, %3 ], [ %36, %11 ]
  %44 = phi i32 [ undef, %3 ], [ %39, %11 ]
  %45 = phi i32 [ %0, %3 ], [ %36, %11 ]
  %46 = phi i32 [ 0, %3 ], [ %39, %11 ]
  %47 = icmp eq i32 %7, 0, !dbg !13
  br i1 %47, label %58, label %48, !dbg !13

48:                                               ; preds = %42, %48
  %49 = phi i32 [ %52, %48 ], [ %45, %42 ]
  %50 = phi i32 [ %55, %48 ], [ %46, %42 ]
  %51 = phi i32 [ %56, %48 ], [ 0, %42 ]
  %52 = add i32 %49, -2, !dbg !17
  %53 = add i32 %49, -1, !dbg !14
  %54 = tail call i32 @fib(i32 noundef %53) #3, !dbg !15
  %55 = add i32 %54, %50, !dbg !16
  %56 = add i32 %51, 1, !dbg !13
  %57 = icmp eq i32 %56, %7, !dbg !13
  br i1 %57, label %58, label %48, !dbg !13, !llvm.loop !18

58:                                               ; preds = %42, %48, %1
  %59 = phi i32 [ 0, %1 ], [ %44, %42 ], [ %55, %48 ]
  %60 = phi i32 [ %0, %1 ], [ %43, %42 ], [ %52, %48 ]
  %61 = add i32 %60, %59, !dbg !16
  ret i32 %61, !dbg !20
}

; Function Attrs: mustprogress nofree noinline nosync nounwind readnone willreturn
define dso_local i32 @is_even(i32 noundef %0) local_unnamed_addr #0 !dbg !21 {
  %2 = icmp eq i32 %0, 0, !dbg !22
  br i1 %2, label %6, label %3, !dbg !23

3:                                                ; preds = %1
  %4 = add i32 %0, -1, !dbg !24
  %5 = tail call i32 @is_odd(i32 noundef %4) #3, !dbg !25
  br label %6, !dbg !23

6:                                                ; preds = %1, %3
  %7 = phi i32 [ %5, %3 ], [ 1, %1 ], !dbg !23
  ret i32 %7, !dbg !26
}

; Function Attrs: mustprogress nofree noinline nosync nounwind readnone willreturn
define dso_local i32 @is_odd(i32 noundef %0) local_unnamed_addr #0 !dbg !27 {
  %2 = icmp eq i32 %0, 0, !dbg !28
  br i1 %2, label %6, label %3, !dbg !29

3:                                                ; preds = %1
  %4 = add i32 %0, -1, !dbg !30
  %5 = tail call i32 @is_even(i32 noundef %4) #3, !dbg !31
  br label %6, !dbg !29

6:                                                ; preds = %1, %3
  %7 = phi i32 [ %5, %3 ], [ 0, %1 ], !dbg !29
  ret i32 %7, !dbg !32
}

; Function Attrs: convergent mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @recursion_fib(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #1 !dbg !33 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3, !dbg !34
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3, !dbg !38
  %6 = mul i32 %4, %5, !dbg !41
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3, !dbg !42
  %8 = add i32 %6, %7, !dbg !45
  %9 = icmp ult i32 %8, %2, !dbg !46
  br i1 %9, label %10, label %22, !dbg !47

10:                                               ; preds = %3
  %11 = zext i32 %8 to i64, !dbg !48
  %12 = getelementptr inbounds i32, i32* %0, i64 %11, !dbg !48
  %13 = load i32, i32* %12, align 4, !dbg !48, !tbaa !49
  %14 = tail call i32 @fib(i32 noundef %13) #3, !dbg !53
  %15 = shl i32 %8, 1, !dbg !54
  %16 = zext i32 %15 to i64, !dbg !55
  %17 = getelementptr inbounds i32, i32* %1, i64 %16, !dbg !55
  store i32 %14, i32* %17, align 4, !dbg !56, !tbaa !49
  %18 = tail call i32 @is_even(i32 noundef %13) #3, !dbg !57
  %19 = or i32 %15, 1, !dbg !58
  %20 = zext i32 %19 to i64, !dbg !59
  %21 = getelementptr inbounds i32, i32* %1, i64 %20, !dbg !59
  store i32 %18, i32* %21, align 4, !dbg !60, !tbaa !49
  br label %22, !dbg !61

22:                                               ; preds = %3, %10
  ret void, !dbg !61
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { mustprogress nofree noinline nosync nounwind readnone willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { convergent mustprogress nofree norecurse nosync nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #2 = { nofree nosync nounwind readnone speculatable }
attributes #3 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/recursion_fib.cu", directory: ".")
!2 = !{void (i32*, i32*, i32)* @recursion_fib, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "fib", scope: !1, file: !1, line: 14, type: !10, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 16, column: 11, scope: !9)
!13 = !DILocation(line: 16, column: 9, scope: !9)
!14 = !DILocation(line: 18, column: 18, scope: !9)
!15 = !DILocation(line: 18, column: 12, scope: !9)
!16 = !DILocation(line: 18, column: 23, scope: !9)
!17 = !DILocation(line: 18, column: 31, scope: !9)
!18 = distinct !{!18, !19}
!19 = !{!"llvm.loop.unroll.disable"}
!20 = !DILocation(line: 19, column: 1, scope: !9)
!21 = distinct !DISubprogram(name: "is_even", scope: !1, file: !1, line: 23, type: !10, scopeLine: 24, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!22 = !DILocation(line: 25, column: 15, scope: !21)
!23 = !DILocation(line: 25, column: 12, scope: !21)
!24 = !DILocation(line: 25, column: 37, scope: !21)
!25 = !DILocation(line: 25, column: 28, scope: !21)
!26 = !DILocation(line: 25, column: 5, scope: !21)
!27 = distinct !DISubprogram(name: "is_odd", scope: !1, file: !1, line: 28, type: !10, scopeLine: 29, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!28 = !DILocation(line: 30, column: 15, scope: !27)
!29 = !DILocation(line: 30, column: 12, scope: !27)
!30 = !DILocation(line: 30, column: 38, scope: !27)
!31 = !DILocation(line: 30, column: 28, scope: !27)
!32 = !DILocation(line: 30, column: 5, scope: !27)
!33 = distinct !DISubprogram(name: "recursion_fib", scope: !1, file: !1, line: 33, type: !10, scopeLine: 34, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!34 = !DILocation(line: 66, column: 3, scope: !35, inlinedAt: !37)
!35 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !36, file: !36, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!36 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!37 = distinct !DILocation(line: 35, column: 18, scope: !33)
!38 = !DILocation(line: 79, column: 3, scope: !39, inlinedAt: !40)
!39 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !36, file: !36, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!40 = distinct !DILocation(line: 35, column: 31, scope: !33)
!41 = !DILocation(line: 35, column: 29, scope: !33)
!42 = !DILocation(line: 53, column: 3, scope: !43, inlinedAt: !44)
!43 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !36, file: !36, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!44 = distinct !DILocation(line: 35, column: 44, scope: !33)
!45 = !DILocation(line: 35, column: 42, scope: !33)
!46 = !DILocation(line: 36, column: 11, scope: !33)
!47 = !DILocation(line: 36, column: 9, scope: !33)
!48 = !DILocation(line: 38, column: 18, scope: !33)
!49 = !{!50, !50, i64 0}
!50 = !{!"int", !51, i64 0}
!51 = !{!"omnipotent char", !52, i64 0}
!52 = !{!"Simple C++ TBAA"}
!53 = !DILocation(line: 39, column: 18, scope: !33)
!54 = !DILocation(line: 39, column: 11, scope: !33)
!55 = !DILocation(line: 39, column: 5, scope: !33)
!56 = !DILocation(line: 39, column: 16, scope: !33)
!57 = !DILocation(line: 40, column: 22, scope: !33)
!58 = !DILocation(line: 40, column: 15, scope: !33)
!59 = !DILocation(line: 40, column: 5, scope: !33)
!60 = !DILocation(line: 40, column: 20, scope: !33)
!61 = !DILocation(line: 41, column: 1, scope: !33)
