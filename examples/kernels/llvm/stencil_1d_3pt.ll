; ModuleID = 'examples/kernels/stencil_1d_3pt.cu'
source_filename = "examples/kernels/stencil_1d_3pt.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ14stencil_1d_3ptE4tile = internal unnamed_addr addrspace(3) global [258 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @stencil_1d_3pt(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 !dbg !9 {
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
  %16 = add i32 %4, 1, !dbg !31
  %17 = zext i32 %16 to i64, !dbg !32
  %18 = getelementptr inbounds [258 x i32], [258 x i32] addrspace(3)* @_ZZ14stencil_1d_3ptE4tile, i64 0, i64 %17, !dbg !32
  %19 = addrspacecast i32 addrspace(3)* %18 to i32*, !dbg !32
  store i32 %15, i32* %19, align 4, !dbg !33, !tbaa !27
  %20 = icmp eq i32 %4, 0, !dbg !34
  br i1 %20, label %21, label %32, !dbg !35

21:                                               ; preds = %14
  %22 = icmp eq i32 %8, 0, !dbg !36
  br i1 %22, label %30, label %23, !dbg !37

23:                                               ; preds = %21
  %24 = add i32 %8, -1, !dbg !38
  %25 = icmp ult i32 %24, %2, !dbg !39
  br i1 %25, label %26, label %30, !dbg !40

26:                                               ; preds = %23
  %27 = zext i32 %24 to i64, !dbg !41
  %28 = getelementptr inbounds i32, i32* %0, i64 %27, !dbg !41
  %29 = load i32, i32* %28, align 4, !dbg !41, !tbaa !27
  br label %30, !dbg !40

30:                                               ; preds = %21, %23, %26
  %31 = phi i32 [ %29, %26 ], [ 0, %23 ], [ 0, %21 ], !dbg !40
  store i32 %31, i32* getelementptr inbounds ([258 x i32], [258 x i32]* addrspacecast ([258 x i32] addrspace(3)* @_ZZ14stencil_1d_3ptE4tile to [258 x i32]*), i64 0, i64 0), align 4, !dbg !42, !tbaa !27
  br label %32, !dbg !43

32:                                               ; preds = %30, %14
  %33 = add i32 %6, -1, !dbg !44
  %34 = icmp eq i32 %4, %33, !dbg !45
  br i1 %34, label %35, label %48, !dbg !46

35:                                               ; preds = %32
  %36 = add i32 %8, 1, !dbg !47
  %37 = icmp ult i32 %36, %2, !dbg !48
  br i1 %37, label %38, label %42, !dbg !49

38:                                               ; preds = %35
  %39 = zext i32 %36 to i64, !dbg !50
  %40 = getelementptr inbounds i32, i32* %0, i64 %39, !dbg !50
  %41 = load i32, i32* %40, align 4, !dbg !50, !tbaa !27
  br label %42, !dbg !49

42:                                               ; preds = %35, %38
  %43 = phi i32 [ %41, %38 ], [ 0, %35 ], !dbg !49
  %44 = add i32 %6, 1, !dbg !51
  %45 = zext i32 %44 to i64, !dbg !52
  %46 = getelementptr inbounds [258 x i32], [258 x i32] addrspace(3)* @_ZZ14stencil_1d_3ptE4tile, i64 0, i64 %45, !dbg !52
  %47 = addrspacecast i32 addrspace(3)* %46 to i32*, !dbg !52
  store i32 %43, i32* %47, align 4, !dbg !53, !tbaa !27
  br label %48, !dbg !52

48:                                               ; preds = %42, %32
  tail call void @llvm.nvvm.barrier0(), !dbg !54
  br i1 %9, label %49, label %65, !dbg !55

49:                                               ; preds = %48
  %50 = zext i32 %4 to i64, !dbg !56
  %51 = getelementptr inbounds [258 x i32], [258 x i32] addrspace(3)* @_ZZ14stencil_1d_3ptE4tile, i64 0, i64 %50, !dbg !56
  %52 = addrspacecast i32 addrspace(3)* %51 to i32*, !dbg !56
  %53 = load i32, i32* %52, align 4, !dbg !56, !tbaa !27
  %54 = load i32, i32* %19, align 4, !dbg !57, !tbaa !27
  %55 = shl i32 %54, 1, !dbg !58
  %56 = add i32 %55, %53, !dbg !59
  %57 = add i32 %4, 2, !dbg !60
  %58 = zext i32 %57 to i64, !dbg !61
  %59 = getelementptr inbounds [258 x i32], [258 x i32] addrspace(3)* @_ZZ14stencil_1d_3ptE4tile, i64 0, i64 %58, !dbg !61
  %60 = addrspacecast i32 addrspace(3)* %59 to i32*, !dbg !61
  %61 = load i32, i32* %60, align 4, !dbg !61, !tbaa !27
  %62 = add i32 %56, %61, !dbg !62
  %63 = zext i32 %8 to i64, !dbg !63
  %64 = getelementptr inbounds i32, i32* %1, i64 %63, !dbg !63
  store i32 %62, i32* %64, align 4, !dbg !64, !tbaa !27
  br label %65, !dbg !63

65:                                               ; preds = %49, %48
  ret void, !dbg !65
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
!1 = !DIFile(filename: "examples/kernels/stencil_1d_3pt.cu", directory: ".")
!2 = !{void (i32*, i32*, i32)* @stencil_1d_3pt, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "stencil_1d_3pt", scope: !1, file: !1, line: 12, type: !10, scopeLine: 13, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 53, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 16, column: 20, scope: !9)
!16 = !DILocation(line: 66, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 17, column: 18, scope: !9)
!19 = !DILocation(line: 79, column: 3, scope: !20, inlinedAt: !21)
!20 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!21 = distinct !DILocation(line: 17, column: 31, scope: !9)
!22 = !DILocation(line: 17, column: 29, scope: !9)
!23 = !DILocation(line: 17, column: 42, scope: !9)
!24 = !DILocation(line: 19, column: 24, scope: !9)
!25 = !DILocation(line: 19, column: 21, scope: !9)
!26 = !DILocation(line: 19, column: 31, scope: !9)
!27 = !{!28, !28, i64 0}
!28 = !{!"int", !29, i64 0}
!29 = !{!"omnipotent char", !30, i64 0}
!30 = !{!"Simple C++ TBAA"}
!31 = !DILocation(line: 19, column: 14, scope: !9)
!32 = !DILocation(line: 19, column: 5, scope: !9)
!33 = !DILocation(line: 19, column: 19, scope: !9)
!34 = !DILocation(line: 20, column: 13, scope: !9)
!35 = !DILocation(line: 20, column: 9, scope: !9)
!36 = !DILocation(line: 21, column: 22, scope: !9)
!37 = !DILocation(line: 21, column: 26, scope: !9)
!38 = !DILocation(line: 21, column: 31, scope: !9)
!39 = !DILocation(line: 21, column: 35, scope: !9)
!40 = !DILocation(line: 21, column: 19, scope: !9)
!41 = !DILocation(line: 21, column: 42, scope: !9)
!42 = !DILocation(line: 21, column: 17, scope: !9)
!43 = !DILocation(line: 21, column: 9, scope: !9)
!44 = !DILocation(line: 22, column: 27, scope: !9)
!45 = !DILocation(line: 22, column: 13, scope: !9)
!46 = !DILocation(line: 22, column: 9, scope: !9)
!47 = !DILocation(line: 23, column: 35, scope: !9)
!48 = !DILocation(line: 23, column: 39, scope: !9)
!49 = !DILocation(line: 23, column: 32, scope: !9)
!50 = !DILocation(line: 23, column: 46, scope: !9)
!51 = !DILocation(line: 23, column: 25, scope: !9)
!52 = !DILocation(line: 23, column: 9, scope: !9)
!53 = !DILocation(line: 23, column: 30, scope: !9)
!54 = !DILocation(line: 24, column: 5, scope: !9)
!55 = !DILocation(line: 26, column: 9, scope: !9)
!56 = !DILocation(line: 27, column: 18, scope: !9)
!57 = !DILocation(line: 27, column: 35, scope: !9)
!58 = !DILocation(line: 27, column: 33, scope: !9)
!59 = !DILocation(line: 27, column: 28, scope: !9)
!60 = !DILocation(line: 27, column: 60, scope: !9)
!61 = !DILocation(line: 27, column: 51, scope: !9)
!62 = !DILocation(line: 27, column: 49, scope: !9)
!63 = !DILocation(line: 27, column: 9, scope: !9)
!64 = !DILocation(line: 27, column: 16, scope: !9)
!65 = !DILocation(line: 28, column: 1, scope: !9)
