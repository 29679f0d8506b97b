; ModuleID = 'examples/kernels/scan_warp_inclusive.cu'
source_filename = "examples/kernels/scan_warp_inclusive.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @scan_warp_inclusive(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 !dbg !9 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3, !dbg !12
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3, !dbg !16
  %6 = mul i32 %4, %5, !dbg !19
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3, !dbg !20
  %8 = add i32 %6, %7, !dbg !23
  %9 = and i32 %7, 31, !dbg !24
  %10 = icmp ult i32 %8, %2, !dbg !25
  br i1 %10, label %11, label %15, !dbg !26

11:                                               ; preds = %3
  %12 = zext i32 %8 to i64, !dbg !27
  %13 = getelementptr inbounds i32, i32* %0, i64 %12, !dbg !27
  %14 = load i32, i32* %13, align 4, !dbg !27, !tbaa !28
  br label %15, !dbg !26

15:                                               ; preds = %3, %11
  %16 = phi i32 [ %14, %11 ], [ 0, %3 ], !dbg !26
  %17 = tail call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %16, i32 1, i32 0) #3, !dbg !32
  %18 = icmp eq i32 %9, 0, !dbg !36
  %19 = select i1 %18, i32 0, i32 %17, !dbg !37
  %20 = add i32 %19, %16, !dbg !37
  %21 = tail call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %20, i32 2, i32 0) #3, !dbg !32
  %22 = icmp ult i32 %9, 2, !dbg !36
  %23 = select i1 %22, i32 0, i32 %21, !dbg !37
  %24 = add i32 %23, %20, !dbg !37
  %25 = tail call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %24, i32 4, i32 0) #3, !dbg !32
  %26 = icmp ult i32 %9, 4, !dbg !36
  %27 = select i1 %26, i32 0, i32 %25, !dbg !37
  %28 = add i32 %27, %24, !dbg !37
  %29 = tail call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %28, i32 8, i32 0) #3, !dbg !32
  %30 = icmp ult i32 %9, 8, !dbg !36
  %31 = select i1 %30, i32 0, i32 %29, !dbg !37
  %32 = add i32 %31, %28, !dbg !37
  %33 = tail call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %32, i32 16, i32 0) #3, !dbg !32
  br i1 %10, label %34, label %40, !dbg !38

34:                                               ; preds = %15
  %35 = icmp ult i32 %9, 16, !dbg !36
  %36 = select i1 %35, i32 0, i32 %33, !dbg !37
  %37 = add i32 %36, %32, !dbg !37
  %38 = zext i32 %8 to i64, !dbg !39
  %39 = getelementptr inbounds i32, i32* %1, i64 %38, !dbg !39
  store i32 %37, i32* %39, align 4, !dbg !40, !tbaa !28
  br label %40, !dbg !39

40:                                               ; preds = %34, %15
  ret void, !dbg !41
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: convergent inaccessiblememonly nounwind
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32) #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { convergent inaccessiblememonly nounwind }
attributes #3 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/scan_warp_inclusive.cu", directory: ".")
!2 = !{void (i32*, i32*, i32)* @scan_warp_inclusive, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "scan_warp_inclusive", scope: !1, file: !1, line: 12, type: !10, scopeLine: 13, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
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
!24 = !DILocation(line: 15, column: 33, scope: !9)
!25 = !DILocation(line: 16, column: 21, scope: !9)
!26 = !DILocation(line: 16, column: 18, scope: !9)
!27 = !DILocation(line: 16, column: 28, scope: !9)
!28 = !{!29, !29, i64 0}
!29 = !{!"int", !30, i64 0}
!30 = !{!"omnipotent char", !31, i64 0}
!31 = !{!"Simple C++ TBAA"}
!32 = !DILocation(line: 41, column: 22, scope: !33, inlinedAt: !35)
!33 = distinct !DISubprogram(name: "__shfl_up_sync", scope: !34, file: !34, line: 39, type: !10, scopeLine: 40, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!34 = !DIFile(filename: "examples/kernels/clang_cuda_shim.h", directory: ".")
!35 = distinct !DILocation(line: 19, column: 23, scope: !9)
!36 = !DILocation(line: 20, column: 18, scope: !9)
!37 = !DILocation(line: 20, column: 13, scope: !9)
!38 = !DILocation(line: 24, column: 9, scope: !9)
!39 = !DILocation(line: 25, column: 9, scope: !9)
!40 = !DILocation(line: 25, column: 16, scope: !9)
!41 = !DILocation(line: 26, column: 1, scope: !9)
