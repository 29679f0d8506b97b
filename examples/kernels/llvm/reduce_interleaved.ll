; ModuleID = 'examples/kernels/reduce_interleaved.cu'
source_filename = "examples/kernels/reduce_interleaved.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ18reduce_interleavedE7partial = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @reduce_interleaved(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 !dbg !9 {
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
  %16 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %15, !dbg !28
  %17 = addrspacecast i32 addrspace(3)* %16 to i32*, !dbg !28
  store i32 %14, i32* %17, align 4, !dbg !29, !tbaa !24
  tail call void @llvm.nvvm.barrier0(), !dbg !30
  %18 = shl i32 %4, 1, !dbg !31
  %19 = icmp ult i32 %18, 256, !dbg !32
  %20 = zext i32 %18 to i64, !dbg !33
  %21 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %20, !dbg !33
  %22 = addrspacecast i32 addrspace(3)* %21 to i32*, !dbg !33
  br i1 %19, label %23, label %31, !dbg !34

23:                                               ; preds = %13
  %24 = or i32 %18, 1, !dbg !35
  %25 = zext i32 %24 to i64, !dbg !36
  %26 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %25, !dbg !36
  %27 = addrspacecast i32 addrspace(3)* %26 to i32*, !dbg !36
  %28 = load i32, i32* %27, align 4, !dbg !36, !tbaa !24
  %29 = load i32, i32* %22, align 4, !dbg !37, !tbaa !24
  %30 = add i32 %29, %28, !dbg !37
  store i32 %30, i32* %22, align 4, !dbg !37, !tbaa !24
  br label %31, !dbg !33

31:                                               ; preds = %23, %13
  tail call void @llvm.nvvm.barrier0(), !dbg !38
  %32 = shl i32 %4, 2, !dbg !31
  %33 = icmp ult i32 %32, 256, !dbg !32
  %34 = zext i32 %32 to i64, !dbg !33
  %35 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %34, !dbg !33
  %36 = addrspacecast i32 addrspace(3)* %35 to i32*, !dbg !33
  br i1 %33, label %37, label %45, !dbg !34

37:                                               ; preds = %31
  %38 = or i32 %32, 2, !dbg !35
  %39 = zext i32 %38 to i64, !dbg !36
  %40 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %39, !dbg !36
  %41 = addrspacecast i32 addrspace(3)* %40 to i32*, !dbg !36
  %42 = load i32, i32* %41, align 4, !dbg !36, !tbaa !24
  %43 = load i32, i32* %36, align 4, !dbg !37, !tbaa !24
  %44 = add i32 %43, %42, !dbg !37
  store i32 %44, i32* %36, align 4, !dbg !37, !tbaa !24
  br label %45, !dbg !33

45:                                               ; preds = %37, %31
  tail call void @llvm.nvvm.barrier0(), !dbg !38
  %46 = shl i32 %4, 3, !dbg !31
  %47 = icmp ult i32 %46, 256, !dbg !32
  %48 = zext i32 %46 to i64, !dbg !33
  %49 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %48, !dbg !33
  %50 = addrspacecast i32 addrspace(3)* %49 to i32*, !dbg !33
  br i1 %47, label %51, label %59, !dbg !34

51:                                               ; preds = %45
  %52 = or i32 %46, 4, !dbg !35
  %53 = zext i32 %52 to i64, !dbg !36
  %54 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %53, !dbg !36
  %55 = addrspacecast i32 addrspace(3)* %54 to i32*, !dbg !36
  %56 = load i32, i32* %55, align 4, !dbg !36, !tbaa !24
  %57 = load i32, i32* %50, align 4, !dbg !37, !tbaa !24
  %58 = add i32 %57, %56, !dbg !37
  store i32 %58, i32* %50, align 4, !dbg !37, !tbaa !24
  br label %59, !dbg !33

59:                                               ; preds = %51, %45
  tail call void @llvm.nvvm.barrier0(), !dbg !38
  %60 = shl i32 %4, 4, !dbg !31
  %61 = icmp ult i32 %60, 256, !dbg !32
  %62 = zext i32 %60 to i64, !dbg !33
  %63 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %62, !dbg !33
  %64 = addrspacecast i32 addrspace(3)* %63 to i32*, !dbg !33
  br i1 %61, label %65, label %73, !dbg !34

65:                                               ; preds = %59
  %66 = or i32 %60, 8, !dbg !35
  %67 = zext i32 %66 to i64, !dbg !36
  %68 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %67, !dbg !36
  %69 = addrspacecast i32 addrspace(3)* %68 to i32*, !dbg !36
  %70 = load i32, i32* %69, align 4, !dbg !36, !tbaa !24
  %71 = load i32, i32* %64, align 4, !dbg !37, !tbaa !24
  %72 = add i32 %71, %70, !dbg !37
  store i32 %72, i32* %64, align 4, !dbg !37, !tbaa !24
  br label %73, !dbg !33

73:                                               ; preds = %65, %59
  tail call void @llvm.nvvm.barrier0(), !dbg !38
  %74 = shl i32 %4, 5, !dbg !31
  %75 = icmp ult i32 %74, 256, !dbg !32
  %76 = zext i32 %74 to i64, !dbg !33
  %77 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %76, !dbg !33
  %78 = addrspacecast i32 addrspace(3)* %77 to i32*, !dbg !33
  br i1 %75, label %79, label %87, !dbg !34

79:                                               ; preds = %73
  %80 = or i32 %74, 16, !dbg !35
  %81 = zext i32 %80 to i64, !dbg !36
  %82 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %81, !dbg !36
  %83 = addrspacecast i32 addrspace(3)* %82 to i32*, !dbg !36
  %84 = load i32, i32* %83, align 4, !dbg !36, !tbaa !24
  %85 = load i32, i32* %78, align 4, !dbg !37, !tbaa !24
  %86 = add i32 %85, %84, !dbg !37
  store i32 %86, i32* %78, align 4, !dbg !37, !tbaa !24
  br label %87, !dbg !33

87:                                               ; preds = %79, %73
  tail call void @llvm.nvvm.barrier0(), !dbg !38
  %88 = shl i32 %4, 6, !dbg !31
  %89 = icmp ult i32 %88, 256, !dbg !32
  %90 = zext i32 %88 to i64, !dbg !33
  %91 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %90, !dbg !33
  %92 = addrspacecast i32 addrspace(3)* %91 to i32*, !dbg !33
  br i1 %89, label %93, label %101, !dbg !34

93:                                               ; preds = %87
  %94 = or i32 %88, 32, !dbg !35
  %95 = zext i32 %94 to i64, !dbg !36
  %96 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %95, !dbg !36
  %97 = addrspacecast i32 addrspace(3)* %96 to i32*, !dbg !36
  %98 = load i32, i32* %97, align 4, !dbg !36, !tbaa !24
  %99 = load i32, i32* %92, align 4, !dbg !37, !tbaa !24
  %100 = add i32 %99, %98, !dbg !37
  store i32 %100, i32* %92, align 4, !dbg !37, !tbaa !24
  br label %101, !dbg !33

101:                                              ; preds = %93, %87
  tail call void @llvm.nvvm.barrier0(), !dbg !38
  %102 = shl i32 %4, 7, !dbg !31
  %103 = icmp ult i32 %102, 256, !dbg !32
  %104 = zext i32 %102 to i64, !dbg !33
  %105 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %104, !dbg !33
  %106 = addrspacecast i32 addrspace(3)* %105 to i32*, !dbg !33
  br i1 %103, label %107, label %115, !dbg !34

107:                                              ; preds = %101
  %108 = or i32 %102, 64, !dbg !35
  %109 = zext i32 %108 to i64, !dbg !36
  %110 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %109, !dbg !36
  %111 = addrspacecast i32 addrspace(3)* %110 to i32*, !dbg !36
  %112 = load i32, i32* %111, align 4, !dbg !36, !tbaa !24
  %113 = load i32, i32* %106, align 4, !dbg !37, !tbaa !24
  %114 = add i32 %113, %112, !dbg !37
  store i32 %114, i32* %106, align 4, !dbg !37, !tbaa !24
  br label %115, !dbg !33

115:                                              ; preds = %107, %101
  tail call void @llvm.nvvm.barrier0(), !dbg !38
  %116 = shl i32 %4, 8, !dbg !31
  %117 = icmp eq i32 %116, 0, !dbg !32
  %118 = zext i32 %116 to i64, !dbg !33
  %119 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %118, !dbg !33
  %120 = addrspacecast i32 addrspace(3)* %119 to i32*, !dbg !33
  br i1 %117, label %121, label %129, !dbg !34

121:                                              ; preds = %115
  %122 = or i32 %116, 128, !dbg !35
  %123 = zext i32 %122 to i64, !dbg !36
  %124 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial, i64 0, i64 %123, !dbg !36
  %125 = addrspacecast i32 addrspace(3)* %124 to i32*, !dbg !36
  %126 = load i32, i32* %125, align 4, !dbg !36, !tbaa !24
  %127 = load i32, i32* %120, align 4, !dbg !37, !tbaa !24
  %128 = add i32 %127, %126, !dbg !37
  store i32 %128, i32* %120, align 4, !dbg !37, !tbaa !24
  br label %129, !dbg !33

129:                                              ; preds = %121, %115
  tail call void @llvm.nvvm.barrier0(), !dbg !38
  %130 = icmp eq i32 %4, 0, !dbg !39
  br i1 %130, label %131, label %135, !dbg !40

131:                                              ; preds = %129
  %132 = zext i32 %5 to i64, !dbg !41
  %133 = getelementptr inbounds i32, i32* %1, i64 %132, !dbg !41
  %134 = load i32, i32* getelementptr inbounds ([256 x i32], [256 x i32]* addrspacecast ([256 x i32] addrspace(3)* @_ZZ18reduce_interleavedE7partial to [256 x i32]*), i64 0, i64 0), align 4, !dbg !42, !tbaa !24
  store i32 %134, i32* %133, align 4, !dbg !43, !tbaa !24
  br label %135, !dbg !41

135:                                              ; preds = %131, %129
  ret void, !dbg !44
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
!1 = !DIFile(filename: "examples/kernels/reduce_interleaved.cu", directory: ".")
!2 = !{void (i32*, i32*, i32)* @reduce_interleaved, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "reduce_interleaved", scope: !1, file: !1, line: 29, type: !10, scopeLine: 30, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 53, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 32, column: 18, scope: !9)
!16 = !DILocation(line: 66, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 33, column: 18, scope: !9)
!19 = !DILocation(line: 33, column: 29, scope: !9)
!20 = !DILocation(line: 33, column: 37, scope: !9)
!21 = !DILocation(line: 34, column: 21, scope: !9)
!22 = !DILocation(line: 34, column: 18, scope: !9)
!23 = !DILocation(line: 34, column: 28, scope: !9)
!24 = !{!25, !25, i64 0}
!25 = !{!"int", !26, i64 0}
!26 = !{!"omnipotent char", !27, i64 0}
!27 = !{!"Simple C++ TBAA"}
!28 = !DILocation(line: 34, column: 5, scope: !9)
!29 = !DILocation(line: 34, column: 16, scope: !9)
!30 = !DILocation(line: 35, column: 5, scope: !9)
!31 = !DILocation(line: 38, column: 32, scope: !9)
!32 = !DILocation(line: 39, column: 19, scope: !9)
!33 = !DILocation(line: 40, column: 13, scope: !9)
!34 = !DILocation(line: 39, column: 13, scope: !9)
!35 = !DILocation(line: 40, column: 45, scope: !9)
!36 = !DILocation(line: 40, column: 31, scope: !9)
!37 = !DILocation(line: 40, column: 28, scope: !9)
!38 = !DILocation(line: 41, column: 9, scope: !9)
!39 = !DILocation(line: 43, column: 11, scope: !9)
!40 = !DILocation(line: 43, column: 9, scope: !9)
!41 = !DILocation(line: 44, column: 9, scope: !9)
!42 = !DILocation(line: 44, column: 27, scope: !9)
!43 = !DILocation(line: 44, column: 25, scope: !9)
!44 = !DILocation(line: 45, column: 1, scope: !9)
