; ModuleID = 'examples/kernels/branches_histogram.cu'
source_filename = "examples/kernels/branches_histogram.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.float4 = type { float, float, float, float }
%struct.Levels = type { float, float, float, i32 }
%struct.Histogram = type { i32* }

; Function Attrs: mustprogress nofree norecurse nounwind willreturn
define dso_local void @branches_histogram(i32* nocapture noundef readonly %0, %struct.float4* noalias nocapture noundef readonly %1, %struct.Levels* nocapture noundef readonly byval(%struct.Levels) align 4 %2, %struct.Histogram* nocapture noundef readonly byval(%struct.Histogram) align 8 %3, i32 noundef %4, i32* nocapture noundef writeonly %5) local_unnamed_addr #0 !dbg !9 {
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2, !dbg !12
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2, !dbg !16
  %9 = mul i32 %7, %8, !dbg !19
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2, !dbg !20
  %11 = add i32 %9, %10, !dbg !23
  %12 = getelementptr inbounds %struct.float4, %struct.float4* %1, i64 7, i32 2, !dbg !24
  %13 = load float, float* %12, align 8, !dbg !24, !tbaa.struct !25
  %14 = fcmp contract ogt float %13, 5.000000e-01, !dbg !30
  br i1 %14, label %15, label %17, !dbg !31

15:                                               ; preds = %6
  %16 = load i32, i32* %0, align 4, !dbg !32, !tbaa !33
  br label %17, !dbg !35

17:                                               ; preds = %15, %6
  %18 = phi i32 [ %16, %15 ], [ 0, %6 ], !dbg !36
  %19 = getelementptr inbounds %struct.Levels, %struct.Levels* %2, i64 0, i32 2, !dbg !37
  %20 = load float, float* %19, align 4, !dbg !37, !tbaa !38
  %21 = fcmp contract ogt float %20, 1.000000e+00, !dbg !40
  br i1 %21, label %22, label %26, !dbg !41

22:                                               ; preds = %17
  %23 = getelementptr inbounds i32, i32* %0, i64 1, !dbg !42
  %24 = load i32, i32* %23, align 4, !dbg !42, !tbaa !33
  %25 = or i32 %24, %18, !dbg !43
  br label %26, !dbg !44

26:                                               ; preds = %22, %17
  %27 = phi i32 [ %25, %22 ], [ %18, %17 ], !dbg !36
  %28 = icmp ult i32 %11, %4, !dbg !45
  %29 = zext i32 %11 to i64, !dbg !36
  br i1 %28, label %30, label %66, !dbg !46

30:                                               ; preds = %26
  %31 = getelementptr inbounds %struct.float4, %struct.float4* %1, i64 %29, i32 0, !dbg !47
  %32 = load float, float* %31, align 16, !dbg !47, !tbaa.struct !48
  %33 = getelementptr inbounds %struct.float4, %struct.float4* %1, i64 %29, i32 1, !dbg !47
  %34 = load float, float* %33, align 4, !dbg !47, !tbaa.struct !49
  %35 = getelementptr inbounds %struct.Levels, %struct.Levels* %2, i64 0, i32 0, !dbg !50
  %36 = load float, float* %35, align 4, !dbg !50, !tbaa !51
  %37 = fcmp contract olt float %32, %36, !dbg !52
  br i1 %37, label %38, label %42, !dbg !53

38:                                               ; preds = %30
  %39 = getelementptr inbounds i32, i32* %0, i64 2, !dbg !54
  %40 = load i32, i32* %39, align 4, !dbg !54, !tbaa !33
  %41 = or i32 %40, %27, !dbg !55
  br label %42, !dbg !56

42:                                               ; preds = %38, %30
  %43 = phi i32 [ %41, %38 ], [ %27, %30 ], !dbg !36
  %44 = fsub contract float %32, %36, !dbg !57
  %45 = fmul contract float %20, %44, !dbg !58
  %46 = fptosi float %45 to i32, !dbg !59
  %47 = fsub contract float %34, %36, !dbg !60
  %48 = fmul contract float %20, %47, !dbg !61
  %49 = fptosi float %48 to i32, !dbg !62
  %50 = icmp eq i32 %46, %49, !dbg !63
  br i1 %50, label %51, label %55, !dbg !64

51:                                               ; preds = %42
  %52 = getelementptr inbounds i32, i32* %0, i64 3, !dbg !65
  %53 = load i32, i32* %52, align 4, !dbg !65, !tbaa !33
  %54 = or i32 %53, %43, !dbg !66
  br label %55, !dbg !67

55:                                               ; preds = %51, %42
  %56 = phi i32 [ %54, %51 ], [ %43, %42 ], !dbg !36
  %57 = getelementptr inbounds %struct.Levels, %struct.Levels* %2, i64 0, i32 3, !dbg !68
  %58 = load i32, i32* %57, align 4, !dbg !68, !tbaa !69
  %59 = icmp ugt i32 %58, %46, !dbg !70
  br i1 %59, label %60, label %66, !dbg !71

60:                                               ; preds = %55
  %61 = sext i32 %46 to i64, !dbg !72
  %62 = getelementptr inbounds %struct.Histogram, %struct.Histogram* %3, i64 0, i32 0, !dbg !73
  %63 = load i32*, i32** %62, align 8, !dbg !73, !tbaa !74
  %64 = getelementptr inbounds i32, i32* %63, i64 %61, !dbg !72
  %65 = atomicrmw add i32* %64, i32 1 seq_cst, align 4, !dbg !77
  br label %66, !dbg !81

66:                                               ; preds = %26, %55, %60
  %67 = phi i32 [ %56, %55 ], [ %56, %60 ], [ %27, %26 ], !dbg !36
  %68 = getelementptr inbounds i32, i32* %5, i64 %29, !dbg !82
  store i32 %67, i32* %68, align 4, !dbg !83, !tbaa !33
  ret void, !dbg !84
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { mustprogress nofree norecurse nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/branches_histogram.cu", directory: ".")
!2 = !{void (i32*, %struct.float4*, %struct.Levels*, %struct.Histogram*, i32, i32*)* @branches_histogram, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "branches_histogram", scope: !1, file: !1, line: 26, type: !10, scopeLine: 28, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 66, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 29, column: 18, scope: !9)
!16 = !DILocation(line: 79, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 29, column: 31, scope: !9)
!19 = !DILocation(line: 29, column: 29, scope: !9)
!20 = !DILocation(line: 53, column: 3, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!22 = distinct !DILocation(line: 29, column: 44, scope: !9)
!23 = !DILocation(line: 29, column: 42, scope: !9)
!24 = !DILocation(line: 32, column: 20, scope: !9)
!25 = !{i64 0, i64 4, !26, i64 4, i64 4, !26}
!26 = !{!27, !27, i64 0}
!27 = !{!"float", !28, i64 0}
!28 = !{!"omnipotent char", !29, i64 0}
!29 = !{!"Simple C++ TBAA"}
!30 = !DILocation(line: 33, column: 17, scope: !9)
!31 = !DILocation(line: 33, column: 9, scope: !9)
!32 = !DILocation(line: 34, column: 16, scope: !9)
!33 = !{!34, !34, i64 0}
!34 = !{!"int", !28, i64 0}
!35 = !DILocation(line: 34, column: 9, scope: !9)
!36 = !DILocation(line: 0, scope: !9)
!37 = !DILocation(line: 36, column: 12, scope: !9)
!38 = !{!39, !27, i64 8}
!39 = !{!"_ZTS6Levels", !27, i64 0, !27, i64 4, !27, i64 8, !34, i64 12}
!40 = !DILocation(line: 36, column: 18, scope: !9)
!41 = !DILocation(line: 36, column: 9, scope: !9)
!42 = !DILocation(line: 37, column: 16, scope: !9)
!43 = !DILocation(line: 37, column: 13, scope: !9)
!44 = !DILocation(line: 37, column: 9, scope: !9)
!45 = !DILocation(line: 39, column: 11, scope: !9)
!46 = !DILocation(line: 39, column: 9, scope: !9)
!47 = !DILocation(line: 40, column: 20, scope: !9)
!48 = !{i64 0, i64 4, !26, i64 4, i64 4, !26, i64 8, i64 4, !26, i64 12, i64 4, !26}
!49 = !{i64 0, i64 4, !26, i64 4, i64 4, !26, i64 8, i64 4, !26}
!50 = !DILocation(line: 41, column: 22, scope: !9)
!51 = !{!39, !27, i64 0}
!52 = !DILocation(line: 41, column: 17, scope: !9)
!53 = !DILocation(line: 41, column: 13, scope: !9)
!54 = !DILocation(line: 42, column: 20, scope: !9)
!55 = !DILocation(line: 42, column: 17, scope: !9)
!56 = !DILocation(line: 42, column: 13, scope: !9)
!57 = !DILocation(line: 43, column: 28, scope: !9)
!58 = !DILocation(line: 43, column: 37, scope: !9)
!59 = !DILocation(line: 43, column: 22, scope: !9)
!60 = !DILocation(line: 44, column: 28, scope: !9)
!61 = !DILocation(line: 44, column: 37, scope: !9)
!62 = !DILocation(line: 44, column: 22, scope: !9)
!63 = !DILocation(line: 45, column: 15, scope: !9)
!64 = !DILocation(line: 45, column: 13, scope: !9)
!65 = !DILocation(line: 46, column: 20, scope: !9)
!66 = !DILocation(line: 46, column: 17, scope: !9)
!67 = !DILocation(line: 46, column: 13, scope: !9)
!68 = !DILocation(line: 47, column: 40, scope: !9)
!69 = !{!39, !34, i64 12}
!70 = !DILocation(line: 47, column: 25, scope: !9)
!71 = !DILocation(line: 47, column: 13, scope: !9)
!72 = !DILocation(line: 48, column: 24, scope: !9)
!73 = !DILocation(line: 48, column: 29, scope: !9)
!74 = !{!75, !76, i64 0}
!75 = !{!"_ZTS9Histogram", !76, i64 0}
!76 = !{!"any pointer", !28, i64 0}
!77 = !DILocation(line: 93, column: 12, scope: !78, inlinedAt: !80)
!78 = distinct !DISubprogram(name: "atomicAdd", scope: !79, file: !79, line: 91, type: !10, scopeLine: 92, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!79 = !DIFile(filename: "examples/kernels/clang_cuda_shim.h", directory: ".")
!80 = distinct !DILocation(line: 48, column: 13, scope: !9)
!81 = !DILocation(line: 48, column: 13, scope: !9)
!82 = !DILocation(line: 50, column: 5, scope: !9)
!83 = !DILocation(line: 50, column: 12, scope: !9)
!84 = !DILocation(line: 51, column: 1, scope: !9)
