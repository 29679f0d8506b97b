; ModuleID = 'examples/kernels/branches_loops.cu'
source_filename = "examples/kernels/branches_loops.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind
define dso_local void @branches_loops(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 !dbg !9 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2, !dbg !12
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2, !dbg !16
  %6 = mul i32 %4, %5, !dbg !19
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2, !dbg !20
  %8 = add i32 %6, %7, !dbg !23
  %9 = icmp eq i32 %2, 0, !dbg !24
  br i1 %9, label %32, label %10, !dbg !25

10:                                               ; preds = %3
  %11 = add i32 %2, -1, !dbg !25
  %12 = and i32 %2, 7, !dbg !25
  %13 = icmp ult i32 %11, 7, !dbg !25
  br i1 %13, label %16, label %14, !dbg !25

14:                                               ; preds = %10
  %15 = and i32 %2, -8, !dbg !25
  br label %35, !dbg !25

16:                                               ; preds = %35, %10
  %17 = phi i32 [ undef, %10 ], [ %77, %35 ]
  %18 = phi i32 [ 0, %10 ], [ %78, %35 ]
  %19 = phi i32 [ 0, %10 ], [ %77, %35 ]
  %20 = icmp eq i32 %12, 0, !dbg !25
  br i1 %20, label %32, label %21, !dbg !25

21:                                               ; preds = %16, %21
  %22 = phi i32 [ %29, %21 ], [ %18, %16 ]
  %23 = phi i32 [ %28, %21 ], [ %19, %16 ]
  %24 = phi i32 [ %30, %21 ], [ 0, %16 ]
  %25 = zext i32 %22 to i64, !dbg !26
  %26 = getelementptr inbounds i32, i32* %0, i64 %25, !dbg !26
  %27 = load i32, i32* %26, align 4, !dbg !26, !tbaa !27
  %28 = add i32 %27, %23, !dbg !31
  %29 = add nuw i32 %22, 1, !dbg !32
  %30 = add i32 %24, 1, !dbg !25
  %31 = icmp eq i32 %30, %12, !dbg !25
  br i1 %31, label %32, label %21, !dbg !25, !llvm.loop !33

32:                                               ; preds = %16, %21, %3
  %33 = phi i32 [ 0, %3 ], [ %17, %16 ], [ %28, %21 ], !dbg !35
  %34 = icmp ult i32 %7, %2, !dbg !36
  br i1 %34, label %84, label %81, !dbg !37

35:                                               ; preds = %35, %14
  %36 = phi i32 [ 0, %14 ], [ %78, %35 ]
  %37 = phi i32 [ 0, %14 ], [ %77, %35 ]
  %38 = phi i32 [ 0, %14 ], [ %79, %35 ]
  %39 = zext i32 %36 to i64, !dbg !26
  %40 = getelementptr inbounds i32, i32* %0, i64 %39, !dbg !26
  %41 = load i32, i32* %40, align 4, !dbg !26, !tbaa !27
  %42 = add i32 %41, %37, !dbg !31
  %43 = or i32 %36, 1, !dbg !32
  %44 = zext i32 %43 to i64, !dbg !26
  %45 = getelementptr inbounds i32, i32* %0, i64 %44, !dbg !26
  %46 = load i32, i32* %45, align 4, !dbg !26, !tbaa !27
  %47 = add i32 %46, %42, !dbg !31
  %48 = or i32 %36, 2, !dbg !32
  %49 = zext i32 %48 to i64, !dbg !26
  %50 = getelementptr inbounds i32, i32* %0, i64 %49, !dbg !26
  %51 = load i32, i32* %50, align 4, !dbg !26, !tbaa !27
  %52 = add i32 %51, %47, !dbg !31
  %53 = or i32 %36, 3, !dbg !32
  %54 = zext i32 %53 to i64, !dbg !26
  %55 = getelementptr inbounds i32, i32* %0, i64 %54, !dbg !26
  %56 = load i32, i32* %55, align 4, !dbg !26, !tbaa !27
  %57 = add i32 %56, %52, !dbg !31
  %58 = or i32 %36, 4, !dbg !32
  %59 = zext i32 %58 to i64, !dbg !26
  %60 = getelementptr inbounds i32, i32* %0, i64 %59, !dbg !26
  %61 = load i32, i32* %60, align 4, !dbg !26, !tbaa !27
  %62 = add i32 %61, %57, !dbg !31
  %63 = or i32 %36, 5, !dbg !32
  %64 = zext i32 %63 to i64, !dbg !26
  %65 = getelementptr inbounds i32, i32* %0, i64 %64, !dbg !26
  %66 = load i32, i32* %65, align 4, !dbg !26, !tbaa !27
  %67 = add i32 %66, %62, !dbg !31
  %68 = or i32 %36, 6, !dbg !32
  %69 = zext i32 %68 to i64, !dbg !26
  %70 = getelementptr inbounds i32, i32* %0, i64 %69, !dbg !26
  %71 = load i32, i32* %70, align 4, !dbg !26, !tbaa !27
  %72 = add i32 %71, %67, !dbg !31
  %73 = or i32 %36, 7, !dbg !32
  %74 = zext i32 %73 to i64, !dbg !26
  %75 = getelementptr inbounds i32, i32* %0, i64 %74, !dbg !26
  %76 = load i32, i32* %75, align 4, !dbg !26, !tbaa !27
  %77 = add i32 %76, %72, !dbg !31
  %78 = add nuw i32 %36, 8, !dbg !32
  %79 = add i32 %38, 8, !dbg !25
  %80 = icmp eq i32 %79, %15, !dbg !25
  br i1 %80, label %16, label %35, !dbg !25, !llvm.loop !38

81:                                               ; preds = %84, %32
  %82 = phi i32 [ 0, %32 ], [ %90, %84 ], !dbg !35
  %83 = and i32 %4, 3
  br label %99, !dbg !41

84:                                               ; preds = %32, %84
  %85 = phi i32 [ %91, %84 ], [ %7, %32 ]
  %86 = phi i32 [ %90, %84 ], [ 0, %32 ]
  %87 = zext i32 %85 to i64, !dbg !42
  %88 = getelementptr inbounds i32, i32* %0, i64 %87, !dbg !42
  %89 = load i32, i32* %88, align 4, !dbg !42, !tbaa !27
  %90 = xor i32 %89, %86, !dbg !43
  %91 = add i32 %85, %5, !dbg !44
  %92 = icmp ult i32 %91, %2, !dbg !36
  br i1 %92, label %84, label %81, !dbg !37, !llvm.loop !45

93:                                               ; preds = %99
  %94 = zext i32 %8 to i64, !dbg !47
  %95 = getelementptr inbounds i32, i32* %0, i64 %94, !dbg !47
  %96 = load i32, i32* %95, align 4, !dbg !47, !tbaa !27
  %97 = and i32 %96, 255, !dbg !48
  %98 = icmp eq i32 %97, 0, !dbg !49
  br i1 %98, label %117, label %109, !dbg !50

99:                                               ; preds = %81, %99
  %100 = phi i32 [ 0, %81 ], [ %107, %99 ]
  %101 = phi i32 [ 0, %81 ], [ %106, %99 ]
  %102 = zext i32 %100 to i64, !dbg !51
  %103 = getelementptr inbounds i32, i32* %0, i64 %102, !dbg !51
  %104 = load i32, i32* %103, align 4, !dbg !51, !tbaa !27
  %105 = and i32 %104, 7, !dbg !52
  %106 = add i32 %105, %101, !dbg !53
  %107 = add nuw nsw i32 %100, 1, !dbg !54
  %108 = icmp eq i32 %100, %83, !dbg !55
  br i1 %108, label %93, label %99, !dbg !41, !llvm.loop !56

109:                                              ; preds = %93, %109
  %110 = phi i32 [ %114, %109 ], [ %97, %93 ]
  %111 = phi i32 [ %115, %109 ], [ %106, %93 ]
  %112 = udiv i32 %110, 3, !dbg !58
  %113 = xor i32 %112, -1, !dbg !59
  %114 = add i32 %110, %113, !dbg !60
  %115 = add i32 %111, 1, !dbg !61
  %116 = icmp eq i32 %114, 0, !dbg !49
  br i1 %116, label %117, label %109, !dbg !50, !llvm.loop !62

117:                                              ; preds = %109, %93
  %118 = phi i32 [ %106, %93 ], [ %115, %109 ], !dbg !35
  %119 = mul i32 %8, 3, !dbg !64
  %120 = zext i32 %119 to i64, !dbg !65
  %121 = getelementptr inbounds i32, i32* %1, i64 %120, !dbg !65
  store i32 %33, i32* %121, align 4, !dbg !66, !tbaa !27
  %122 = add i32 %119, 1, !dbg !67
  %123 = zext i32 %122 to i64, !dbg !68
  %124 = getelementptr inbounds i32, i32* %1, i64 %123, !dbg !68
  store i32 %82, i32* %124, align 4, !dbg !69, !tbaa !27
  %125 = add i32 %119, 2, !dbg !70
  %126 = zext i32 %125 to i64, !dbg !71
  %127 = getelementptr inbounds i32, i32* %1, i64 %126, !dbg !71
  store i32 %118, i32* %127, align 4, !dbg !72, !tbaa !27
  ret void, !dbg !73
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
!1 = !DIFile(filename: "examples/kernels/branches_loops.cu", directory: ".")
!2 = !{void (i32*, i32*, i32)* @branches_loops, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "branches_loops", scope: !1, file: !1, line: 20, type: !10, scopeLine: 21, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 66, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 22, column: 18, scope: !9)
!16 = !DILocation(line: 79, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 22, column: 31, scope: !9)
!19 = !DILocation(line: 22, column: 29, scope: !9)
!20 = !DILocation(line: 53, column: 3, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!22 = distinct !DILocation(line: 22, column: 44, scope: !9)
!23 = !DILocation(line: 22, column: 42, scope: !9)
!24 = !DILocation(line: 25, column: 28, scope: !9)
!25 = !DILocation(line: 25, column: 5, scope: !9)
!26 = !DILocation(line: 26, column: 16, scope: !9)
!27 = !{!28, !28, i64 0}
!28 = !{!"int", !29, i64 0}
!29 = !{!"omnipotent char", !30, i64 0}
!30 = !{!"Simple C++ TBAA"}
!31 = !DILocation(line: 26, column: 13, scope: !9)
!32 = !DILocation(line: 25, column: 33, scope: !9)
!33 = distinct !{!33, !34}
!34 = !{!"llvm.loop.unroll.disable"}
!35 = !DILocation(line: 0, scope: !9)
!36 = !DILocation(line: 29, column: 38, scope: !9)
!37 = !DILocation(line: 29, column: 5, scope: !9)
!38 = distinct !{!38, !25, !39, !40}
!39 = !DILocation(line: 26, column: 22, scope: !9)
!40 = !{!"llvm.loop.mustprogress"}
!41 = !DILocation(line: 33, column: 5, scope: !9)
!42 = !DILocation(line: 30, column: 14, scope: !9)
!43 = !DILocation(line: 30, column: 11, scope: !9)
!44 = !DILocation(line: 29, column: 45, scope: !9)
!45 = distinct !{!45, !37, !46, !40}
!46 = !DILocation(line: 30, column: 20, scope: !9)
!47 = !DILocation(line: 35, column: 18, scope: !9)
!48 = !DILocation(line: 35, column: 26, scope: !9)
!49 = !DILocation(line: 36, column: 14, scope: !9)
!50 = !DILocation(line: 36, column: 5, scope: !9)
!51 = !DILocation(line: 34, column: 14, scope: !9)
!52 = !DILocation(line: 34, column: 22, scope: !9)
!53 = !DILocation(line: 34, column: 11, scope: !9)
!54 = !DILocation(line: 33, column: 48, scope: !9)
!55 = !DILocation(line: 33, column: 28, scope: !9)
!56 = distinct !{!56, !41, !57, !40}
!57 = !DILocation(line: 34, column: 24, scope: !9)
!58 = !DILocation(line: 37, column: 16, scope: !9)
!59 = !DILocation(line: 37, column: 21, scope: !9)
!60 = !DILocation(line: 37, column: 11, scope: !9)
!61 = !DILocation(line: 38, column: 9, scope: !9)
!62 = distinct !{!62, !50, !63, !40}
!63 = !DILocation(line: 39, column: 5, scope: !9)
!64 = !DILocation(line: 41, column: 11, scope: !9)
!65 = !DILocation(line: 41, column: 5, scope: !9)
!66 = !DILocation(line: 41, column: 20, scope: !9)
!67 = !DILocation(line: 42, column: 15, scope: !9)
!68 = !DILocation(line: 42, column: 5, scope: !9)
!69 = !DILocation(line: 42, column: 20, scope: !9)
!70 = !DILocation(line: 43, column: 15, scope: !9)
!71 = !DILocation(line: 43, column: 5, scope: !9)
!72 = !DILocation(line: 43, column: 20, scope: !9)
!73 = !DILocation(line: 44, column: 1, scope: !9)
