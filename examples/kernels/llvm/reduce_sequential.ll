; ModuleID = 'examples/kernels/reduce_sequential.cu'
source_filename = "examples/kernels/reduce_sequential.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ17reduce_sequentialE7partial = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @reduce_sequential(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 !dbg !9 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3, !dbg !12
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3, !dbg !16
  %6 = shl i32 %5, 8, !dbg !19
  %7 = add i32 %6, %4, !dbg !20
  %8 = icmp ult i32 %7, %2, !dbg !21
  br i1 %8, label %9, label %13, !dbg !22

9:                                                ; preds = %3
  %10 = zext i32 %7 to i64, !dbg !23
  %11 = getelementptr inbounds i32, i32* %0, i64 %10, !dbg !23
  %12 = load i32, i32* %11, align 4, !dbg !23, !tbaa !24
  br label %13, !dbg !22

13:                                               ; preds = %3, %9
  %14 = phi i32 [ %12, %9 ], [ 0, %3 ], !dbg !22
  %15 = zext i32 %4 to i64, !dbg !28
  %16 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ17reduce_sequentialE7partial, i64 0, i64 %15, !dbg !28
  %17 = addrspacecast i32 addrspace(3)* %16 to i32*, !dbg !28
  store i32 %14, i32* %17, align 4, !dbg !29, !tbaa !24
  tail call void @llvm.nvvm.barrier0(), !dbg !30
  %18 = icmp ult i32 %4, 128, !dbg !31
  br i1 %18, label %19, label %26, !dbg !32

19:                                               ; preds = %13
  %20 = add nuw nsw i32 %4, 128, !dbg !33
  %21 = zext i32 %20 to i64, !dbg !34
  %22 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ17reduce_sequentialE7partial, i64 0, i64 %21, !dbg !34
  %23 = addrspacecast i32 addrspace(3)* %22 to i32*, !dbg !34
  %24 = load i32, i32* %23, align 4, !dbg !34, !tbaa !24
  %25 = add i32 %14, %24, !dbg !35
  store i32 %25, i32* %17, align 4, !dbg !35, !tbaa !24
  br label %26, !dbg !36

26:                                               ; preds = %19, %13
  %27 = phi i32 [ %25, %19 ], [ %14, %13 ]
  tail call void @llvm.nvvm.barrier0(), !dbg !37
  %28 = icmp ult i32 %4, 64, !dbg !31
  br i1 %28, label %29, label %36, !dbg !32

29:                                               ; preds = %26
  %30 = add nuw nsw i32 %4, 64, !dbg !33
  %31 = zext i32 %30 to i64, !dbg !34
  %32 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ17reduce_sequentialE7partial, i64 0, i64 %31, !dbg !34
  %33 = addrspacecast i32 addrspace(3)* %32 to i32*, !dbg !34
  %34 = load i32, i32* %33, align 4, !dbg !34, !tbaa !24
  %35 = add i32 %27, %34, !dbg !35
  store i32 %35, i32* %17, align 4, !dbg !35, !tbaa !24
  br label %36, !dbg !36

36:                                               ; preds = %29, %26
  %37 = phi i32 [ %35, %29 ], [ %27, %26 ]
  tail call void @llvm.nvvm.barrier0(), !dbg !37
  %38 = icmp ult i32 %4, 32, !dbg !31
  br i1 %38, label %39, label %46, !dbg !32

39:                                               ; preds = %36
  %40 = add nuw nsw i32 %4, 32, !dbg !33
  %41 = zext i32 %40 to i64, !dbg !34
  %42 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ17reduce_sequentialE7partial, i64 0, i64 %41, !dbg !34
  %43 = addrspacecast i32 addrspace(3)* %42 to i32*, !dbg !34
  %44 = load i32, i32* %43, align 4, !dbg !34, !tbaa !24
  %45 = add i32 %37, %44, !dbg !35
  store i32 %45, i32* %17, align 4, !dbg !35, !tbaa !24
  br label %46, !dbg !36

46:                                               ; preds = %39, %36
  %47 = phi i32 [ %45, %39 ], [ %37, %36 ]
  tail call void @llvm.nvvm.barrier0(), !dbg !37
  %48 = icmp ult i32 %4, 16, !dbg !31
  br i1 %48, label %49, label %56, !dbg !32

49:                                               ; preds = %46
  %50 = add nuw nsw i32 %4, 16, !dbg !33
  %51 = zext i32 %50 to i64, !dbg !34
  %52 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ17reduce_sequentialE7partial, i64 0, i64 %51, !dbg !34
  %53 = addrspacecast i32 addrspace(3)* %52 to i32*, !dbg !34
  %54 = load i32, i32* %53, align 4, !dbg !34, !tbaa !24
  %55 = add i32 %47, %54, !dbg !35
  store i32 %55, i32* %17, align 4, !dbg !35, !tbaa !24
  br label %56, !dbg !36

56:                                               ; preds = %49, %46
  %57 = phi i32 [ %55, %49 ], [ %47, %46 ]
  tail call void @llvm.nvvm.barrier0(), !dbg !37
  %58 = icmp ult i32 %4, 8, !dbg !31
  br i1 %58, label %59, label %66, !dbg !32

59:                                               ; preds = %56
  %60 = add nuw nsw i32 %4, 8, !dbg !33
  %61 = zext i32 %60 to i64, !dbg !34
  %62 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ17reduce_sequentialE7partial, i64 0, i64 %61, !dbg !34
  %63 = addrspacecast i32 addrspace(3)* %62 to i32*, !dbg !34
  %64 = load i32, i32* %63, align 4, !dbg !34, !tbaa !24
  %65 = add i32 %57, %64, !dbg !35
  store i32 %65, i32* %17, align 4, !dbg !35, !tbaa !24
  br label %66, !dbg !36

66:                                               ; preds = %59, %56
  %67 = phi i32 [ %65, %59 ], [ %57, %56 ]
  tail call void @llvm.nvvm.barrier0(), !dbg !37
  %68 = icmp ult i32 %4, 4, !dbg !31
  br i1 %68, label %69, label %76, !dbg !32

69:                                               ; preds = %66
  %70 = add nuw nsw i32 %4, 4, !dbg !33
  %71 = zext i32 %70 to i64, !dbg !34
  %72 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ17reduce_sequentialE7partial, i64 0, i64 %71, !dbg !34
  %73 = addrspacecast i32 addrspace(3)* %72 to i32*, !dbg !34
  %74 = load i32, i32* %73, align 4, !dbg !34, !tbaa !24
  %75 = add i32 %67, %74, !dbg !35
  store i32 %75, i32* %17, align 4, !dbg !35, !tbaa !24
  br label %76, !dbg !36

76:                                               ; preds = %69, %66
  %77 = phi i32 [ %75, %69 ], [ %67, %66 ]
  tail call void @llvm.nvvm.barrier0(), !dbg !37
  %78 = icmp ult i32 %4, 2, !dbg !31
  br i1 %78, label %79, label %86, !dbg !32

79:                                               ; preds = %76
  %80 = add nuw nsw i32 %4, 2, !dbg !33
  %81 = zext i32 %80 to i64, !dbg !34
  %82 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ17reduce_sequentialE7partial, i64 0, i64 %81, !dbg !34
  %83 = addrspacecast i32 addrspace(3)* %82 to i32*, !dbg !34
  %84 = load i32, i32* %83, align 4, !dbg !34, !tbaa !24
  %85 = add i32 %77, %84, !dbg !35
  store i32 %85, i32* %17, align 4, !dbg !35, !tbaa !24
  br label %86, !dbg !36

86:                                               ; preds = %79, %76
  %87 = phi i32 [ %85, %79 ], [ %77, %76 ]
  tail call void @llvm.nvvm.barrier0(), !dbg !37
  %88 = icmp eq i32 %4, 0, !dbg !31
  br i1 %88, label %89, label %96, !dbg !32

89:                                               ; preds = %86
  %90 = add nuw nsw i32 %4, 1, !dbg !33
  %91 = zext i32 %90 to i64, !dbg !34
  %92 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ17reduce_sequentialE7partial, i64 0, i64 %91, !dbg !34
  %93 = addrspacecast i32 addrspace(3)* %92 to i32*, !dbg !34
  %94 = load i32, i32* %93, align 4, !dbg !34, !tbaa !24
  %95 = add i32 %87, %94, !dbg !35
  store i32 %95, i32* %17, align 4, !dbg !35, !tbaa !24
  br label %96, !dbg !36

96:                                               ; preds = %89, %86
  tail call void @llvm.nvvm.barrier0(), !dbg !37
  %97 = icmp eq i32 %4, 0, !dbg !38
  br i1 %97, label %98, label %102, !dbg !39

98:                                               ; preds = %96
  %99 = zext i32 %5 to i64, !dbg !40
  %100 = getelementptr inbounds i32, i32* %1, i64 %99, !dbg !40
  %101 = load i32, i32* getelementptr inbounds ([256 x i32], [256 x i32]* addrspacecast ([256 x i32] addrspace(3)* @_ZZ17reduce_sequentialE7partial to [256 x i32]*), i64 0, i64 0), align 4, !dbg !41, !tbaa !24
  store i32 %101, i32* %100, align 4, !dbg !42, !tbaa !24
  br label %102, !dbg !40

102:                                              ; preds = %98, %96
  ret void, !dbg !43
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { convergent nounwind }
attributes #2 = { nofree nosync nounwind readnone speculatable }
attributes #3 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/reduce_sequential.cu", directory: ".")
!2 = !{void (i32*, i32*, i32)* @reduce_sequential, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "reduce_sequential", scope: !1, file: !1, line: 19, type: !10, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 53, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 22, column: 18, scope: !9)
!16 = !DILocation(line: 66, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 23, column: 18, scope: !9)
!19 = !DILocation(line: 23, column: 29, scope: !9)
!20 = !DILocation(line: 23, column: 37, scope: !9)
!21 = !DILocation(line: 24, column: 21, scope: !9)
!22 = !DILocation(line: 24, column: 18, scope: !9)
!23 = !DILocation(line: 24, column: 28, scope: !9)
!24 = !{!25, !25, i64 0}
!25 = !{!"int", !26, i64 0}
!26 = !{!"omnipotent char", !27, i64 0}
!27 = !{!"Simple C++ TBAA"}
!28 = !DILocation(line: 24, column: 5, scope: !9)
!29 = !DILocation(line: 24, column: 16, scope: !9)
!30 = !DILocation(line: 25, column: 5, scope: !9)
!31 = !DILocation(line: 28, column: 15, scope: !9)
!32 = !DILocation(line: 28, column: 13, scope: !9)
!33 = !DILocation(line: 29, column: 37, scope: !9)
!34 = !DILocation(line: 29, column: 27, scope: !9)
!35 = !DILocation(line: 29, column: 24, scope: !9)
!36 = !DILocation(line: 29, column: 13, scope: !9)
!37 = !DILocation(line: 30, column: 9, scope: !9)
!38 = !DILocation(line: 32, column: 11, scope: !9)
!39 = !DILocation(line: 32, column: 9, scope: !9)
!40 = !DILocation(line: 33, column: 9, scope: !9)
!41 = !DILocation(line: 33, column: 27, scope: !9)
!42 = !DILocation(line: 33, column: 25, scope: !9)
!43 = !DILocation(line: 34, column: 1, scope: !9)
