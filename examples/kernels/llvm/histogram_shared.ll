; ModuleID = 'examples/kernels/histogram_shared.cu'
source_filename = "examples/kernels/histogram_shared.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ16histogram_sharedE10local_bins = internal addrspace(3) global [256 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @histogram_shared(i32* nocapture noundef readonly %0, i32* nocapture noundef %1, i32 noundef %2) local_unnamed_addr #0 !dbg !9 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3, !dbg !12
  %5 = icmp ult i32 %4, 256, !dbg !16
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3, !dbg !17
  br i1 %5, label %15, label %7, !dbg !18

7:                                                ; preds = %15, %3
  tail call void @llvm.nvvm.barrier0(), !dbg !19
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3, !dbg !20
  %9 = mul i32 %8, %6, !dbg !23
  %10 = add i32 %9, %4, !dbg !24
  %11 = icmp ult i32 %10, %2, !dbg !25
  br i1 %11, label %12, label %22, !dbg !26

12:                                               ; preds = %7
  %13 = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #3, !dbg !17
  %14 = mul i32 %13, %6
  br label %23, !dbg !26

15:                                               ; preds = %3, %15
  %16 = phi i32 [ %20, %15 ], [ %4, %3 ]
  %17 = zext i32 %16 to i64, !dbg !27
  %18 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ16histogram_sharedE10local_bins, i64 0, i64 %17, !dbg !27
  %19 = addrspacecast i32 addrspace(3)* %18 to i32*, !dbg !27
  store i32 0, i32* %19, align 4, !dbg !28, !tbaa !29
  %20 = add i32 %16, %6, !dbg !33
  %21 = icmp ult i32 %20, 256, !dbg !16
  br i1 %21, label %15, label %7, !dbg !18, !llvm.loop !34

22:                                               ; preds = %23, %7
  tail call void @llvm.nvvm.barrier0(), !dbg !37
  br i1 %5, label %36, label %35, !dbg !38

23:                                               ; preds = %12, %23
  %24 = phi i32 [ %10, %12 ], [ %33, %23 ]
  %25 = zext i32 %24 to i64, !dbg !39
  %26 = getelementptr inbounds i32, i32* %0, i64 %25, !dbg !39
  %27 = load i32, i32* %26, align 4, !dbg !39, !tbaa !29
  %28 = and i32 %27, 255, !dbg !40
  %29 = zext i32 %28 to i64, !dbg !41
  %30 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ16histogram_sharedE10local_bins, i64 0, i64 %29, !dbg !41
  %31 = addrspacecast i32 addrspace(3)* %30 to i32*, !dbg !41
  %32 = atomicrmw add i32* %31, i32 1 seq_cst, align 4, !dbg !42
  %33 = add i32 %24, %14, !dbg !46
  %34 = icmp ult i32 %33, %2, !dbg !25
  br i1 %34, label %23, label %22, !dbg !26, !llvm.loop !47

35:                                               ; preds = %36, %22
  ret void, !dbg !49

36:                                               ; preds = %22, %36
  %37 = phi i32 [ %44, %36 ], [ %4, %22 ]
  %38 = zext i32 %37 to i64, !dbg !50
  %39 = getelementptr inbounds i32, i32* %1, i64 %38, !dbg !50
  %40 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ16histogram_sharedE10local_bins, i64 0, i64 %38, !dbg !51
  %41 = addrspacecast i32 addrspace(3)* %40 to i32*, !dbg !51
  %42 = load i32, i32* %41, align 4, !dbg !51, !tbaa !29
  %43 = atomicrmw add i32* %39, i32 %42 seq_cst, align 4, !dbg !52
  %44 = add i32 %37, %6, !dbg !54
  %45 = icmp ult i32 %44, 256, !dbg !55
  br i1 %45, label %36, label %35, !dbg !38, !llvm.loop !56
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { convergent nounwind }
attributes #2 = { nofree nosync nounwind readnone speculatable }
attributes #3 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/histogram_shared.cu", directory: ".")
!2 = !{void (i32*, i32*, i32)* @histogram_shared, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "histogram_shared", scope: !1, file: !1, line: 20, type: !10, scopeLine: 21, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 53, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 23, column: 18, scope: !9)
!16 = !DILocation(line: 24, column: 28, scope: !9)
!17 = !DILocation(line: 0, scope: !9)
!18 = !DILocation(line: 24, column: 5, scope: !9)
!19 = !DILocation(line: 26, column: 5, scope: !9)
!20 = !DILocation(line: 66, column: 3, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!22 = distinct !DILocation(line: 28, column: 23, scope: !9)
!23 = !DILocation(line: 28, column: 34, scope: !9)
!24 = !DILocation(line: 28, column: 47, scope: !9)
!25 = !DILocation(line: 28, column: 54, scope: !9)
!26 = !DILocation(line: 28, column: 5, scope: !9)
!27 = !DILocation(line: 25, column: 9, scope: !9)
!28 = !DILocation(line: 25, column: 23, scope: !9)
!29 = !{!30, !30, i64 0}
!30 = !{!"int", !31, i64 0}
!31 = !{!"omnipotent char", !32, i64 0}
!32 = !{!"Simple C++ TBAA"}
!33 = !DILocation(line: 24, column: 38, scope: !9)
!34 = distinct !{!34, !18, !35, !36}
!35 = !DILocation(line: 25, column: 25, scope: !9)
!36 = !{!"llvm.loop.mustprogress"}
!37 = !DILocation(line: 32, column: 5, scope: !9)
!38 = !DILocation(line: 34, column: 5, scope: !9)
!39 = !DILocation(line: 29, column: 22, scope: !9)
!40 = !DILocation(line: 30, column: 33, scope: !9)
!41 = !DILocation(line: 30, column: 20, scope: !9)
!42 = !DILocation(line: 93, column: 12, scope: !43, inlinedAt: !45)
!43 = distinct !DISubprogram(name: "atomicAdd", scope: !44, file: !44, line: 91, type: !10, scopeLine: 92, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!44 = !DIFile(filename: "examples/kernels/clang_cuda_shim.h", directory: ".")
!45 = distinct !DILocation(line: 30, column: 9, scope: !9)
!46 = !DILocation(line: 28, column: 61, scope: !9)
!47 = distinct !{!47, !26, !48, !36}
!48 = !DILocation(line: 31, column: 5, scope: !9)
!49 = !DILocation(line: 36, column: 1, scope: !9)
!50 = !DILocation(line: 35, column: 20, scope: !9)
!51 = !DILocation(line: 35, column: 29, scope: !9)
!52 = !DILocation(line: 93, column: 12, scope: !43, inlinedAt: !53)
!53 = distinct !DILocation(line: 35, column: 9, scope: !9)
!54 = !DILocation(line: 34, column: 38, scope: !9)
!55 = !DILocation(line: 34, column: 28, scope: !9)
!56 = distinct !{!56, !38, !57, !36}
!57 = !DILocation(line: 35, column: 42, scope: !9)
