; ModuleID = 'examples/kernels/matvec_row_major.cu'
source_filename = "examples/kernels/matvec_row_major.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind
define dso_local void @matvec_row_major(i32* nocapture noundef readonly %0, i32* nocapture noundef readonly %1, i32* nocapture noundef writeonly %2, i32 noundef %3, i32 noundef %4) local_unnamed_addr #0 !dbg !9 {
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2, !dbg !12
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2, !dbg !16
  %8 = mul i32 %6, %7, !dbg !19
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2, !dbg !20
  %10 = add i32 %8, %9, !dbg !23
  %11 = icmp ult i32 %10, %3, !dbg !24
  br i1 %11, label %12, label %92, !dbg !25

12:                                               ; preds = %5
  %13 = icmp eq i32 %4, 0, !dbg !26
  br i1 %13, label %42, label %14, !dbg !27

14:                                               ; preds = %12
  %15 = mul i32 %10, %4
  %16 = add i32 %4, -1, !dbg !27
  %17 = and i32 %4, 3, !dbg !27
  %18 = icmp ult i32 %16, 3, !dbg !27
  br i1 %18, label %21, label %19, !dbg !27

19:                                               ; preds = %14
  %20 = and i32 %4, -4, !dbg !27
  br label %46, !dbg !27

21:                                               ; preds = %46, %14
  %22 = phi i32 [ undef, %14 ], [ %88, %46 ]
  %23 = phi i32 [ 0, %14 ], [ %89, %46 ]
  %24 = phi i32 [ 0, %14 ], [ %88, %46 ]
  %25 = icmp eq i32 %17, 0, !dbg !27
  br i1 %25, label %42, label %26, !dbg !27

26:                                               ; preds = %21, %26
  %27 = phi i32 [ %39, %26 ], [ %23, %21 ]
  %28 = phi i32 [ %38, %26 ], [ %24, %21 ]
  %29 = phi i32 [ %40, %26 ], [ 0, %21 ]
  %30 = add i32 %27, %15, !dbg !28
  %31 = zext i32 %30 to i64, !dbg !29
  %32 = getelementptr inbounds i32, i32* %0, i64 %31, !dbg !29
  %33 = load i32, i32* %32, align 4, !dbg !29, !tbaa !30
  %34 = zext i32 %27 to i64, !dbg !34
  %35 = getelementptr inbounds i32, i32* %1, i64 %34, !dbg !34
  %36 = load i32, i32* %35, align 4, !dbg !34, !tbaa !30
  %37 = mul i32 %36, %33, !dbg !35
  %38 = add i32 %37, %28, !dbg !36
  %39 = add nuw i32 %27, 1, !dbg !37
  %40 = add i32 %29, 1, !dbg !27
  %41 = icmp eq i32 %40, %17, !dbg !27
  br i1 %41, label %42, label %26, !dbg !27, !llvm.loop !38

42:                                               ; preds = %21, %26, %12
  %43 = phi i32 [ 0, %12 ], [ %22, %21 ], [ %38, %26 ], !dbg !40
  %44 = zext i32 %10 to i64, !dbg !41
  %45 = getelementptr inbounds i32, i32* %2, i64 %44, !dbg !41
  store i32 %43, i32* %45, align 4, !dbg !42, !tbaa !30
  br label %92, !dbg !43

46:                                               ; preds = %46, %19
  %47 = phi i32 [ 0, %19 ], [ %89, %46 ]
  %48 = phi i32 [ 0, %19 ], [ %88, %46 ]
  %49 = phi i32 [ 0, %19 ], [ %90, %46 ]
  %50 = add i32 %47, %15, !dbg !28
  %51 = zext i32 %50 to i64, !dbg !29
  %52 = getelementptr inbounds i32, i32* %0, i64 %51, !dbg !29
  %53 = load i32, i32* %52, align 4, !dbg !29, !tbaa !30
  %54 = zext i32 %47 to i64, !dbg !34
  %55 = getelementptr inbounds i32, i32* %1, i64 %54, !dbg !34
  %56 = load i32, i32* %55, align 4, !dbg !34, !tbaa !30
  %57 = mul i32 %56, %53, !dbg !35
  %58 = add i32 %57, %48, !dbg !36
  %59 = or i32 %47, 1, !dbg !37
  %60 = add i32 %59, %15, !dbg !28
  %61 = zext i32 %60 to i64, !dbg !29
  %62 = getelementptr inbounds i32, i32* %0, i64 %61, !dbg !29
  %63 = load i32, i32* %62, align 4, !dbg !29, !tbaa !30
  %64 = zext i32 %59 to i64, !dbg !34
  %65 = getelementptr inbounds i32, i32* %1, i64 %64, !dbg !34
  %66 = load i32, i32* %65, align 4, !dbg !34, !tbaa !30
  %67 = mul i32 %66, %63, !dbg !35
  %68 = add i32 %67, %58, !dbg !36
  %69 = or i32 %47, 2, !dbg !37
  %70 = add i32 %69, %15, !dbg !28
  %71 = zext i32 %70 to i64, !dbg !29
  %72 = getelementptr inbounds i32, i32* %0, i64 %71, !dbg !29
  %73 = load i32, i32* %72, align 4, !dbg !29, !tbaa !30
  %74 = zext i32 %69 to i64, !dbg !34
  %75 = getelementptr inbounds i32, i32* %1, i64 %74, !dbg !34
  %76 = load i32, i32* %75, align 4, !dbg !34, !tbaa !30
  %77 = mul i32 %76, %73, !dbg !35
  %78 = add i32 %77, %68, !dbg !36
  %79 = or i32 %47, 3, !dbg !37
  %80 = add i32 %79, %15, !dbg !28
  %81 = zext i32 %80 to i64, !dbg !29
  %82 = getelementptr inbounds i32, i32* %0, i64 %81, !dbg !29
  %83 = load i32, i32* %82, align 4, !dbg !29, !tbaa !30
  %84 = zext i32 %79 to i64, !dbg !34
  %85 = getelementptr inbounds i32, i32* %1, i64 %84, !dbg !34
  %86 = load i32, i32* %85, align 4, !dbg !34, !tbaa !30
  %87 = mul i32 %86, %83, !dbg !35
  %88 = add i32 %87, %78, !dbg !36
  %89 = add nuw i32 %47, 4, !dbg !37
  %90 = add i32 %49, 4, !dbg !27
  %91 = icmp eq i32 %90, %20, !dbg !27
  br i1 %91, label %21, label %46, !dbg !27, !llvm.loop !44

92:                                               ; preds = %5, %42
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
!1 = !DIFile(filename: "examples/kernels/matvec_row_major.cu", directory: ".")
!2 = !{void (i32*, i32*, i32*, i32, i32)* @matvec_row_major, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "matvec_row_major", scope: !1, file: !1, line: 16, type: !10, scopeLine: 17, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
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
!26 = !DILocation(line: 22, column: 28, scope: !9)
!27 = !DILocation(line: 22, column: 5, scope: !9)
!28 = !DILocation(line: 23, column: 24, scope: !9)
!29 = !DILocation(line: 23, column: 16, scope: !9)
!30 = !{!31, !31, i64 0}
!31 = !{!"int", !32, i64 0}
!32 = !{!"omnipotent char", !33, i64 0}
!33 = !{!"Simple C++ TBAA"}
!34 = !DILocation(line: 23, column: 31, scope: !9)
!35 = !DILocation(line: 23, column: 29, scope: !9)
!36 = !DILocation(line: 23, column: 13, scope: !9)
!37 = !DILocation(line: 22, column: 33, scope: !9)
!38 = distinct !{!38, !39}
!39 = !{!"llvm.loop.unroll.disable"}
!40 = !DILocation(line: 0, scope: !9)
!41 = !DILocation(line: 24, column: 5, scope: !9)
!42 = !DILocation(line: 24, column: 10, scope: !9)
!43 = !DILocation(line: 25, column: 1, scope: !9)
!44 = distinct !{!44, !27, !45, !46}
!45 = !DILocation(line: 23, column: 34, scope: !9)
!46 = !{!"llvm.loop.mustprogress"}
