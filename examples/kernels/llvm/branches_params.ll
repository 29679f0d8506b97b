; ModuleID = 'examples/kernels/branches_params.cu'
source_filename = "examples/kernels/branches_params.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @branches_params(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 !dbg !9 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2, !dbg !12
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #2, !dbg !16
  %7 = mul i32 %5, %6, !dbg !19
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #2, !dbg !20
  %9 = mul i32 %7, %8, !dbg !23
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2, !dbg !24
  %11 = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #2, !dbg !27
  %12 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2, !dbg !30
  %13 = icmp ugt i32 %2, 100, !dbg !33
  br i1 %13, label %14, label %16, !dbg !34

14:                                               ; preds = %4
  %15 = load i32, i32* %0, align 4, !dbg !35, !tbaa !36
  br label %16, !dbg !40

16:                                               ; preds = %14, %4
  %17 = phi i32 [ %15, %14 ], [ 0, %4 ], !dbg !41
  %18 = icmp slt i32 %3, 0, !dbg !42
  br i1 %18, label %19, label %23, !dbg !43

19:                                               ; preds = %16
  %20 = getelementptr inbounds i32, i32* %0, i64 1, !dbg !44
  %21 = load i32, i32* %20, align 4, !dbg !44, !tbaa !36
  %22 = or i32 %21, %17, !dbg !45
  br label %23, !dbg !46

23:                                               ; preds = %19, %16
  %24 = phi i32 [ %22, %19 ], [ %17, %16 ], !dbg !41
  %25 = icmp eq i32 %12, 0, !dbg !47
  br i1 %25, label %26, label %30, !dbg !48

26:                                               ; preds = %23
  %27 = getelementptr inbounds i32, i32* %0, i64 2, !dbg !49
  %28 = load i32, i32* %27, align 4, !dbg !49, !tbaa !36
  %29 = or i32 %28, %24, !dbg !50
  br label %30, !dbg !51

30:                                               ; preds = %26, %23
  %31 = phi i32 [ %29, %26 ], [ %24, %23 ], !dbg !41
  %32 = and i32 %12, 1, !dbg !52
  %33 = icmp eq i32 %32, 0, !dbg !53
  br i1 %33, label %38, label %34, !dbg !54

34:                                               ; preds = %30
  %35 = getelementptr inbounds i32, i32* %0, i64 3, !dbg !55
  %36 = load i32, i32* %35, align 4, !dbg !55, !tbaa !36
  %37 = or i32 %36, %31, !dbg !56
  br label %38, !dbg !57

38:                                               ; preds = %34, %30
  %39 = phi i32 [ %37, %34 ], [ %31, %30 ], !dbg !41
  %40 = icmp ugt i32 %10, %12, !dbg !58
  br i1 %40, label %41, label %45, !dbg !59

41:                                               ; preds = %38
  %42 = getelementptr inbounds i32, i32* %0, i64 4, !dbg !60
  %43 = load i32, i32* %42, align 4, !dbg !60, !tbaa !36
  %44 = or i32 %43, %39, !dbg !61
  br label %45, !dbg !62

45:                                               ; preds = %41, %38
  %46 = phi i32 [ %44, %41 ], [ %39, %38 ], !dbg !41
  %47 = icmp ugt i32 %11, 4, !dbg !63
  br i1 %47, label %48, label %52, !dbg !64

48:                                               ; preds = %45
  %49 = getelementptr inbounds i32, i32* %0, i64 5, !dbg !65
  %50 = load i32, i32* %49, align 4, !dbg !65, !tbaa !36
  %51 = or i32 %50, %46, !dbg !66
  br label %52, !dbg !67

52:                                               ; preds = %48, %45
  %53 = phi i32 [ %51, %48 ], [ %46, %45 ], !dbg !41
  %54 = icmp ugt i32 %9, 255, !dbg !68
  br i1 %54, label %55, label %59, !dbg !69

55:                                               ; preds = %52
  %56 = getelementptr inbounds i32, i32* %0, i64 6, !dbg !70
  %57 = load i32, i32* %56, align 4, !dbg !70, !tbaa !36
  %58 = or i32 %57, %53, !dbg !71
  br label %59, !dbg !72

59:                                               ; preds = %55, %52
  %60 = phi i32 [ %58, %55 ], [ %53, %52 ], !dbg !41
  %61 = xor i32 %12, %2, !dbg !73
  %62 = urem i32 %61, 3, !dbg !74
  %63 = icmp eq i32 %62, 0, !dbg !75
  br i1 %63, label %64, label %68, !dbg !76

64:                                               ; preds = %59
  %65 = getelementptr inbounds i32, i32* %0, i64 7, !dbg !77
  %66 = load i32, i32* %65, align 4, !dbg !77, !tbaa !36
  %67 = or i32 %66, %60, !dbg !78
  br label %68, !dbg !79

68:                                               ; preds = %64, %59
  %69 = phi i32 [ %67, %64 ], [ %60, %59 ], !dbg !41
  %70 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2, !dbg !80
  %71 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2, !dbg !83
  %72 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.z() #2, !dbg !86
  %73 = mul i32 %10, %11, !dbg !89
  %74 = add i32 %73, %12, !dbg !90
  %75 = mul i32 %72, %6, !dbg !91
  %76 = add i32 %75, %71, !dbg !92
  %77 = mul i32 %76, %5, !dbg !93
  %78 = add i32 %77, %70, !dbg !94
  %79 = mul i32 %74, %9, !dbg !95
  %80 = add i32 %78, %79, !dbg !96
  %81 = zext i32 %80 to i64, !dbg !97
  %82 = getelementptr inbounds i32, i32* %1, i64 %81, !dbg !97
  store i32 %69, i32* %82, align 4, !dbg !98, !tbaa !36
  ret void, !dbg !99
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/branches_params.cu", directory: ".")
!2 = !{void (i32*, i32*, i32, i32)* @branches_params, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "branches_params", scope: !1, file: !1, line: 13, type: !10, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 79, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 15, column: 27, scope: !9)
!16 = !DILocation(line: 80, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 80, type: !10, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 15, column: 40, scope: !9)
!19 = !DILocation(line: 15, column: 38, scope: !9)
!20 = !DILocation(line: 81, column: 3, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 81, type: !10, scopeLine: 81, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!22 = distinct !DILocation(line: 15, column: 53, scope: !9)
!23 = !DILocation(line: 15, column: 51, scope: !9)
!24 = !DILocation(line: 67, column: 3, scope: !25, inlinedAt: !26)
!25 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 67, type: !10, scopeLine: 67, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!26 = distinct !DILocation(line: 17, column: 22, scope: !9)
!27 = !DILocation(line: 92, column: 3, scope: !28, inlinedAt: !29)
!28 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 92, type: !10, scopeLine: 92, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!29 = distinct !DILocation(line: 17, column: 35, scope: !9)
!30 = !DILocation(line: 66, column: 3, scope: !31, inlinedAt: !32)
!31 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!32 = distinct !DILocation(line: 17, column: 47, scope: !9)
!33 = !DILocation(line: 20, column: 11, scope: !9)
!34 = !DILocation(line: 20, column: 9, scope: !9)
!35 = !DILocation(line: 21, column: 16, scope: !9)
!36 = !{!37, !37, i64 0}
!37 = !{!"int", !38, i64 0}
!38 = !{!"omnipotent char", !39, i64 0}
!39 = !{!"Simple C++ TBAA"}
!40 = !DILocation(line: 21, column: 9, scope: !9)
!41 = !DILocation(line: 0, scope: !9)
!42 = !DILocation(line: 22, column: 11, scope: !9)
!43 = !DILocation(line: 22, column: 9, scope: !9)
!44 = !DILocation(line: 23, column: 16, scope: !9)
!45 = !DILocation(line: 23, column: 13, scope: !9)
!46 = !DILocation(line: 23, column: 9, scope: !9)
!47 = !DILocation(line: 24, column: 20, scope: !9)
!48 = !DILocation(line: 24, column: 9, scope: !9)
!49 = !DILocation(line: 25, column: 16, scope: !9)
!50 = !DILocation(line: 25, column: 13, scope: !9)
!51 = !DILocation(line: 25, column: 9, scope: !9)
!52 = !DILocation(line: 26, column: 20, scope: !9)
!53 = !DILocation(line: 26, column: 25, scope: !9)
!54 = !DILocation(line: 26, column: 9, scope: !9)
!55 = !DILocation(line: 27, column: 16, scope: !9)
!56 = !DILocation(line: 27, column: 13, scope: !9)
!57 = !DILocation(line: 27, column: 9, scope: !9)
!58 = !DILocation(line: 28, column: 20, scope: !9)
!59 = !DILocation(line: 28, column: 9, scope: !9)
!60 = !DILocation(line: 29, column: 16, scope: !9)
!61 = !DILocation(line: 29, column: 13, scope: !9)
!62 = !DILocation(line: 29, column: 9, scope: !9)
!63 = !DILocation(line: 30, column: 19, scope: !9)
!64 = !DILocation(line: 30, column: 9, scope: !9)
!65 = !DILocation(line: 31, column: 16, scope: !9)
!66 = !DILocation(line: 31, column: 13, scope: !9)
!67 = !DILocation(line: 31, column: 9, scope: !9)
!68 = !DILocation(line: 32, column: 20, scope: !9)
!69 = !DILocation(line: 32, column: 9, scope: !9)
!70 = !DILocation(line: 33, column: 16, scope: !9)
!71 = !DILocation(line: 33, column: 13, scope: !9)
!72 = !DILocation(line: 33, column: 9, scope: !9)
!73 = !DILocation(line: 34, column: 12, scope: !9)
!74 = !DILocation(line: 34, column: 26, scope: !9)
!75 = !DILocation(line: 34, column: 31, scope: !9)
!76 = !DILocation(line: 34, column: 9, scope: !9)
!77 = !DILocation(line: 35, column: 16, scope: !9)
!78 = !DILocation(line: 35, column: 13, scope: !9)
!79 = !DILocation(line: 35, column: 9, scope: !9)
!80 = !DILocation(line: 53, column: 3, scope: !81, inlinedAt: !82)
!81 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!82 = distinct !DILocation(line: 16, column: 79, scope: !9)
!83 = !DILocation(line: 54, column: 3, scope: !84, inlinedAt: !85)
!84 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 54, type: !10, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!85 = distinct !DILocation(line: 16, column: 51, scope: !9)
!86 = !DILocation(line: 55, column: 3, scope: !87, inlinedAt: !88)
!87 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 55, type: !10, scopeLine: 55, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!88 = distinct !DILocation(line: 16, column: 24, scope: !9)
!89 = !DILocation(line: 17, column: 33, scope: !9)
!90 = !DILocation(line: 17, column: 45, scope: !9)
!91 = !DILocation(line: 16, column: 36, scope: !9)
!92 = !DILocation(line: 16, column: 49, scope: !9)
!93 = !DILocation(line: 16, column: 64, scope: !9)
!94 = !DILocation(line: 16, column: 77, scope: !9)
!95 = !DILocation(line: 37, column: 15, scope: !9)
!96 = !DILocation(line: 37, column: 28, scope: !9)
!97 = !DILocation(line: 37, column: 5, scope: !9)
!98 = !DILocation(line: 37, column: 38, scope: !9)
!99 = !DILocation(line: 38, column: 1, scope: !9)
