; ModuleID = 'examples/kernels/branches_tile_queue.cu'
source_filename = "examples/kernels/branches_tile_queue.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ19branches_tile_queueE6s_tile = internal unnamed_addr addrspace(3) global i32 undef, align 4
@_ZZ19branches_tile_queueE6s_bins = internal addrspace(3) global [16 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @branches_tile_queue(i32* nocapture noundef readonly %0, i32* nocapture noundef %1, i32* nocapture noundef writeonly %2, i32 noundef %3) local_unnamed_addr #0 !dbg !10 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3, !dbg !13
  %6 = icmp ult i32 %5, 16, !dbg !17
  br i1 %6, label %7, label %11, !dbg !18

7:                                                ; preds = %4
  %8 = zext i32 %5 to i64, !dbg !19
  %9 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(3)* @_ZZ19branches_tile_queueE6s_bins, i64 0, i64 %8, !dbg !19
  %10 = addrspacecast i32 addrspace(3)* %9 to i32*, !dbg !19
  store i32 0, i32* %10, align 4, !dbg !20, !tbaa !21
  br label %11, !dbg !19

11:                                               ; preds = %7, %4
  %12 = icmp eq i32 %5, 0, !dbg !25
  br i1 %12, label %15, label %13, !dbg !26

13:                                               ; preds = %11
  %14 = load i32, i32* addrspacecast (i32 addrspace(3)* @_ZZ19branches_tile_queueE6s_tile to i32*), align 4, !dbg !27, !tbaa !21
  br label %17, !dbg !26

15:                                               ; preds = %11
  %16 = atomicrmw add i32* %1, i32 1 seq_cst, align 4, !dbg !28
  store i32 %16, i32* addrspacecast (i32 addrspace(3)* @_ZZ19branches_tile_queueE6s_tile to i32*), align 4, !dbg !32, !tbaa !21
  br label %17, !dbg !33

17:                                               ; preds = %13, %15
  %18 = phi i32 [ %14, %13 ], [ %16, %15 ], !dbg !27
  tail call void @llvm.nvvm.barrier0(), !dbg !34
  %19 = shl i32 %18, 9, !dbg !35
  %20 = add nsw i32 %19, 512, !dbg !36
  %21 = icmp sgt i32 %20, %3, !dbg !37
  %22 = add i32 %19, %5
  br i1 %21, label %36, label %23, !dbg !38

23:                                               ; preds = %17
  %24 = sext i32 %22 to i64, !dbg !39
  %25 = getelementptr inbounds i32, i32* %0, i64 %24, !dbg !39
  %26 = load i32, i32* %25, align 4, !dbg !39, !tbaa !21
  %27 = add i32 %22, 128, !dbg !40
  %28 = sext i32 %27 to i64, !dbg !39
  %29 = getelementptr inbounds i32, i32* %0, i64 %28, !dbg !39
  %30 = load i32, i32* %29, align 4, !dbg !39, !tbaa !21
  %31 = add i32 %22, 256, !dbg !40
  %32 = sext i32 %31 to i64, !dbg !39
  %33 = getelementptr inbounds i32, i32* %0, i64 %32, !dbg !39
  %34 = load i32, i32* %33, align 4, !dbg !39, !tbaa !21
  %35 = add i32 %22, 384, !dbg !40
  br label %62, !dbg !41

36:                                               ; preds = %17
  %37 = icmp slt i32 %22, %3, !dbg !42
  br i1 %37, label %38, label %42, !dbg !43

38:                                               ; preds = %36
  %39 = sext i32 %22 to i64, !dbg !44
  %40 = getelementptr inbounds i32, i32* %0, i64 %39, !dbg !44
  %41 = load i32, i32* %40, align 4, !dbg !44, !tbaa !21
  br label %42, !dbg !45

42:                                               ; preds = %38, %36
  %43 = phi i32 [ %41, %38 ], [ -1, %36 ], !dbg !46
  %44 = add i32 %22, 128, !dbg !47
  %45 = icmp slt i32 %44, %3, !dbg !42
  br i1 %45, label %46, label %50, !dbg !43

46:                                               ; preds = %42
  %47 = sext i32 %44 to i64, !dbg !44
  %48 = getelementptr inbounds i32, i32* %0, i64 %47, !dbg !44
  %49 = load i32, i32* %48, align 4, !dbg !44, !tbaa !21
  br label %50, !dbg !45

50:                                               ; preds = %46, %42
  %51 = phi i32 [ %49, %46 ], [ -1, %42 ], !dbg !46
  %52 = add i32 %22, 256, !dbg !47
  %53 = icmp slt i32 %52, %3, !dbg !42
  br i1 %53, label %54, label %58, !dbg !43

54:                                               ; preds = %50
  %55 = sext i32 %52 to i64, !dbg !44
  %56 = getelementptr inbounds i32, i32* %0, i64 %55, !dbg !44
  %57 = load i32, i32* %56, align 4, !dbg !44, !tbaa !21
  br label %58, !dbg !45

58:                                               ; preds = %54, %50
  %59 = phi i32 [ %57, %54 ], [ -1, %50 ], !dbg !46
  %60 = add i32 %22, 384, !dbg !47
  %61 = icmp slt i32 %60, %3, !dbg !42
  br i1 %61, label %62, label %70, !dbg !43

62:                                               ; preds = %58, %23
  %63 = phi i32 [ %35, %23 ], [ %60, %58 ]
  %64 = phi i32 [ %34, %23 ], [ %59, %58 ]
  %65 = phi i32 [ %30, %23 ], [ %51, %58 ]
  %66 = phi i32 [ %26, %23 ], [ %43, %58 ]
  %67 = sext i32 %63 to i64, !dbg !46
  %68 = getelementptr inbounds i32, i32* %0, i64 %67, !dbg !46
  %69 = load i32, i32* %68, align 4, !dbg !46, !tbaa !21
  br label %70, !dbg !48

70:                                               ; preds = %62, %58
  %71 = phi i32 [ -1, %58 ], [ %69, %62 ], !dbg !46
  %72 = phi i32 [ %59, %58 ], [ %64, %62 ], !dbg !46
  %73 = phi i32 [ %51, %58 ], [ %65, %62 ], !dbg !46
  %74 = phi i32 [ %43, %58 ], [ %66, %62 ], !dbg !46
  %75 = lshr i32 %74, 28, !dbg !48
  %76 = zext i32 %75 to i64, !dbg !49
  %77 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(3)* @_ZZ19branches_tile_queueE6s_bins, i64 0, i64 %76, !dbg !49
  %78 = addrspacecast i32 addrspace(3)* %77 to i32*, !dbg !49
  %79 = atomicrmw add i32* %78, i32 1 seq_cst, align 4, !dbg !50
  %80 = lshr i32 %73, 28, !dbg !48
  %81 = zext i32 %80 to i64, !dbg !49
  %82 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(3)* @_ZZ19branches_tile_queueE6s_bins, i64 0, i64 %81, !dbg !49
  %83 = addrspacecast i32 addrspace(3)* %82 to i32*, !dbg !49
  %84 = atomicrmw add i32* %83, i32 1 seq_cst, align 4, !dbg !50
  %85 = lshr i32 %72, 28, !dbg !48
  %86 = zext i32 %85 to i64, !dbg !49
  %87 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(3)* @_ZZ19branches_tile_queueE6s_bins, i64 0, i64 %86, !dbg !49
  %88 = addrspacecast i32 addrspace(3)* %87 to i32*, !dbg !49
  %89 = atomicrmw add i32* %88, i32 1 seq_cst, align 4, !dbg !50
  %90 = lshr i32 %71, 28, !dbg !48
  %91 = zext i32 %90 to i64, !dbg !49
  %92 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(3)* @_ZZ19branches_tile_queueE6s_bins, i64 0, i64 %91, !dbg !49
  %93 = addrspacecast i32 addrspace(3)* %92 to i32*, !dbg !49
  %94 = atomicrmw add i32* %93, i32 1 seq_cst, align 4, !dbg !50
  tail call void @llvm.nvvm.barrier0(), !dbg !52
  %95 = and i32 %5, 15, !dbg !53
  %96 = zext i32 %95 to i64, !dbg !54
  %97 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(3)* @_ZZ19branches_tile_queueE6s_bins, i64 0, i64 %96, !dbg !54
  %98 = addrspacecast i32 addrspace(3)* %97 to i32*, !dbg !54
  %99 = load i32, i32* %98, align 4, !dbg !54, !tbaa !21
  %100 = icmp eq i32 %99, 512, !dbg !55
  %101 = and i1 %6, %100, !dbg !56
  %102 = zext i1 %101 to i32, !dbg !57
  %103 = tail call i32 @llvm.nvvm.barrier0.or(i32 %102) #3, !dbg !58
  %104 = icmp eq i32 %103, 0, !dbg !61
  %105 = add i32 %19, %5
  %106 = icmp slt i32 %105, %3, !dbg !46
  br i1 %104, label %108, label %107, !dbg !61

107:                                              ; preds = %70
  br i1 %106, label %109, label %112, !dbg !62

108:                                              ; preds = %70
  br i1 %106, label %130, label %134, !dbg !63

109:                                              ; preds = %107
  %110 = sext i32 %105 to i64, !dbg !64
  %111 = getelementptr inbounds i32, i32* %2, i64 %110, !dbg !64
  store i32 %74, i32* %111, align 4, !dbg !65, !tbaa !21
  br label %112, !dbg !64

112:                                              ; preds = %109, %107
  %113 = add i32 %105, 128, !dbg !66
  %114 = icmp slt i32 %113, %3, !dbg !67
  br i1 %114, label %115, label %118, !dbg !62

115:                                              ; preds = %112
  %116 = sext i32 %113 to i64, !dbg !64
  %117 = getelementptr inbounds i32, i32* %2, i64 %116, !dbg !64
  store i32 %73, i32* %117, align 4, !dbg !65, !tbaa !21
  br label %118, !dbg !64

118:                                              ; preds = %115, %112
  %119 = add i32 %105, 256, !dbg !66
  %120 = icmp slt i32 %119, %3, !dbg !67
  br i1 %120, label %121, label %124, !dbg !62

121:                                              ; preds = %118
  %122 = sext i32 %119 to i64, !dbg !64
  %123 = getelementptr inbounds i32, i32* %2, i64 %122, !dbg !64
  store i32 %72, i32* %123, align 4, !dbg !65, !tbaa !21
  br label %124, !dbg !64

124:                                              ; preds = %121, %118
  %125 = add i32 %105, 384, !dbg !66
  %126 = icmp slt i32 %125, %3, !dbg !67
  br i1 %126, label %127, label %155, !dbg !62

127:                                              ; preds = %124
  %128 = sext i32 %125 to i64, !dbg !64
  %129 = getelementptr inbounds i32, i32* %2, i64 %128, !dbg !64
  store i32 %71, i32* %129, align 4, !dbg !65, !tbaa !21
  br label %155, !dbg !64

130:                                              ; preds = %108
  %131 = sext i32 %105 to i64, !dbg !68
  %132 = getelementptr inbounds i32, i32* %2, i64 %131, !dbg !68
  %133 = xor i32 %74, 1, !dbg !69
  store i32 %133, i32* %132, align 4, !dbg !70, !tbaa !21
  br label %134, !dbg !68

134:                                              ; preds = %130, %108
  %135 = add i32 %105, 128, !dbg !71
  %136 = icmp slt i32 %135, %3, !dbg !72
  br i1 %136, label %137, label %141, !dbg !63

137:                                              ; preds = %134
  %138 = sext i32 %135 to i64, !dbg !68
  %139 = getelementptr inbounds i32, i32* %2, i64 %138, !dbg !68
  %140 = xor i32 %73, 1, !dbg !69
  store i32 %140, i32* %139, align 4, !dbg !70, !tbaa !21
  br label %141, !dbg !68

141:                                              ; preds = %137, %134
  %142 = add i32 %105, 256, !dbg !71
  %143 = icmp slt i32 %142, %3, !dbg !72
  br i1 %143, label %144, label %148, !dbg !63

144:                                              ; preds = %141
  %145 = sext i32 %142 to i64, !dbg !68
  %146 = getelementptr inbounds i32, i32* %2, i64 %145, !dbg !68
  %147 = xor i32 %72, 1, !dbg !69
  store i32 %147, i32* %146, align 4, !dbg !70, !tbaa !21
  br label %148, !dbg !68

148:                                              ; preds = %144, %141
  %149 = add i32 %105, 384, !dbg !71
  %150 = icmp slt i32 %149, %3, !dbg !72
  br i1 %150, label %151, label %155, !dbg !63

151:                                              ; preds = %148
  %152 = sext i32 %149 to i64, !dbg !68
  %153 = getelementptr inbounds i32, i32* %2, i64 %152, !dbg !68
  %154 = xor i32 %71, 1, !dbg !69
  store i32 %154, i32* %153, align 4, !dbg !70, !tbaa !21
  br label %155, !dbg !68

155:                                              ; preds = %148, %151, %124, %127
  ret void, !dbg !73
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: convergent nounwind
declare i32 @llvm.nvvm.barrier0.or(i32) #1

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { convergent nounwind }
attributes #2 = { nofree nosync nounwind readnone speculatable }
attributes #3 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2, !3}
!llvm.module.flags = !{!4, !5, !6, !7, !8}
!llvm.ident = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/branches_tile_queue.cu", directory: ".")
!2 = !{void (i32*, i32*, i32*, i32)* @branches_tile_queue, !"kernel", i32 1}
!3 = !{void (i32*, i32*, i32*, i32)* @branches_tile_queue, !"maxntidx", i32 128}
!4 = !{i32 7, !"Dwarf Version", i32 2}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 1, !"wchar_size", i32 4}
!7 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!8 = !{i32 7, !"frame-pointer", i32 2}
!9 = !{!"Debian clang version 14.0.6"}
!10 = distinct !DISubprogram(name: "branches_tile_queue", scope: !1, file: !1, line: 20, type: !11, scopeLine: 21, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !12)
!11 = !DISubroutineType(types: !12)
!12 = !{}
!13 = !DILocation(line: 53, column: 3, scope: !14, inlinedAt: !16)
!14 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !15, file: !15, line: 53, type: !11, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !12)
!15 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!16 = distinct !DILocation(line: 24, column: 18, scope: !10)
!17 = !DILocation(line: 25, column: 11, scope: !10)
!18 = !DILocation(line: 25, column: 9, scope: !10)
!19 = !DILocation(line: 26, column: 9, scope: !10)
!20 = !DILocation(line: 26, column: 19, scope: !10)
!21 = !{!22, !22, i64 0}
!22 = !{!"int", !23, i64 0}
!23 = !{!"omnipotent char", !24, i64 0}
!24 = !{!"Simple C++ TBAA"}
!25 = !DILocation(line: 27, column: 11, scope: !10)
!26 = !DILocation(line: 27, column: 9, scope: !10)
!27 = !DILocation(line: 30, column: 22, scope: !10)
!28 = !DILocation(line: 93, column: 12, scope: !29, inlinedAt: !31)
!29 = distinct !DISubprogram(name: "atomicAdd", scope: !30, file: !30, line: 91, type: !11, scopeLine: 92, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !12)
!30 = !DIFile(filename: "examples/kernels/clang_cuda_shim.h", directory: ".")
!31 = distinct !DILocation(line: 28, column: 18, scope: !10)
!32 = !DILocation(line: 28, column: 16, scope: !10)
!33 = !DILocation(line: 28, column: 9, scope: !10)
!34 = !DILocation(line: 29, column: 5, scope: !10)
!35 = !DILocation(line: 30, column: 29, scope: !10)
!36 = !DILocation(line: 33, column: 14, scope: !10)
!37 = !DILocation(line: 33, column: 42, scope: !10)
!38 = !DILocation(line: 33, column: 9, scope: !10)
!39 = !DILocation(line: 36, column: 20, scope: !10)
!40 = !DILocation(line: 36, column: 49, scope: !10)
!41 = !DILocation(line: 47, column: 5, scope: !10)
!42 = !DILocation(line: 42, column: 21, scope: !10)
!43 = !DILocation(line: 42, column: 17, scope: !10)
!44 = !DILocation(line: 43, column: 24, scope: !10)
!45 = !DILocation(line: 43, column: 17, scope: !10)
!46 = !DILocation(line: 0, scope: !10)
!47 = !DILocation(line: 40, column: 47, scope: !10)
!48 = !DILocation(line: 48, column: 32, scope: !10)
!49 = !DILocation(line: 48, column: 20, scope: !10)
!50 = !DILocation(line: 93, column: 12, scope: !29, inlinedAt: !51)
!51 = distinct !DILocation(line: 48, column: 9, scope: !10)
!52 = !DILocation(line: 49, column: 5, scope: !10)
!53 = !DILocation(line: 51, column: 42, scope: !10)
!54 = !DILocation(line: 51, column: 33, scope: !10)
!55 = !DILocation(line: 51, column: 49, scope: !10)
!56 = !DILocation(line: 51, column: 30, scope: !10)
!57 = !DILocation(line: 52, column: 26, scope: !10)
!58 = !DILocation(line: 34, column: 72, scope: !59, inlinedAt: !60)
!59 = distinct !DISubprogram(name: "__syncthreads_or", scope: !30, file: !30, line: 34, type: !11, scopeLine: 34, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !12)
!60 = distinct !DILocation(line: 52, column: 9, scope: !10)
!61 = !DILocation(line: 52, column: 9, scope: !10)
!62 = !DILocation(line: 56, column: 17, scope: !10)
!63 = !DILocation(line: 63, column: 17, scope: !10)
!64 = !DILocation(line: 57, column: 17, scope: !10)
!65 = !DILocation(line: 57, column: 26, scope: !10)
!66 = !DILocation(line: 55, column: 47, scope: !10)
!67 = !DILocation(line: 56, column: 21, scope: !10)
!68 = !DILocation(line: 64, column: 17, scope: !10)
!69 = !DILocation(line: 64, column: 33, scope: !10)
!70 = !DILocation(line: 64, column: 26, scope: !10)
!71 = !DILocation(line: 62, column: 47, scope: !10)
!72 = !DILocation(line: 63, column: 21, scope: !10)
!73 = !DILocation(line: 67, column: 1, scope: !10)
