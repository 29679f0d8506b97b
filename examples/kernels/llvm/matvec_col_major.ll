; ModuleID = 'examples/kernels/matvec_col_major.cu'
source_filename = "examples/kernels/matvec_col_major.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind
define dso_local void @matvec_col_major(i32* nocapture noundef readonly %0, i32* nocapture noundef readonly %1, i32* nocapture noundef writeonly %2, i32 noundef %3, i32 noundef %4) local_unnamed_addr #0 !dbg !9 {
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2, !dbg !12
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2, !dbg !16
  %8 = mul i32 %6, %7, !dbg !19
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2, !dbg !20
  %10 = add i32 %8, %9, !dbg !23
  %11 = icmp ult i32 %10, %3, !dbg !24
  br i1 %11, label %12, label %96, !dbg !25

12:                                               ; preds = %5
  %13 = icmp eq i32 %4, 0, !dbg !26
  br i1 %13, label %42, label %14, !dbg !27

14:                                               ; preds = %12
  %15 = add i32 %4, -1, !dbg !27
  %16 = and i32 %4, 3, !dbg !27
  %17 = icmp ult i32 %15, 3, !dbg !27
  br i1 %17, label %20, label %18, !dbg !27

18:                                               ; preds = %14
  %19 = and i32 %4, -4, !dbg !27
  br label %46, !dbg !27

20:                                               ; preds = %46, %14
  %21 = phi i32 [ undef, %14 ], [ %92, %46 ]
  %22 = phi i32 [ 0, %14 ], [ %93, %46 ]
  %23 = phi i32 [ 0, %14 ], [ %92, %46 ]
  %24 = icmp eq i32 %16, 0, !dbg !27
  br i1 %24, label %42, label %25, !dbg !27

25:                                               ; preds = %20, %25
  %26 = phi i32 [ %39, %25 ], [ %22, %20 ]
  %27 = phi i32 [ %38, %25 ], [ %23, %20 ]
  %28 = phi i32 [ %40, %25 ], [ 0, %20 ]
  %29 = mul i32 %26, %3, !dbg !28
  %30 = add i32 %29, %10, !dbg !29
  %31 = zext i32 %30 to i64, !dbg !30
  %32 = getelementptr inbounds i32, i32* %0, i64 %31, !dbg !30
  %33 = load i32, i32* %32, align 4, !dbg !30, !tbaa !31
  %34 = zext i32 %26 to i64, !dbg !35
  %35 = getelementptr inbounds i32, i32* %1, i64 %34, !dbg !35
  %36 = load i32, i32* %35, align 4, !dbg !35, !tbaa !31
  %37 = mul i32 %36, %33, !dbg !36
  %38 = add i32 %37, %27, !dbg !37
  %39 = add nuw i32 %26, 1, !dbg !38
  %40 = add i32 %28, 1, !dbg !27
  %41 = icmp eq i32 %40, %16, !dbg !27
  br i1 %41, label %42, label %25, !dbg !27, !llvm.loop !39

42:                                               ; preds = %20, %25, %12
  %43 = phi i32 [ 0, %12 ], [ %21, %20 ], [ %38, %25 ], !dbg !41
  %44 = zext i32 %10 to i64, !dbg !42
  %45 = getelementptr inbounds i32, i32* %2, i64 %44, !dbg !42
  store i32 %43, i32* %45, align 4, !dbg !43, !tbaa !31
  br label %96, !dbg !44

46:                                               ; preds = %46, %18
  %47 = phi i32 [ 0, %18 ], [ %93, %46 ]
  %48 = phi i32 [ 0, %18 ], [ %92, %46 ]
  %49 = phi i32 [ 0, %18 ], [ %94, %46 ]
  %50 = mul i32 %47, %3, !dbg !28
  %51 = add i32 %50, %10, !dbg !29
  %52 = zext i32 %51 to i64, !dbg !30
  %53 = getelementptr inbounds i32, i32* %0, i64 %52, !dbg !30
  %54 = load i32, i32* %53, align 4, !dbg !30, !tbaa !31
  %55 = zext i32 %47 to i64, !dbg !35
  %56 = getelementptr inbounds i32, i32* %1, i64 %55, !dbg !35
  %57 = load i32, i32* %56, align 4, !dbg !35, !tbaa !31
  %58 = mul i32 %57, %54, !dbg !36
  %59 = add i32 %58, %48, !dbg !37
  %60 = or i32 %47, 1, !dbg !38
  %61 = mul i32 %60, %3, !dbg !28
  %62 = add i32 %61, %10, !dbg !29
  %63 = zext i32 %62 to i64, !dbg !30
  %64 = getelementptr inbounds i32, i32* %0, i64 %63, !dbg !30
  %65 = load i32, i32* %64, align 4, !dbg !30, !tbaa !31
  %66 = zext i32 %60 to i64, !dbg !35
  %67 = getelementptr inbounds i32, i32* %1, i64 %66, !dbg !35
  %68 = load i32, i32* %67, align 4, !dbg !35, !tbaa !31
  %69 = mul i32 %68, %65, !dbg !36
  %70 = add i32 %69, %59, !dbg !37
  %71 = or i32 %47, 2, !dbg !38
  %72 = mul i32 %71, %3, !dbg !28
  %73 = add i32 %72, %10, !dbg !29
  %74 = zext i32 %73 to i64, !dbg !30
  %75 = getelementptr inbounds i32, i32* %0, i64 %74, !dbg !30
  %76 = load i32, i32* %75, align 4, !dbg !30, !tbaa !31
  %77 = zext i32 %71 to i64, !dbg !35
  %78 = getelementptr inbounds i32, i32* %1, i64 %77, !dbg !35
  %79 = load i32, i32* %78, align 4, !dbg !35, !tbaa !31
  %80 = mul i32 %79, %76, !dbg !36
  %81 = add i32 %80, %70, !dbg !37
  %82 = or i32 %47, 3, !dbg !38
  %83 = mul i32 %82, %3, !dbg !28
  %84 = add i32 %83, %10, !dbg !29
  %85 = zext i32 %84 to i64, !dbg !30
  %86 = getelementptr inbounds i32, i32* %0, i64 %85, !dbg !30
  %87 = load i32, i32* %86, align 4, !dbg !30, !tbaa !31
  %88 = zext i32 %82 to i64, !dbg !35
  %89 = getelementptr inbounds i32, i32* %1, i64 %88, !dbg !35
  %90 = load i32, i32* %89, align 4, !dbg !35, !tbaa !31
  %91 = mul i32 %90, %87, !dbg !36
  %92 = add i32 %91, %81, !dbg !37
  %93 = add nuw i32 %47, 4, !dbg !38
  %94 = add i32 %49, 4, !dbg !27
  %95 = icmp eq i32 %94, %19, !dbg !27
  br i1 %95, label %20, label %46, !dbg !27, !llvm.loop !45

96:                                               ; preds = %5, %42
  ret void, !dbg !44
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
!1 = !DIFile(filename: "examples/kernels/matvec_col_major.cu", directory: ".")
!2 = !{void (i32*, i32*, i32*, i32, i32)* @matvec_col_major, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "matvec_col_major", scope: !1, file: !1, line: 14, type: !10, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
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
!26 = !DILocation(line: 20, column: 28, scope: !9)
!27 = !DILocation(line: 20, column: 5, scope: !9)
!28 = !DILocation(line: 21, column: 20, scope: !9)
!29 = !DILocation(line: 21, column: 24, scope: !9)
!30 = !DILocation(line: 21, column: 16, scope: !9)
!31 = !{!32, !32, i64 0}
!32 = !{!"int", !33, i64 0}
!33 = !{!"omnipotent char", !34, i64 0}
!34 = !{!"Simple C++ TBAA"}
!35 = !DILocation(line: 21, column: 31, scope: !9)
!36 = !DILocation(line: 21, column: 29, scope: !9)
!37 = !DILocation(line: 21, column: 13, scope: !9)
!38 = !DILocation(line: 20, column: 33, scope: !9)
!39 = distinct !{!39, !40}
!40 = !{!"llvm.loop.unroll.disable"}
!41 = !DILocation(line: 0, scope: !9)
!42 = !DILocation(line: 22, column: 5, scope: !9)
!43 = !DILocation(line: 22, column: 10, scope: !9)
!44 = !DILocation(line: 23, column: 1, scope: !9)
!45 = distinct !{!45, !27, !46, !47}
!46 = !DILocation(line: 21, column: 34, scope: !9)
!47 = !{!"llvm.loop.mustprogress"}
