; ModuleID = 'examples/kernels/switch_dense.cu'
source_filename = "examples/kernels/switch_dense.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind
define dso_local void @switch_dense(i32* nocapture noundef readonly %0, i32 noundef %1, i32* nocapture noundef readonly %2, i32* nocapture noundef writeonly %3, i32 noundef %4) local_unnamed_addr #0 !dbg !9 {
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4, !dbg !12
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4, !dbg !16
  %8 = mul i32 %6, %7, !dbg !19
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4, !dbg !20
  %10 = add i32 %8, %9, !dbg !23
  %11 = icmp ult i32 %10, %4, !dbg !24
  br i1 %11, label %12, label %64, !dbg !25

12:                                               ; preds = %5
  %13 = zext i32 %10 to i64, !dbg !26
  %14 = getelementptr inbounds i32, i32* %2, i64 %13, !dbg !26
  %15 = load i32, i32* %14, align 4, !dbg !26, !tbaa !27
  %16 = icmp eq i32 %1, 0, !dbg !31
  br i1 %16, label %17, label %20, !dbg !32

17:                                               ; preds = %59, %12
  %18 = phi i32 [ %15, %12 ], [ %61, %59 ], !dbg !33
  %19 = getelementptr inbounds i32, i32* %3, i64 %13, !dbg !34
  store i32 %18, i32* %19, align 4, !dbg !35, !tbaa !27
  br label %64, !dbg !36

20:                                               ; preds = %12, %59
  %21 = phi i32 [ %62, %59 ], [ 0, %12 ]
  %22 = phi i32 [ %61, %59 ], [ %15, %12 ]
  %23 = phi i32 [ %60, %59 ], [ %15, %12 ]
  %24 = zext i32 %21 to i64, !dbg !37
  %25 = getelementptr inbounds i32, i32* %0, i64 %24, !dbg !37
  %26 = load i32, i32* %25, align 4, !dbg !37, !tbaa !27
  %27 = and i32 %26, 15, !dbg !38
  switch i32 %27, label %58 [
    i32 0, label %28
    i32 1, label %30
    i32 2, label %32
    i32 3, label %34
    i32 4, label %36
    i32 5, label %38
    i32 6, label %40
    i32 7, label %42
    i32 8, label %44
    i32 9, label %46
    i32 10, label %48
    i32 11, label %50
    i32 12, label %52
    i32 13, label %59
    i32 14, label %54
    i32 15, label %57
  ], !dbg !39

28:                                               ; preds = %20
  %29 = add i32 %22, %23, !dbg !40
  br label %59, !dbg !41

30:                                               ; preds = %20
  %31 = sub i32 %22, %23, !dbg !42
  br label %59, !dbg !43

32:                                               ; preds = %20
  %33 = mul i32 %22, 3, !dbg !44
  br label %59, !dbg !45

34:                                               ; preds = %20
  %35 = xor i32 %22, %23, !dbg !46
  br label %59, !dbg !47

36:                                               ; preds = %20
  %37 = xor i32 %22, -1, !dbg !48
  br label %59, !dbg !49

38:                                               ; preds = %20
  %39 = shl i32 %22, 1, !dbg !50
  br label %59, !dbg !51

40:                                               ; preds = %20
  %41 = lshr i32 %22, 1, !dbg !52
  br label %59, !dbg !53

42:                                               ; preds = %20
  %43 = add i32 %22, 12345, !dbg !54
  br label %59, !dbg !55

44:                                               ; preds = %20
  %45 = or i32 %22, %23, !dbg !56
  br label %59, !dbg !57

46:                                               ; preds = %20
  %47 = and i32 %22, %23, !dbg !58
  br label %59, !dbg !59

48:                                               ; preds = %20
  %49 = tail call i32 @llvm.ctpop.i32(i32 %22) #4, !dbg !60, !range !64
  br label %59, !dbg !65

50:                                               ; preds = %20
  %51 = mul i32 %22, %22, !dbg !66
  br label %59, !dbg !67

52:                                               ; preds = %20
  %53 = tail call i32 @llvm.fshl.i32(i32 %22, i32 %22, i32 8), !dbg !68
  br label %59, !dbg !69

54:                                               ; preds = %20
  %55 = icmp ugt i32 %22, %23, !dbg !70
  %56 = select i1 %55, i32 %22, i32 %23, !dbg !71
  br label %59, !dbg !72

57:                                               ; preds = %20
  br label %59, !dbg !73

58:                                               ; preds = %20
  unreachable

59:                                               ; preds = %20, %28, %30, %32, %34, %36, %38, %40, %42, %44, %46, %48, %50, %52, %54, %57
  %60 = phi i32 [ %23, %57 ], [ %23, %54 ], [ %23, %52 ], [ %23, %50 ], [ %23, %48 ], [ %23, %46 ], [ %23, %44 ], [ %23, %42 ], [ %23, %40 ], [ %23, %38 ], [ %23, %36 ], [ %23, %34 ], [ %23, %32 ], [ %23, %30 ], [ %23, %28 ], [ %22, %20 ], !dbg !33
  %61 = phi i32 [ 0, %57 ], [ %56, %54 ], [ %53, %52 ], [ %51, %50 ], [ %49, %48 ], [ %47, %46 ], [ %45, %44 ], [ %43, %42 ], [ %41, %40 ], [ %39, %38 ], [ %37, %36 ], [ %35, %34 ], [ %33, %32 ], [ %31, %30 ], [ %29, %28 ], [ %22, %20 ], !dbg !33
  %62 = add nuw i32 %21, 1, !dbg !74
  %63 = icmp eq i32 %62, %1, !dbg !31
  br i1 %63, label %17, label %20, !dbg !32, !llvm.loop !75

64:                                               ; preds = %5, %17
  ret void, !dbg !36
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.ctpop.i32(i32) #2

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.fshl.i32(i32, i32, i32) #3

attributes #0 = { mustprogress nofree norecurse nosync nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
attributes #3 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #4 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/switch_dense.cu", directory: ".")
!2 = !{void (i32*, i32, i32*, i32*, i32)* @switch_dense, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "switch_dense", scope: !1, file: !1, line: 21, type: !10, scopeLine: 23, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 66, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 24, column: 18, scope: !9)
!16 = !DILocation(line: 79, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 24, column: 31, scope: !9)
!19 = !DILocation(line: 24, column: 29, scope: !9)
!20 = !DILocation(line: 53, column: 3, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!22 = distinct !DILocation(line: 24, column: 44, scope: !9)
!23 = !DILocation(line: 24, column: 42, scope: !9)
!24 = !DILocation(line: 25, column: 11, scope: !9)
!25 = !DILocation(line: 25, column: 9, scope: !9)
!26 = !DILocation(line: 28, column: 18, scope: !9)
!27 = !{!28, !28, i64 0}
!28 = !{!"int", !29, i64 0}
!29 = !{!"omnipotent char", !30, i64 0}
!30 = !{!"Simple C++ TBAA"}
!31 = !DILocation(line: 30, column: 30, scope: !9)
!32 = !DILocation(line: 30, column: 5, scope: !9)
!33 = !DILocation(line: 0, scope: !9)
!34 = !DILocation(line: 50, column: 5, scope: !9)
!35 = !DILocation(line: 50, column: 12, scope: !9)
!36 = !DILocation(line: 51, column: 1, scope: !9)
!37 = !DILocation(line: 31, column: 17, scope: !9)
!38 = !DILocation(line: 31, column: 26, scope: !9)
!39 = !DILocation(line: 31, column: 9, scope: !9)
!40 = !DILocation(line: 32, column: 21, scope: !9)
!41 = !DILocation(line: 32, column: 27, scope: !9)
!42 = !DILocation(line: 33, column: 21, scope: !9)
!43 = !DILocation(line: 33, column: 27, scope: !9)
!44 = !DILocation(line: 34, column: 21, scope: !9)
!45 = !DILocation(line: 34, column: 28, scope: !9)
!46 = !DILocation(line: 35, column: 21, scope: !9)
!47 = !DILocation(line: 35, column: 27, scope: !9)
!48 = !DILocation(line: 36, column: 23, scope: !9)
!49 = !DILocation(line: 36, column: 29, scope: !9)
!50 = !DILocation(line: 37, column: 21, scope: !9)
!51 = !DILocation(line: 37, column: 28, scope: !9)
!52 = !DILocation(line: 38, column: 21, scope: !9)
!53 = !DILocation(line: 38, column: 28, scope: !9)
!54 = !DILocation(line: 39, column: 21, scope: !9)
!55 = !DILocation(line: 39, column: 32, scope: !9)
!56 = !DILocation(line: 40, column: 21, scope: !9)
!57 = !DILocation(line: 40, column: 27, scope: !9)
!58 = !DILocation(line: 41, column: 21, scope: !9)
!59 = !DILocation(line: 41, column: 27, scope: !9)
!60 = !DILocation(line: 81, column: 67, scope: !61, inlinedAt: !63)
!61 = distinct !DISubprogram(name: "__popc", scope: !62, file: !62, line: 81, type: !10, scopeLine: 81, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!62 = !DIFile(filename: "examples/kernels/clang_cuda_shim.h", directory: ".")
!63 = distinct !DILocation(line: 42, column: 24, scope: !9)
!64 = !{i32 0, i32 33}
!65 = !DILocation(line: 42, column: 37, scope: !9)
!66 = !DILocation(line: 43, column: 28, scope: !9)
!67 = !DILocation(line: 43, column: 35, scope: !9)
!68 = !DILocation(line: 44, column: 35, scope: !9)
!69 = !DILocation(line: 44, column: 50, scope: !9)
!70 = !DILocation(line: 46, column: 29, scope: !9)
!71 = !DILocation(line: 46, column: 24, scope: !9)
!72 = !DILocation(line: 46, column: 45, scope: !9)
!73 = !DILocation(line: 47, column: 27, scope: !9)
!74 = !DILocation(line: 30, column: 37, scope: !9)
!75 = distinct !{!75, !32, !76, !77}
!76 = !DILocation(line: 49, column: 5, scope: !9)
!77 = !{!"llvm.loop.mustprogress"}
