; ModuleID = 'examples/kernels/reduce_warp_shuffle.cu'
source_filename = "examples/kernels/reduce_warp_shuffle.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @reduce_warp_shuffle(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 !dbg !9 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3, !dbg !12
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3, !dbg !16
  %6 = mul i32 %4, %5, !dbg !19
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3, !dbg !20
  %8 = add i32 %6, %7, !dbg !23
  %9 = icmp ult i32 %8, %2, !dbg !24
  br i1 %9, label %10, label %14, !dbg !25

10:                                               ; preds = %3
  %11 = zext i32 %8 to i64, !dbg !26
  %12 = getelementptr inbounds i32, i32* %0, i64 %11, !dbg !26
  %13 = load i32, i32* %12, align 4, !dbg !26, !tbaa !27
  br label %14, !dbg !25

14:                                               ; preds = %3, %10
  %15 = phi i32 [ %13, %10 ], [ 0, %3 ], !dbg !25
  %16 = tail call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %15, i32 16, i32 31) #3, !dbg !31
  %17 = add i32 %16, %15, !dbg !35
  %18 = tail call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %17, i32 8, i32 31) #3, !dbg !31
  %19 = add i32 %18, %17, !dbg !35
  %20 = tail call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %19, i32 4, i32 31) #3, !dbg !31
  %21 = add i32 %20, %19, !dbg !35
  %22 = tail call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %21, i32 2, i32 31) #3, !dbg !31
  %23 = add i32 %22, %21, !dbg !35
  %24 = tail call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %23, i32 1, i32 31) #3, !dbg !31
  %25 = and i32 %7, 31, !dbg !36
  %26 = icmp eq i32 %25, 0, !dbg !37
  br i1 %26, label %27, label %32, !dbg !38

27:                                               ; preds = %14
  %28 = add i32 %24, %23, !dbg !35
  %29 = lshr i32 %8, 5, !dbg !39
  %30 = zext i32 %29 to i64, !dbg !40
  %31 = getelementptr inbounds i32, i32* %1, i64 %30, !dbg !40
  store i32 %28, i32* %31, align 4, !dbg !41, !tbaa !27
  br label %32, !dbg !40

32:                                               ; preds = %27, %14
  ret void, !dbg !42
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: convergent inaccessiblememonly nounwind
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32) #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { convergent inaccessiblememonly nounwind }
attributes #3 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/reduce_warp_shuffle.cu", directory: ".")
!2 = !{void (i32*, i32*, i32)* @reduce_warp_shuffle, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "reduce_warp_shuffle", scope: !1, file: !1, line: 12, type: !10, scopeLine: 13, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 66, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 14, column: 18, scope: !9)
!16 = !DILocation(line: 79, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 14, column: 31, scope: !9)
!19 = !DILocation(line: 14, column: 29, scope: !9)
!20 = !DILocation(line: 53, column: 3, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!22 = distinct !DILocation(line: 14, column: 44, scope: !9)
!23 = !DILocation(line: 14, column: 42, scope: !9)
!24 = !DILocation(line: 15, column: 21, scope: !9)
!25 = !DILocation(line: 15, column: 18, scope: !9)
!26 = !DILocation(line: 15, column: 28, scope: !9)
!27 = !{!28, !28, i64 0}
!28 = !{!"int", !29, i64 0}
!29 = !{!"omnipotent char", !30, i64 0}
!30 = !{!"Simple C++ TBAA"}
!31 = !DILocation(line: 45, column: 22, scope: !32, inlinedAt: !34)
!32 = distinct !DISubprogram(name: "__shfl_down_sync", scope: !33, file: !33, line: 43, type: !10, scopeLine: 44, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!33 = !DIFile(filename: "examples/kernels/clang_cuda_shim.h", directory: ".")
!34 = distinct !DILocation(line: 20, column: 14, scope: !9)
!35 = !DILocation(line: 20, column: 11, scope: !9)
!36 = !DILocation(line: 22, column: 22, scope: !9)
!37 = !DILocation(line: 22, column: 29, scope: !9)
!38 = !DILocation(line: 22, column: 9, scope: !9)
!39 = !DILocation(line: 23, column: 15, scope: !9)
!40 = !DILocation(line: 23, column: 9, scope: !9)
!41 = !DILocation(line: 23, column: 21, scope: !9)
!42 = !DILocation(line: 24, column: 1, scope: !9)
