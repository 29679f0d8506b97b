; ModuleID = 'examples/kernels/branches_float.cu'
source_filename = "examples/kernels/branches_float.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @branches_float(i32* nocapture noundef readonly %0, float* noalias nocapture noundef readonly %1, float* nocapture noundef readnone %2, float noundef %3, i32* nocapture noundef writeonly %4) local_unnamed_addr #0 !dbg !9 {
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.z() #2, !dbg !12
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #2, !dbg !16
  %8 = mul i32 %6, %7, !dbg !19
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2, !dbg !20
  %10 = add i32 %8, %9, !dbg !23
  %11 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2, !dbg !24
  %12 = mul i32 %10, %11, !dbg !27
  %13 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2, !dbg !28
  %14 = add i32 %12, %13, !dbg !31
  %15 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2, !dbg !32
  %16 = mul i32 %11, %7, !dbg !35
  %17 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #2, !dbg !36
  %18 = mul i32 %16, %17, !dbg !39
  %19 = mul i32 %18, %15, !dbg !40
  %20 = add i32 %14, %19, !dbg !41
  %21 = lshr i32 %13, 5, !dbg !42
  %22 = uitofp i32 %21 to float, !dbg !43
  %23 = fmul contract float %22, 2.500000e-01, !dbg !44
  %24 = fcmp contract olt float %23, 5.000000e-01, !dbg !45
  br i1 %24, label %25, label %27, !dbg !46

25:                                               ; preds = %5
  %26 = load i32, i32* %0, align 4, !dbg !47, !tbaa !48
  br label %27, !dbg !52

27:                                               ; preds = %25, %5
  %28 = phi i32 [ %26, %25 ], [ 0, %5 ], !dbg !53
  %29 = uitofp i32 %15 to float, !dbg !54
  %30 = fmul contract float %29, %3, !dbg !55
  %31 = fcmp contract ogt float %30, 1.000000e+02, !dbg !56
  br i1 %31, label %32, label %36, !dbg !57

32:                                               ; preds = %27
  %33 = getelementptr inbounds i32, i32* %0, i64 1, !dbg !58
  %34 = load i32, i32* %33, align 4, !dbg !58, !tbaa !48
  %35 = or i32 %34, %28, !dbg !59
  br label %36, !dbg !60

36:                                               ; preds = %32, %27
  %37 = phi i32 [ %35, %32 ], [ %28, %27 ], !dbg !53
  %38 = zext i32 %20 to i64, !dbg !61
  %39 = getelementptr inbounds float, float* %1, i64 %38, !dbg !61
  %40 = load float, float* %39, align 4, !dbg !61, !tbaa !62
  %41 = fadd contract float %40, %3, !dbg !64
  %42 = fcmp contract ogt float %41, 2.000000e+00, !dbg !65
  br i1 %42, label %43, label %47, !dbg !66

43:                                               ; preds = %36
  %44 = getelementptr inbounds i32, i32* %0, i64 2, !dbg !67
  %45 = load i32, i32* %44, align 4, !dbg !67, !tbaa !48
  %46 = or i32 %45, %37, !dbg !68
  br label %47, !dbg !69

47:                                               ; preds = %43, %36
  %48 = phi i32 [ %46, %43 ], [ %37, %36 ], !dbg !53
  %49 = uitofp i32 %13 to double, !dbg !70
  %50 = fmul contract double %49, 5.000000e-01, !dbg !71
  %51 = fcmp contract ult double %50, 3.000000e+00, !dbg !72
  br i1 %51, label %56, label %52, !dbg !73

52:                                               ; preds = %47
  %53 = getelementptr inbounds i32, i32* %0, i64 3, !dbg !74
  %54 = load i32, i32* %53, align 4, !dbg !74, !tbaa !48
  %55 = or i32 %54, %48, !dbg !75
  br label %56, !dbg !76

56:                                               ; preds = %52, %47
  %57 = phi i32 [ %55, %52 ], [ %48, %47 ], !dbg !53
  %58 = uitofp i32 %14 to float, !dbg !77
  %59 = fmul contract float %58, 0.000000e+00, !dbg !78
  %60 = fptosi float %59 to i32, !dbg !79
  %61 = icmp eq i32 %60, 0, !dbg !80
  br i1 %61, label %66, label %62, !dbg !81

62:                                               ; preds = %56
  %63 = getelementptr inbounds i32, i32* %0, i64 4, !dbg !82
  %64 = load i32, i32* %63, align 4, !dbg !82, !tbaa !48
  %65 = or i32 %64, %57, !dbg !83
  br label %66, !dbg !84

66:                                               ; preds = %62, %56
  %67 = phi i32 [ %65, %62 ], [ %57, %56 ], !dbg !53
  %68 = getelementptr inbounds i32, i32* %4, i64 %38, !dbg !85
  store i32 %67, i32* %68, align 4, !dbg !86, !tbaa !48
  ret void, !dbg !87
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/branches_float.cu", directory: ".")
!2 = !{void (i32*, float*, float*, float, i32*)* @branches_float, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "branches_float", scope: !1, file: !1, line: 14, type: !10, scopeLine: 16, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 55, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 55, type: !10, scopeLine: 55, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 17, column: 24, scope: !9)
!16 = !DILocation(line: 80, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 80, type: !10, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 17, column: 38, scope: !9)
!19 = !DILocation(line: 17, column: 36, scope: !9)
!20 = !DILocation(line: 54, column: 3, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 54, type: !10, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!22 = distinct !DILocation(line: 17, column: 51, scope: !9)
!23 = !DILocation(line: 17, column: 49, scope: !9)
!24 = !DILocation(line: 79, column: 3, scope: !25, inlinedAt: !26)
!25 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!26 = distinct !DILocation(line: 17, column: 66, scope: !9)
!27 = !DILocation(line: 17, column: 64, scope: !9)
!28 = !DILocation(line: 53, column: 3, scope: !29, inlinedAt: !30)
!29 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!30 = distinct !DILocation(line: 17, column: 79, scope: !9)
!31 = !DILocation(line: 17, column: 77, scope: !9)
!32 = !DILocation(line: 66, column: 3, scope: !33, inlinedAt: !34)
!33 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!34 = distinct !DILocation(line: 18, column: 18, scope: !9)
!35 = !DILocation(line: 18, column: 43, scope: !9)
!36 = !DILocation(line: 81, column: 3, scope: !37, inlinedAt: !38)
!37 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 81, type: !10, scopeLine: 81, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!38 = distinct !DILocation(line: 18, column: 58, scope: !9)
!39 = !DILocation(line: 18, column: 56, scope: !9)
!40 = !DILocation(line: 18, column: 29, scope: !9)
!41 = !DILocation(line: 18, column: 70, scope: !9)
!42 = !DILocation(line: 21, column: 29, scope: !9)
!43 = !DILocation(line: 21, column: 16, scope: !9)
!44 = !DILocation(line: 21, column: 35, scope: !9)
!45 = !DILocation(line: 21, column: 43, scope: !9)
!46 = !DILocation(line: 21, column: 9, scope: !9)
!47 = !DILocation(line: 22, column: 16, scope: !9)
!48 = !{!49, !49, i64 0}
!49 = !{!"int", !50, i64 0}
!50 = !{!"omnipotent char", !51, i64 0}
!51 = !{!"Simple C++ TBAA"}
!52 = !DILocation(line: 22, column: 9, scope: !9)
!53 = !DILocation(line: 0, scope: !9)
!54 = !DILocation(line: 24, column: 16, scope: !9)
!55 = !DILocation(line: 24, column: 27, scope: !9)
!56 = !DILocation(line: 24, column: 35, scope: !9)
!57 = !DILocation(line: 24, column: 9, scope: !9)
!58 = !DILocation(line: 25, column: 16, scope: !9)
!59 = !DILocation(line: 25, column: 13, scope: !9)
!60 = !DILocation(line: 25, column: 9, scope: !9)
!61 = !DILocation(line: 27, column: 15, scope: !9)
!62 = !{!63, !63, i64 0}
!63 = !{!"float", !50, i64 0}
!64 = !DILocation(line: 28, column: 11, scope: !9)
!65 = !DILocation(line: 28, column: 19, scope: !9)
!66 = !DILocation(line: 28, column: 9, scope: !9)
!67 = !DILocation(line: 29, column: 16, scope: !9)
!68 = !DILocation(line: 29, column: 13, scope: !9)
!69 = !DILocation(line: 29, column: 9, scope: !9)
!70 = !DILocation(line: 31, column: 17, scope: !9)
!71 = !DILocation(line: 31, column: 29, scope: !9)
!72 = !DILocation(line: 31, column: 35, scope: !9)
!73 = !DILocation(line: 31, column: 9, scope: !9)
!74 = !DILocation(line: 32, column: 16, scope: !9)
!75 = !DILocation(line: 32, column: 13, scope: !9)
!76 = !DILocation(line: 32, column: 9, scope: !9)
!77 = !DILocation(line: 34, column: 22, scope: !9)
!78 = !DILocation(line: 34, column: 29, scope: !9)
!79 = !DILocation(line: 34, column: 14, scope: !9)
!80 = !DILocation(line: 34, column: 37, scope: !9)
!81 = !DILocation(line: 34, column: 9, scope: !9)
!82 = !DILocation(line: 35, column: 16, scope: !9)
!83 = !DILocation(line: 35, column: 13, scope: !9)
!84 = !DILocation(line: 35, column: 9, scope: !9)
!85 = !DILocation(line: 37, column: 5, scope: !9)
!86 = !DILocation(line: 37, column: 12, scope: !9)
!87 = !DILocation(line: 38, column: 1, scope: !9)
