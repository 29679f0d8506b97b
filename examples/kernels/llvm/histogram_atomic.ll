; ModuleID = 'examples/kernels/histogram_atomic.cu'
source_filename = "examples/kernels/histogram_atomic.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ16histogram_atomicE5local = internal addrspace(3) global [64 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @histogram_atomic(i32* nocapture noundef readonly %0, i32* nocapture noundef %1, i32 noundef %2) local_unnamed_addr #0 !dbg !9 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3, !dbg !12
  %5 = icmp ult i32 %4, 64, !dbg !16
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3, !dbg !17
  br i1 %5, label %14, label %7, !dbg !18

7:                                                ; preds = %14, %3
  tail call void @llvm.nvvm.barrier0(), !dbg !19
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #3, !dbg !20
  %9 = mul i32 %8, %6, !dbg !23
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3, !dbg !24
  %11 = mul i32 %10, %6, !dbg !27
  %12 = add i32 %11, %4, !dbg !28
  %13 = icmp ult i32 %12, %2, !dbg !29
  br i1 %13, label %22, label %21, !dbg !30

14:                                               ; preds = %3, %14
  %15 = phi i32 [ %19, %14 ], [ %4, %3 ]
  %16 = zext i32 %15 to i64, !dbg !31
  %17 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @_ZZ16histogram_atomicE5local, i64 0, i64 %16, !dbg !31
  %18 = addrspacecast i32 addrspace(3)* %17 to i32*, !dbg !31
  store i32 0, i32* %18, align 4, !dbg !32, !tbaa !33
  %19 = add i32 %15, %6, !dbg !37
  %20 = icmp ult i32 %19, 64, !dbg !16
  br i1 %20, label %14, label %7, !dbg !18, !llvm.loop !38

21:                                               ; preds = %22, %7
  tail call void @llvm.nvvm.barrier0(), !dbg !41
  br i1 %5, label %35, label %34, !dbg !42

22:                                               ; preds = %7, %22
  %23 = phi i32 [ %32, %22 ], [ %12, %7 ]
  %24 = zext i32 %23 to i64, !dbg !43
  %25 = getelementptr inbounds i32, i32* %0, i64 %24, !dbg !43
  %26 = load i32, i32* %25, align 4, !dbg !43, !tbaa !33
  %27 = and i32 %26, 63, !dbg !44
  %28 = zext i32 %27 to i64, !dbg !45
  %29 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @_ZZ16histogram_atomicE5local, i64 0, i64 %28, !dbg !45
  %30 = addrspacecast i32 addrspace(3)* %29 to i32*, !dbg !45
  %31 = atomicrmw add i32* %30, i32 1 seq_cst, align 4, !dbg !46
  %32 = add i32 %23, %9, !dbg !50
  %33 = icmp ult i32 %32, %2, !dbg !29
  br i1 %33, label %22, label %21, !dbg !30, !llvm.loop !51

34:                                               ; preds = %45, %21
  ret void, !dbg !53

35:                                               ; preds = %21, %45
  %36 = phi i32 [ %46, %45 ], [ %4, %21 ]
  %37 = zext i32 %36 to i64, !dbg !54
  %38 = getelementptr inbounds [64 x i32], [64 x i32] addrspace(3)* @_ZZ16histogram_atomicE5local, i64 0, i64 %37, !dbg !54
  %39 = addrspacecast i32 addrspace(3)* %38 to i32*, !dbg !54
  %40 = load i32, i32* %39, align 4, !dbg !54, !tbaa !33
  %41 = icmp eq i32 %40, 0, !dbg !55
  br i1 %41, label %45, label %42, !dbg !56

42:                                               ; preds = %35
  %43 = getelementptr inbounds i32, i32* %1, i64 %37, !dbg !57
  %44 = atomicrmw add i32* %43, i32 %40 seq_cst, align 4, !dbg !58
  br label %45, !dbg !60

45:                                               ; preds = %42, %35
  %46 = add i32 %36, %6, !dbg !61
  %47 = icmp ult i32 %46, 64, !dbg !62
  br i1 %47, label %35, label %34, !dbg !42, !llvm.loop !63
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #2

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
!1 = !DIFile(filename: "examples/kernels/histogram_atomic.cu", directory: ".")
!2 = !{void (i32*, i32*, i32)* @histogram_atomic, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "histogram_atomic", scope: !1, file: !1, line: 14, type: !10, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 53, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 18, column: 23, scope: !9)
!16 = !DILocation(line: 18, column: 38, scope: !9)
!17 = !DILocation(line: 0, scope: !9)
!18 = !DILocation(line: 18, column: 5, scope: !9)
!19 = !DILocation(line: 20, column: 5, scope: !9)
!20 = !DILocation(line: 92, column: 3, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 92, type: !10, scopeLine: 92, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!22 = distinct !DILocation(line: 22, column: 23, scope: !9)
!23 = !DILocation(line: 22, column: 33, scope: !9)
!24 = !DILocation(line: 66, column: 3, scope: !25, inlinedAt: !26)
!25 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!26 = distinct !DILocation(line: 23, column: 23, scope: !9)
!27 = !DILocation(line: 23, column: 34, scope: !9)
!28 = !DILocation(line: 23, column: 47, scope: !9)
!29 = !DILocation(line: 23, column: 64, scope: !9)
!30 = !DILocation(line: 23, column: 5, scope: !9)
!31 = !DILocation(line: 19, column: 9, scope: !9)
!32 = !DILocation(line: 19, column: 18, scope: !9)
!33 = !{!34, !34, i64 0}
!34 = !{!"int", !35, i64 0}
!35 = !{!"omnipotent char", !36, i64 0}
!36 = !{!"Simple C++ TBAA"}
!37 = !DILocation(line: 18, column: 48, scope: !9)
!38 = distinct !{!38, !18, !39, !40}
!39 = !DILocation(line: 19, column: 20, scope: !9)
!40 = !{!"llvm.loop.mustprogress"}
!41 = !DILocation(line: 25, column: 5, scope: !9)
!42 = !DILocation(line: 27, column: 5, scope: !9)
!43 = !DILocation(line: 24, column: 26, scope: !9)
!44 = !DILocation(line: 24, column: 32, scope: !9)
!45 = !DILocation(line: 24, column: 20, scope: !9)
!46 = !DILocation(line: 90, column: 12, scope: !47, inlinedAt: !49)
!47 = distinct !DISubprogram(name: "atomicAdd", scope: !48, file: !48, line: 88, type: !10, scopeLine: 89, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!48 = !DIFile(filename: "examples/kernels/clang_cuda_shim.h", directory: ".")
!49 = distinct !DILocation(line: 24, column: 9, scope: !9)
!50 = !DILocation(line: 23, column: 71, scope: !9)
!51 = distinct !{!51, !30, !52, !40}
!52 = !DILocation(line: 24, column: 49, scope: !9)
!53 = !DILocation(line: 32, column: 1, scope: !9)
!54 = !DILocation(line: 28, column: 26, scope: !9)
!55 = !DILocation(line: 29, column: 19, scope: !9)
!56 = !DILocation(line: 29, column: 13, scope: !9)
!57 = !DILocation(line: 30, column: 24, scope: !9)
!58 = !DILocation(line: 90, column: 12, scope: !47, inlinedAt: !59)
!59 = distinct !DILocation(line: 30, column: 13, scope: !9)
!60 = !DILocation(line: 30, column: 13, scope: !9)
!61 = !DILocation(line: 27, column: 48, scope: !9)
!62 = !DILocation(line: 27, column: 38, scope: !9)
!63 = distinct !{!63, !42, !64, !40}
!64 = !DILocation(line: 31, column: 5, scope: !9)
