; ModuleID = 'examples/kernels/branches_thread_bound.cu'
source_filename = "examples/kernels/branches_thread_bound.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @branches_thread_bound(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 !dbg !9 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #2, !dbg !12
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #2, !dbg !16
  %7 = mul i32 %5, %6, !dbg !19
  %8 = icmp eq i32 %7, 1, !dbg !20
  br i1 %8, label %9, label %83, !dbg !21

9:                                                ; preds = %4
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2, !dbg !22
  %11 = icmp ult i32 %10, 64, !dbg !25
  br i1 %11, label %12, label %14, !dbg !26

12:                                               ; preds = %9
  %13 = load i32, i32* %0, align 4, !dbg !27, !tbaa !28
  br label %14, !dbg !32

14:                                               ; preds = %12, %9
  %15 = phi i32 [ %13, %12 ], [ 0, %9 ], !dbg !33
  %16 = icmp ult i32 %10, 40, !dbg !34
  br i1 %16, label %17, label %21, !dbg !35

17:                                               ; preds = %14
  %18 = getelementptr inbounds i32, i32* %0, i64 1, !dbg !36
  %19 = load i32, i32* %18, align 4, !dbg !36, !tbaa !28
  %20 = or i32 %19, %15, !dbg !37
  br label %21, !dbg !38

21:                                               ; preds = %17, %14
  %22 = phi i32 [ %20, %17 ], [ %15, %14 ], !dbg !33
  %23 = icmp ult i32 %10, %2, !dbg !39
  br i1 %23, label %24, label %28, !dbg !40

24:                                               ; preds = %21
  %25 = getelementptr inbounds i32, i32* %0, i64 2, !dbg !41
  %26 = load i32, i32* %25, align 4, !dbg !41, !tbaa !28
  %27 = or i32 %26, %22, !dbg !42
  br label %28, !dbg !43

28:                                               ; preds = %24, %21
  %29 = phi i32 [ %27, %24 ], [ %22, %21 ], !dbg !33
  %30 = shl i32 %3, 5, !dbg !44
  %31 = icmp ult i32 %10, %30, !dbg !45
  br i1 %31, label %32, label %36, !dbg !46

32:                                               ; preds = %28
  %33 = getelementptr inbounds i32, i32* %0, i64 3, !dbg !47
  %34 = load i32, i32* %33, align 4, !dbg !47, !tbaa !28
  %35 = or i32 %34, %29, !dbg !48
  br label %36, !dbg !49

36:                                               ; preds = %32, %28
  %37 = phi i32 [ %35, %32 ], [ %29, %28 ], !dbg !33
  %38 = and i32 %2, -32, !dbg !50
  %39 = icmp ult i32 %10, %38, !dbg !51
  br i1 %39, label %40, label %44, !dbg !52

40:                                               ; preds = %36
  %41 = getelementptr inbounds i32, i32* %0, i64 4, !dbg !53
  %42 = load i32, i32* %41, align 4, !dbg !53, !tbaa !28
  %43 = or i32 %42, %37, !dbg !54
  br label %44, !dbg !55

44:                                               ; preds = %40, %36
  %45 = phi i32 [ %43, %40 ], [ %37, %36 ], !dbg !33
  %46 = icmp ugt i32 %10, 4095, !dbg !56
  br i1 %46, label %47, label %58, !dbg !57

47:                                               ; preds = %44
  %48 = getelementptr inbounds i32, i32* %0, i64 5, !dbg !58
  %49 = load i32, i32* %48, align 4, !dbg !58, !tbaa !28
  %50 = or i32 %49, %45, !dbg !59
  %51 = getelementptr inbounds i32, i32* %0, i64 6, !dbg !60
  %52 = load i32, i32* %51, align 4, !dbg !60, !tbaa !28
  %53 = icmp ugt i32 %52, 7, !dbg !61
  br i1 %53, label %54, label %58, !dbg !60

54:                                               ; preds = %47
  %55 = getelementptr inbounds i32, i32* %0, i64 7, !dbg !62
  %56 = load i32, i32* %55, align 4, !dbg !62, !tbaa !28
  %57 = or i32 %56, %50, !dbg !63
  br label %58, !dbg !64

58:                                               ; preds = %47, %54, %44
  %59 = phi i32 [ %57, %54 ], [ %50, %47 ], [ %45, %44 ], !dbg !33
  %60 = add i32 %10, %2, !dbg !65
  %61 = mul i32 %60, %60, !dbg !66
  %62 = and i32 %61, 7, !dbg !67
  %63 = icmp eq i32 %62, 5, !dbg !68
  br i1 %63, label %64, label %75, !dbg !69

64:                                               ; preds = %58
  %65 = getelementptr inbounds i32, i32* %0, i64 8, !dbg !70
  %66 = load i32, i32* %65, align 4, !dbg !70, !tbaa !28
  %67 = or i32 %66, %59, !dbg !71
  %68 = getelementptr inbounds i32, i32* %0, i64 9, !dbg !72
  %69 = load i32, i32* %68, align 4, !dbg !72, !tbaa !28
  %70 = icmp ugt i32 %69, 7, !dbg !73
  br i1 %70, label %71, label %75, !dbg !72

71:                                               ; preds = %64
  %72 = getelementptr inbounds i32, i32* %0, i64 10, !dbg !74
  %73 = load i32, i32* %72, align 4, !dbg !74, !tbaa !28
  %74 = or i32 %73, %67, !dbg !75
  br label %75, !dbg !76

75:                                               ; preds = %64, %71, %58
  %76 = phi i32 [ %74, %71 ], [ %67, %64 ], [ %59, %58 ], !dbg !33
  %77 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2, !dbg !77
  %78 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2, !dbg !80
  %79 = mul i32 %77, %78, !dbg !83
  %80 = add i32 %79, %10, !dbg !84
  %81 = zext i32 %80 to i64, !dbg !85
  %82 = getelementptr inbounds i32, i32* %1, i64 %81, !dbg !85
  store i32 %76, i32* %82, align 4, !dbg !86, !tbaa !28
  br label %83

83:                                               ; preds = %4, %75
  ret void, !dbg !87
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
!1 = !DIFile(filename: "examples/kernels/branches_thread_bound.cu", directory: ".")
!2 = !{void (i32*, i32*, i32, i32)* @branches_thread_bound, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "branches_thread_bound", scope: !1, file: !1, line: 17, type: !10, scopeLine: 19, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 80, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 80, type: !10, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 20, column: 9, scope: !9)
!16 = !DILocation(line: 81, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 81, type: !10, scopeLine: 81, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 20, column: 22, scope: !9)
!19 = !DILocation(line: 20, column: 20, scope: !9)
!20 = !DILocation(line: 20, column: 33, scope: !9)
!21 = !DILocation(line: 20, column: 9, scope: !9)
!22 = !DILocation(line: 53, column: 3, scope: !23, inlinedAt: !24)
!23 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!24 = distinct !DILocation(line: 23, column: 18, scope: !9)
!25 = !DILocation(line: 26, column: 11, scope: !9)
!26 = !DILocation(line: 26, column: 9, scope: !9)
!27 = !DILocation(line: 27, column: 16, scope: !9)
!28 = !{!29, !29, i64 0}
!29 = !{!"int", !30, i64 0}
!30 = !{!"omnipotent char", !31, i64 0}
!31 = !{!"Simple C++ TBAA"}
!32 = !DILocation(line: 27, column: 9, scope: !9)
!33 = !DILocation(line: 0, scope: !9)
!34 = !DILocation(line: 28, column: 11, scope: !9)
!35 = !DILocation(line: 28, column: 9, scope: !9)
!36 = !DILocation(line: 29, column: 16, scope: !9)
!37 = !DILocation(line: 29, column: 13, scope: !9)
!38 = !DILocation(line: 29, column: 9, scope: !9)
!39 = !DILocation(line: 30, column: 11, scope: !9)
!40 = !DILocation(line: 30, column: 9, scope: !9)
!41 = !DILocation(line: 31, column: 16, scope: !9)
!42 = !DILocation(line: 31, column: 13, scope: !9)
!43 = !DILocation(line: 31, column: 9, scope: !9)
!44 = !DILocation(line: 32, column: 17, scope: !9)
!45 = !DILocation(line: 32, column: 11, scope: !9)
!46 = !DILocation(line: 32, column: 9, scope: !9)
!47 = !DILocation(line: 33, column: 16, scope: !9)
!48 = !DILocation(line: 33, column: 13, scope: !9)
!49 = !DILocation(line: 33, column: 9, scope: !9)
!50 = !DILocation(line: 34, column: 16, scope: !9)
!51 = !DILocation(line: 34, column: 11, scope: !9)
!52 = !DILocation(line: 34, column: 9, scope: !9)
!53 = !DILocation(line: 35, column: 16, scope: !9)
!54 = !DILocation(line: 35, column: 13, scope: !9)
!55 = !DILocation(line: 35, column: 9, scope: !9)
!56 = !DILocation(line: 39, column: 11, scope: !9)
!57 = !DILocation(line: 39, column: 9, scope: !9)
!58 = !DILocation(line: 40, column: 16, scope: !9)
!59 = !DILocation(line: 40, column: 13, scope: !9)
!60 = !DILocation(line: 41, column: 13, scope: !9)
!61 = !DILocation(line: 41, column: 20, scope: !9)
!62 = !DILocation(line: 42, column: 20, scope: !9)
!63 = !DILocation(line: 42, column: 17, scope: !9)
!64 = !DILocation(line: 42, column: 13, scope: !9)
!65 = !DILocation(line: 47, column: 20, scope: !9)
!66 = !DILocation(line: 48, column: 13, scope: !9)
!67 = !DILocation(line: 48, column: 18, scope: !9)
!68 = !DILocation(line: 48, column: 24, scope: !9)
!69 = !DILocation(line: 48, column: 9, scope: !9)
!70 = !DILocation(line: 49, column: 16, scope: !9)
!71 = !DILocation(line: 49, column: 13, scope: !9)
!72 = !DILocation(line: 50, column: 13, scope: !9)
!73 = !DILocation(line: 50, column: 20, scope: !9)
!74 = !DILocation(line: 51, column: 20, scope: !9)
!75 = !DILocation(line: 51, column: 17, scope: !9)
!76 = !DILocation(line: 51, column: 13, scope: !9)
!77 = !DILocation(line: 66, column: 3, scope: !78, inlinedAt: !79)
!78 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!79 = distinct !DILocation(line: 54, column: 9, scope: !9)
!80 = !DILocation(line: 79, column: 3, scope: !81, inlinedAt: !82)
!81 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!82 = distinct !DILocation(line: 54, column: 22, scope: !9)
!83 = !DILocation(line: 54, column: 20, scope: !9)
!84 = !DILocation(line: 54, column: 33, scope: !9)
!85 = !DILocation(line: 54, column: 5, scope: !9)
!86 = !DILocation(line: 54, column: 38, scope: !9)
!87 = !DILocation(line: 55, column: 1, scope: !9)
