; ModuleID = 'examples/kernels/switch_divergent.cu'
source_filename = "examples/kernels/switch_divergent.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @switch_divergent(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 !dbg !9 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4, !dbg !12
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4, !dbg !16
  %6 = mul i32 %4, %5, !dbg !19
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4, !dbg !20
  %8 = add i32 %6, %7, !dbg !23
  %9 = icmp ult i32 %8, %2, !dbg !24
  br i1 %9, label %10, label %53, !dbg !25

10:                                               ; preds = %3
  %11 = zext i32 %8 to i64, !dbg !26
  %12 = getelementptr inbounds i32, i32* %0, i64 %11, !dbg !26
  %13 = load i32, i32* %12, align 4, !dbg !26, !tbaa !27
  %14 = and i32 %13, 15, !dbg !31
  switch i32 %14, label %50 [
    i32 0, label %15
    i32 1, label %17
    i32 2, label %20
    i32 3, label %22
    i32 4, label %24
    i32 5, label %26
    i32 6, label %29
    i32 7, label %31
    i32 8, label %34
    i32 9, label %36
    i32 10, label %39
    i32 11, label %41
    i32 12, label %43
    i32 13, label %45
    i32 14, label %47
  ], !dbg !32

15:                                               ; preds = %10
  %16 = add i32 %13, 7, !dbg !33
  br label %50, !dbg !34

17:                                               ; preds = %10
  %18 = mul i32 %8, -3, !dbg !35
  %19 = add i32 %13, %18, !dbg !36
  br label %50, !dbg !37

20:                                               ; preds = %10
  %21 = mul i32 %13, %13, !dbg !38
  br label %50, !dbg !39

22:                                               ; preds = %10
  %23 = xor i32 %13, %8, !dbg !40
  br label %50, !dbg !41

24:                                               ; preds = %10
  %25 = xor i32 %13, -1, !dbg !42
  br label %50, !dbg !43

26:                                               ; preds = %10
  %27 = and i32 %8, 7, !dbg !44
  %28 = shl i32 %13, %27, !dbg !45
  br label %50, !dbg !46

29:                                               ; preds = %10
  %30 = lshr i32 %13, 3, !dbg !47
  br label %50, !dbg !48

31:                                               ; preds = %10
  %32 = mul i32 %8, %8, !dbg !49
  %33 = add i32 %13, %32, !dbg !50
  br label %50, !dbg !51

34:                                               ; preds = %10
  %35 = or i32 %13, 240, !dbg !52
  br label %50, !dbg !53

36:                                               ; preds = %10
  %37 = add nuw i32 %8, 1, !dbg !54
  %38 = and i32 %13, %37, !dbg !55
  br label %50, !dbg !56

39:                                               ; preds = %10
  %40 = tail call i32 @llvm.ctpop.i32(i32 %13) #4, !dbg !57, !range !61
  br label %50, !dbg !62

41:                                               ; preds = %10
  %42 = tail call i32 @llvm.ctlz.i32(i32 %13, i1 false) #4, !dbg !63, !range !61
  br label %50, !dbg !66

43:                                               ; preds = %10
  %44 = tail call i32 @llvm.fshl.i32(i32 %13, i32 %13, i32 5), !dbg !67
  br label %50, !dbg !68

45:                                               ; preds = %10
  %46 = tail call i32 @llvm.bitreverse.i32(i32 %13) #4, !dbg !69
  br label %50, !dbg !72

47:                                               ; preds = %10
  %48 = icmp ugt i32 %13, %8, !dbg !73
  %49 = select i1 %48, i32 %13, i32 %8, !dbg !74
  br label %50, !dbg !75

50:                                               ; preds = %10, %47, %45, %43, %41, %39, %36, %34, %31, %29, %26, %24, %22, %20, %17, %15
  %51 = phi i32 [ %49, %47 ], [ %46, %45 ], [ %44, %43 ], [ %42, %41 ], [ %40, %39 ], [ %38, %36 ], [ %35, %34 ], [ %33, %31 ], [ %30, %29 ], [ %28, %26 ], [ %25, %24 ], [ %23, %22 ], [ %21, %20 ], [ %19, %17 ], [ %16, %15 ], [ 0, %10 ], !dbg !76
  %52 = getelementptr inbounds i32, i32* %1, i64 %11, !dbg !77
  store i32 %51, i32* %52, align 4, !dbg !78, !tbaa !27
  br label %53, !dbg !79

53:                                               ; preds = %3, %50
  ret void, !dbg !79
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.ctpop.i32(i32) #2

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.ctlz.i32(i32, i1 immarg) #2

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.bitreverse.i32(i32) #2

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.fshl.i32(i32, i32, i32) #3

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
attributes #3 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #4 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/switch_divergent.cu", directory: ".")
!2 = !{void (i32*, i32*, i32)* @switch_divergent, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "switch_divergent", scope: !1, file: !1, line: 16, type: !10, scopeLine: 17, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 66, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 18, column: 18, scope: !9)
!16 = !DILocation(line: 79, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 18, column: 31, scope: !9)
!19 = !DILocation(line: 18, column: 29, scope: !9)
!20 = !DILocation(line: 53, column: 3, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!22 = distinct !DILocation(line: 18, column: 44, scope: !9)
!23 = !DILocation(line: 18, column: 42, scope: !9)
!24 = !DILocation(line: 19, column: 11, scope: !9)
!25 = !DILocation(line: 19, column: 9, scope: !9)
!26 = !DILocation(line: 22, column: 18, scope: !9)
!27 = !{!28, !28, i64 0}
!28 = !{!"int", !29, i64 0}
!29 = !{!"omnipotent char", !30, i64 0}
!30 = !{!"Simple C++ TBAA"}
!31 = !DILocation(line: 24, column: 15, scope: !9)
!32 = !DILocation(line: 24, column: 5, scope: !9)
!33 = !DILocation(line: 25, column: 19, scope: !9)
!34 = !DILocation(line: 25, column: 25, scope: !9)
!35 = !DILocation(line: 26, column: 24, scope: !9)
!36 = !DILocation(line: 26, column: 19, scope: !9)
!37 = !DILocation(line: 26, column: 29, scope: !9)
!38 = !DILocation(line: 27, column: 19, scope: !9)
!39 = !DILocation(line: 27, column: 24, scope: !9)
!40 = !DILocation(line: 28, column: 19, scope: !9)
!41 = !DILocation(line: 28, column: 24, scope: !9)
!42 = !DILocation(line: 29, column: 17, scope: !9)
!43 = !DILocation(line: 29, column: 21, scope: !9)
!44 = !DILocation(line: 30, column: 25, scope: !9)
!45 = !DILocation(line: 30, column: 19, scope: !9)
!46 = !DILocation(line: 30, column: 32, scope: !9)
!47 = !DILocation(line: 31, column: 19, scope: !9)
!48 = !DILocation(line: 31, column: 25, scope: !9)
!49 = !DILocation(line: 32, column: 23, scope: !9)
!50 = !DILocation(line: 32, column: 19, scope: !9)
!51 = !DILocation(line: 32, column: 28, scope: !9)
!52 = !DILocation(line: 33, column: 19, scope: !9)
!53 = !DILocation(line: 33, column: 28, scope: !9)
!54 = !DILocation(line: 34, column: 24, scope: !9)
!55 = !DILocation(line: 34, column: 19, scope: !9)
!56 = !DILocation(line: 34, column: 31, scope: !9)
!57 = !DILocation(line: 81, column: 67, scope: !58, inlinedAt: !60)
!58 = distinct !DISubprogram(name: "__popc", scope: !59, file: !59, line: 81, type: !10, scopeLine: 81, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!59 = !DIFile(filename: "examples/kernels/clang_cuda_shim.h", directory: ".")
!60 = distinct !DILocation(line: 35, column: 18, scope: !9)
!61 = !{i32 0, i32 33}
!62 = !DILocation(line: 35, column: 29, scope: !9)
!63 = !DILocation(line: 82, column: 66, scope: !64, inlinedAt: !65)
!64 = distinct !DISubprogram(name: "__clz", scope: !59, file: !59, line: 82, type: !10, scopeLine: 82, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!65 = distinct !DILocation(line: 36, column: 18, scope: !9)
!66 = !DILocation(line: 36, column: 28, scope: !9)
!67 = !DILocation(line: 37, column: 27, scope: !9)
!68 = !DILocation(line: 37, column: 40, scope: !9)
!69 = !DILocation(line: 83, column: 72, scope: !70, inlinedAt: !71)
!70 = distinct !DISubprogram(name: "__brev", scope: !59, file: !59, line: 83, type: !10, scopeLine: 83, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!71 = distinct !DILocation(line: 38, column: 18, scope: !9)
!72 = !DILocation(line: 38, column: 29, scope: !9)
!73 = !DILocation(line: 39, column: 21, scope: !9)
!74 = !DILocation(line: 39, column: 18, scope: !9)
!75 = !DILocation(line: 39, column: 35, scope: !9)
!76 = !DILocation(line: 0, scope: !9)
!77 = !DILocation(line: 42, column: 5, scope: !9)
!78 = !DILocation(line: 42, column: 12, scope: !9)
!79 = !DILocation(line: 43, column: 1, scope: !9)
