; ModuleID = 'examples/kernels/stencil_2d_5pt.cu'
source_filename = "examples/kernels/stencil_2d_5pt.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @stencil_2d_5pt(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 !dbg !9 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2, !dbg !12
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2, !dbg !16
  %7 = mul i32 %5, %6, !dbg !19
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2, !dbg !20
  %9 = add i32 %7, %8, !dbg !23
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2, !dbg !24
  %11 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #2, !dbg !27
  %12 = mul i32 %10, %11, !dbg !30
  %13 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2, !dbg !31
  %14 = add i32 %12, %13, !dbg !34
  %15 = icmp ult i32 %9, %2, !dbg !35
  %16 = icmp ult i32 %14, %3
  %17 = and i1 %15, %16, !dbg !36
  br i1 %17, label %18, label %67, !dbg !36

18:                                               ; preds = %4
  %19 = mul i32 %14, %2, !dbg !37
  %20 = add i32 %19, %9, !dbg !38
  %21 = zext i32 %20 to i64, !dbg !39
  %22 = getelementptr inbounds i32, i32* %0, i64 %21, !dbg !39
  %23 = load i32, i32* %22, align 4, !dbg !39, !tbaa !40
  %24 = icmp eq i32 %14, 0, !dbg !44
  br i1 %24, label %32, label %25, !dbg !45

25:                                               ; preds = %18
  %26 = add i32 %14, -1, !dbg !46
  %27 = mul i32 %26, %2, !dbg !47
  %28 = add i32 %27, %9, !dbg !48
  %29 = zext i32 %28 to i64, !dbg !49
  %30 = getelementptr inbounds i32, i32* %0, i64 %29, !dbg !49
  %31 = load i32, i32* %30, align 4, !dbg !49, !tbaa !40
  br label %32, !dbg !45

32:                                               ; preds = %18, %25
  %33 = phi i32 [ %31, %25 ], [ 0, %18 ], !dbg !45
  %34 = add nuw i32 %14, 1, !dbg !50
  %35 = icmp ult i32 %34, %3, !dbg !51
  br i1 %35, label %36, label %42, !dbg !52

36:                                               ; preds = %32
  %37 = mul i32 %34, %2, !dbg !53
  %38 = add i32 %37, %9, !dbg !54
  %39 = zext i32 %38 to i64, !dbg !55
  %40 = getelementptr inbounds i32, i32* %0, i64 %39, !dbg !55
  %41 = load i32, i32* %40, align 4, !dbg !55, !tbaa !40
  br label %42, !dbg !52

42:                                               ; preds = %32, %36
  %43 = phi i32 [ %41, %36 ], [ 0, %32 ], !dbg !52
  %44 = icmp eq i32 %9, 0, !dbg !56
  br i1 %44, label %50, label %45, !dbg !57

45:                                               ; preds = %42
  %46 = add i32 %20, -1, !dbg !58
  %47 = zext i32 %46 to i64, !dbg !59
  %48 = getelementptr inbounds i32, i32* %0, i64 %47, !dbg !59
  %49 = load i32, i32* %48, align 4, !dbg !59, !tbaa !40
  br label %50, !dbg !57

50:                                               ; preds = %42, %45
  %51 = phi i32 [ %49, %45 ], [ 0, %42 ], !dbg !57
  %52 = add nuw i32 %9, 1, !dbg !60
  %53 = icmp ult i32 %52, %2, !dbg !61
  br i1 %53, label %54, label %59, !dbg !62

54:                                               ; preds = %50
  %55 = add i32 %20, 1, !dbg !63
  %56 = zext i32 %55 to i64, !dbg !64
  %57 = getelementptr inbounds i32, i32* %0, i64 %56, !dbg !64
  %58 = load i32, i32* %57, align 4, !dbg !64, !tbaa !40
  br label %59, !dbg !62

59:                                               ; preds = %50, %54
  %60 = phi i32 [ %58, %54 ], [ 0, %50 ], !dbg !62
  %61 = shl i32 %23, 2, !dbg !65
  %62 = add i32 %33, %43, !dbg !66
  %63 = add i32 %62, %51, !dbg !67
  %64 = add i32 %63, %60, !dbg !67
  %65 = sub i32 %61, %64, !dbg !67
  %66 = getelementptr inbounds i32, i32* %1, i64 %21, !dbg !68
  store i32 %65, i32* %66, align 4, !dbg !69, !tbaa !40
  br label %67, !dbg !70

67:                                               ; preds = %4, %59
  ret void, !dbg !70
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/stencil_2d_5pt.cu", directory: ".")
!2 = !{void (i32*, i32*, i32, i32)* @stencil_2d_5pt, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "stencil_2d_5pt", scope: !1, file: !1, line: 13, type: !10, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 66, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 16, column: 18, scope: !9)
!16 = !DILocation(line: 79, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 16, column: 31, scope: !9)
!19 = !DILocation(line: 16, column: 29, scope: !9)
!20 = !DILocation(line: 53, column: 3, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!22 = distinct !DILocation(line: 16, column: 44, scope: !9)
!23 = !DILocation(line: 16, column: 42, scope: !9)
!24 = !DILocation(line: 67, column: 3, scope: !25, inlinedAt: !26)
!25 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 67, type: !10, scopeLine: 67, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!26 = distinct !DILocation(line: 17, column: 18, scope: !9)
!27 = !DILocation(line: 80, column: 3, scope: !28, inlinedAt: !29)
!28 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 80, type: !10, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!29 = distinct !DILocation(line: 17, column: 31, scope: !9)
!30 = !DILocation(line: 17, column: 29, scope: !9)
!31 = !DILocation(line: 54, column: 3, scope: !32, inlinedAt: !33)
!32 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 54, type: !10, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!33 = distinct !DILocation(line: 17, column: 44, scope: !9)
!34 = !DILocation(line: 17, column: 42, scope: !9)
!35 = !DILocation(line: 18, column: 11, scope: !9)
!36 = !DILocation(line: 18, column: 20, scope: !9)
!37 = !DILocation(line: 21, column: 23, scope: !9)
!38 = !DILocation(line: 21, column: 31, scope: !9)
!39 = !DILocation(line: 21, column: 18, scope: !9)
!40 = !{!41, !41, i64 0}
!41 = !{!"int", !42, i64 0}
!42 = !{!"omnipotent char", !43, i64 0}
!43 = !{!"Simple C++ TBAA"}
!44 = !DILocation(line: 22, column: 25, scope: !9)
!45 = !DILocation(line: 22, column: 22, scope: !9)
!46 = !DILocation(line: 22, column: 38, scope: !9)
!47 = !DILocation(line: 22, column: 43, scope: !9)
!48 = !DILocation(line: 22, column: 51, scope: !9)
!49 = !DILocation(line: 22, column: 32, scope: !9)
!50 = !DILocation(line: 23, column: 25, scope: !9)
!51 = !DILocation(line: 23, column: 29, scope: !9)
!52 = !DILocation(line: 23, column: 22, scope: !9)
!53 = !DILocation(line: 23, column: 52, scope: !9)
!54 = !DILocation(line: 23, column: 60, scope: !9)
!55 = !DILocation(line: 23, column: 41, scope: !9)
!56 = !DILocation(line: 24, column: 24, scope: !9)
!57 = !DILocation(line: 24, column: 21, scope: !9)
!58 = !DILocation(line: 24, column: 48, scope: !9)
!59 = !DILocation(line: 24, column: 31, scope: !9)
!60 = !DILocation(line: 25, column: 24, scope: !9)
!61 = !DILocation(line: 25, column: 28, scope: !9)
!62 = !DILocation(line: 25, column: 21, scope: !9)
!63 = !DILocation(line: 25, column: 56, scope: !9)
!64 = !DILocation(line: 25, column: 39, scope: !9)
!65 = !DILocation(line: 27, column: 29, scope: !9)
!66 = !DILocation(line: 27, column: 49, scope: !9)
!67 = !DILocation(line: 27, column: 56, scope: !9)
!68 = !DILocation(line: 27, column: 5, scope: !9)
!69 = !DILocation(line: 27, column: 24, scope: !9)
!70 = !DILocation(line: 28, column: 1, scope: !9)
