; ModuleID = 'examples/kernels/bitonic_sort_block.cu'
source_filename = "examples/kernels/bitonic_sort_block.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ18bitonic_sort_blockE1s = internal unnamed_addr addrspace(3) global [1024 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @bitonic_sort_block(i32* nocapture noundef %0) local_unnamed_addr #0 !dbg !9 {
  %2 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3, !dbg !12
  %3 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3, !dbg !16
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3, !dbg !19
  %5 = mul i32 %3, %4, !dbg !22
  %6 = add i32 %5, %2, !dbg !23
  %7 = zext i32 %6 to i64, !dbg !24
  %8 = getelementptr inbounds i32, i32* %0, i64 %7, !dbg !24
  %9 = load i32, i32* %8, align 4, !dbg !24, !tbaa !25
  %10 = zext i32 %2 to i64, !dbg !29
  %11 = getelementptr inbounds [1024 x i32], [1024 x i32] addrspace(3)* @_ZZ18bitonic_sort_blockE1s, i64 0, i64 %10, !dbg !29
  %12 = addrspacecast i32 addrspace(3)* %11 to i32*, !dbg !29
  store i32 %9, i32* %12, align 4, !dbg !30, !tbaa !25
  tail call void @llvm.nvvm.barrier0(), !dbg !31
  %13 = icmp ult i32 %4, 2, !dbg !32
  br i1 %13, label %22, label %14, !dbg !33

14:                                               ; preds = %1, %24
  %15 = phi i32 [ %25, %24 ], [ 2, %1 ]
  %16 = icmp eq i32 %15, 0, !dbg !34
  br i1 %16, label %24, label %17, !dbg !35

17:                                               ; preds = %14
  %18 = and i32 %15, %2
  %19 = icmp eq i32 %18, 0
  br label %27, !dbg !35

20:                                               ; preds = %24
  %21 = load i32, i32* %12, align 4, !dbg !36, !tbaa !25
  br label %22, !dbg !36

22:                                               ; preds = %20, %1
  %23 = phi i32 [ %21, %20 ], [ %9, %1 ], !dbg !36
  store i32 %23, i32* %8, align 4, !dbg !37, !tbaa !25
  ret void, !dbg !38

24:                                               ; preds = %43, %14
  %25 = shl i32 %15, 1, !dbg !39
  %26 = icmp ugt i32 %25, %4, !dbg !32
  br i1 %26, label %20, label %14, !dbg !33, !llvm.loop !40

27:                                               ; preds = %17, %43
  %28 = phi i32 [ %15, %17 ], [ %29, %43 ]
  %29 = lshr i32 %28, 1, !dbg !43
  %30 = xor i32 %29, %2, !dbg !44
  %31 = icmp ugt i32 %30, %2, !dbg !45
  br i1 %31, label %32, label %43, !dbg !46

32:                                               ; preds = %27
  %33 = load i32, i32* %12, align 4, !dbg !47, !tbaa !25
  %34 = zext i32 %30 to i64, !dbg !48
  %35 = getelementptr inbounds [1024 x i32], [1024 x i32] addrspace(3)* @_ZZ18bitonic_sort_blockE1s, i64 0, i64 %34, !dbg !48
  %36 = addrspacecast i32 addrspace(3)* %35 to i32*, !dbg !48
  %37 = load i32, i32* %36, align 4, !dbg !48, !tbaa !25
  br i1 %19, label %38, label %40, !dbg !49

38:                                               ; preds = %32
  %39 = icmp ugt i32 %33, %37, !dbg !50
  br i1 %39, label %42, label %43, !dbg !49

40:                                               ; preds = %32
  %41 = icmp ult i32 %33, %37, !dbg !51
  br i1 %41, label %42, label %43, !dbg !49

42:                                               ; preds = %40, %38
  store i32 %37, i32* %12, align 4, !dbg !52, !tbaa !25
  store i32 %33, i32* %36, align 4, !dbg !53, !tbaa !25
  br label %43, !dbg !54

43:                                               ; preds = %38, %40, %42, %27
  tail call void @llvm.nvvm.barrier0(), !dbg !55
  %44 = icmp ult i32 %28, 4, !dbg !34
  br i1 %44, label %24, label %27, !dbg !35, !llvm.loop !56
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { convergent nounwind }
attributes #2 = { nofree nosync nounwind readnone speculatable }
attributes #3 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/bitonic_sort_block.cu", directory: ".")
!2 = !{void (i32*)* @bitonic_sort_block, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "bitonic_sort_block", scope: !1, file: !1, line: 14, type: !10, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 53, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 18, column: 20, scope: !9)
!16 = !DILocation(line: 66, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 19, column: 21, scope: !9)
!19 = !DILocation(line: 79, column: 3, scope: !20, inlinedAt: !21)
!20 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!21 = distinct !DILocation(line: 19, column: 34, scope: !9)
!22 = !DILocation(line: 19, column: 32, scope: !9)
!23 = !DILocation(line: 20, column: 24, scope: !9)
!24 = !DILocation(line: 20, column: 14, scope: !9)
!25 = !{!26, !26, i64 0}
!26 = !{!"int", !27, i64 0}
!27 = !{!"omnipotent char", !28, i64 0}
!28 = !{!"Simple C++ TBAA"}
!29 = !DILocation(line: 20, column: 5, scope: !9)
!30 = !DILocation(line: 20, column: 12, scope: !9)
!31 = !DILocation(line: 21, column: 5, scope: !9)
!32 = !DILocation(line: 23, column: 28, scope: !9)
!33 = !DILocation(line: 23, column: 5, scope: !9)
!34 = !DILocation(line: 24, column: 37, scope: !9)
!35 = !DILocation(line: 24, column: 9, scope: !9)
!36 = !DILocation(line: 38, column: 24, scope: !9)
!37 = !DILocation(line: 38, column: 22, scope: !9)
!38 = !DILocation(line: 39, column: 1, scope: !9)
!39 = !DILocation(line: 23, column: 45, scope: !9)
!40 = distinct !{!40, !33, !41, !42}
!41 = !DILocation(line: 36, column: 5, scope: !9)
!42 = !{!"llvm.loop.mustprogress"}
!43 = !DILocation(line: 0, scope: !9)
!44 = !DILocation(line: 25, column: 36, scope: !9)
!45 = !DILocation(line: 26, column: 25, scope: !9)
!46 = !DILocation(line: 26, column: 17, scope: !9)
!47 = !DILocation(line: 27, column: 30, scope: !9)
!48 = !DILocation(line: 27, column: 42, scope: !9)
!49 = !DILocation(line: 29, column: 21, scope: !9)
!50 = !DILocation(line: 29, column: 36, scope: !9)
!51 = !DILocation(line: 29, column: 46, scope: !9)
!52 = !DILocation(line: 30, column: 28, scope: !9)
!53 = !DILocation(line: 31, column: 32, scope: !9)
!54 = !DILocation(line: 32, column: 17, scope: !9)
!55 = !DILocation(line: 34, column: 13, scope: !9)
!56 = distinct !{!56, !35, !57, !42}
!57 = !DILocation(line: 35, column: 9, scope: !9)
