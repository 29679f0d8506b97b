; ModuleID = 'examples/kernels/scan_block_inclusive.cu'
source_filename = "examples/kernels/scan_block_inclusive.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ20scan_block_inclusiveE3buf = internal unnamed_addr addrspace(3) global [2 x [256 x i32]] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @scan_block_inclusive(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 !dbg !9 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3, !dbg !12
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3, !dbg !16
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3, !dbg !19
  %7 = mul i32 %5, %6, !dbg !22
  %8 = add i32 %7, %4, !dbg !23
  %9 = icmp ult i32 %8, %2, !dbg !24
  br i1 %9, label %10, label %14, !dbg !25

10:                                               ; preds = %3
  %11 = zext i32 %8 to i64, !dbg !26
  %12 = getelementptr inbounds i32, i32* %0, i64 %11, !dbg !26
  %13 = load i32, i32* %12, align 4, !dbg !26, !tbaa !27
  br label %14, !dbg !25

14:                                               ; preds = %3, %10
  %15 = phi i32 [ %13, %10 ], [ 0, %3 ], !dbg !25
  %16 = zext i32 %4 to i64, !dbg !31
  %17 = getelementptr inbounds [2 x [256 x i32]], [2 x [256 x i32]] addrspace(3)* @_ZZ20scan_block_inclusiveE3buf, i64 0, i64 0, i64 %16, !dbg !31
  %18 = addrspacecast i32 addrspace(3)* %17 to i32*, !dbg !31
  store i32 %15, i32* %18, align 4, !dbg !32, !tbaa !27
  tail call void @llvm.nvvm.barrier0(), !dbg !33
  %19 = icmp ugt i32 %6, 1, !dbg !34
  br i1 %19, label %22, label %20, !dbg !35

20:                                               ; preds = %35, %14
  %21 = phi i32 [ %15, %14 ], [ %36, %35 ]
  br i1 %9, label %43, label %46, !dbg !36

22:                                               ; preds = %14, %35
  %23 = phi i32 [ %36, %35 ], [ %15, %14 ], !dbg !37
  %24 = phi i32 [ %41, %35 ], [ 1, %14 ]
  %25 = phi i32 [ %37, %35 ], [ 0, %14 ]
  %26 = icmp ult i32 %4, %24, !dbg !38
  br i1 %26, label %35, label %27, !dbg !39

27:                                               ; preds = %22
  %28 = zext i32 %25 to i64, !dbg !37
  %29 = sub i32 %4, %24, !dbg !40
  %30 = zext i32 %29 to i64, !dbg !41
  %31 = getelementptr inbounds [2 x [256 x i32]], [2 x [256 x i32]] addrspace(3)* @_ZZ20scan_block_inclusiveE3buf, i64 0, i64 %28, i64 %30, !dbg !41
  %32 = addrspacecast i32 addrspace(3)* %31 to i32*, !dbg !41
  %33 = load i32, i32* %32, align 4, !dbg !41, !tbaa !27
  %34 = add i32 %33, %23, !dbg !42
  br label %35, !dbg !43

35:                                               ; preds = %27, %22
  %36 = phi i32 [ %34, %27 ], [ %23, %22 ], !dbg !44
  %37 = sub i32 1, %25, !dbg !45
  %38 = zext i32 %37 to i64, !dbg !46
  %39 = getelementptr inbounds [2 x [256 x i32]], [2 x [256 x i32]] addrspace(3)* @_ZZ20scan_block_inclusiveE3buf, i64 0, i64 %38, i64 %16, !dbg !46
  %40 = addrspacecast i32 addrspace(3)* %39 to i32*, !dbg !46
  store i32 %36, i32* %40, align 4, !dbg !47, !tbaa !27
  tail call void @llvm.nvvm.barrier0(), !dbg !48
  %41 = shl i32 %24, 1, !dbg !49
  %42 = icmp ult i32 %41, %6, !dbg !34
  br i1 %42, label %22, label %20, !dbg !35, !llvm.loop !50

43:                                               ; preds = %20
  %44 = zext i32 %8 to i64, !dbg !53
  %45 = getelementptr inbounds i32, i32* %1, i64 %44, !dbg !53
  store i32 %21, i32* %45, align 4, !dbg !54, !tbaa !27
  br label %46, !dbg !53

46:                                               ; preds = %43, %20
  ret void, !dbg !55
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
!1 = !DIFile(filename: "examples/kernels/scan_block_inclusive.cu", directory: ".")
!2 = !{void (i32*, i32*, i32)* @scan_block_inclusive, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "scan_block_inclusive", scope: !1, file: !1, line: 14, type: !10, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 53, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 18, column: 20, scope: !9)
!16 = !DILocation(line: 66, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 19, column: 18, scope: !9)
!19 = !DILocation(line: 79, column: 3, scope: !20, inlinedAt: !21)
!20 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!21 = distinct !DILocation(line: 19, column: 31, scope: !9)
!22 = !DILocation(line: 19, column: 29, scope: !9)
!23 = !DILocation(line: 19, column: 42, scope: !9)
!24 = !DILocation(line: 21, column: 24, scope: !9)
!25 = !DILocation(line: 21, column: 21, scope: !9)
!26 = !DILocation(line: 21, column: 31, scope: !9)
!27 = !{!28, !28, i64 0}
!28 = !{!"int", !29, i64 0}
!29 = !{!"omnipotent char", !30, i64 0}
!30 = !{!"Simple C++ TBAA"}
!31 = !DILocation(line: 21, column: 5, scope: !9)
!32 = !DILocation(line: 21, column: 19, scope: !9)
!33 = !DILocation(line: 22, column: 5, scope: !9)
!34 = !DILocation(line: 24, column: 38, scope: !9)
!35 = !DILocation(line: 24, column: 5, scope: !9)
!36 = !DILocation(line: 33, column: 9, scope: !9)
!37 = !DILocation(line: 25, column: 22, scope: !9)
!38 = !DILocation(line: 26, column: 17, scope: !9)
!39 = !DILocation(line: 26, column: 13, scope: !9)
!40 = !DILocation(line: 27, column: 31, scope: !9)
!41 = !DILocation(line: 27, column: 18, scope: !9)
!42 = !DILocation(line: 27, column: 15, scope: !9)
!43 = !DILocation(line: 27, column: 13, scope: !9)
!44 = !DILocation(line: 0, scope: !9)
!45 = !DILocation(line: 28, column: 15, scope: !9)
!46 = !DILocation(line: 28, column: 9, scope: !9)
!47 = !DILocation(line: 28, column: 27, scope: !9)
!48 = !DILocation(line: 30, column: 9, scope: !9)
!49 = !DILocation(line: 24, column: 59, scope: !9)
!50 = distinct !{!50, !35, !51, !52}
!51 = !DILocation(line: 31, column: 5, scope: !9)
!52 = !{!"llvm.loop.mustprogress"}
!53 = !DILocation(line: 34, column: 9, scope: !9)
!54 = !DILocation(line: 34, column: 16, scope: !9)
!55 = !DILocation(line: 35, column: 1, scope: !9)
