; ModuleID = 'examples/kernels/branches_nested.cu'
source_filename = "examples/kernels/branches_nested.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @branches_nested(i32* nocapture noundef readonly %0, i32* nocapture noundef readonly %1, i32* nocapture noundef writeonly %2, i32 noundef %3) local_unnamed_addr #0 !dbg !9 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #2, !dbg !12
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #2, !dbg !16
  %7 = mul i32 %5, %6, !dbg !19
  %8 = icmp eq i32 %7, 1, !dbg !20
  br i1 %8, label %9, label %62, !dbg !21

9:                                                ; preds = %4
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2, !dbg !22
  %11 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2, !dbg !25
  %12 = mul i32 %10, %11, !dbg !28
  %13 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2, !dbg !29
  %14 = add i32 %12, %13, !dbg !32
  %15 = and i32 %13, 31, !dbg !33
  %16 = icmp ult i32 %15, 16, !dbg !34
  br i1 %16, label %17, label %32, !dbg !35

17:                                               ; preds = %9
  %18 = load i32, i32* %0, align 4, !dbg !36, !tbaa !37
  %19 = and i32 %13, 16, !dbg !41
  %20 = icmp eq i32 %19, 0, !dbg !42
  br i1 %20, label %21, label %25, !dbg !43

21:                                               ; preds = %17
  %22 = getelementptr inbounds i32, i32* %0, i64 1, !dbg !44
  %23 = load i32, i32* %22, align 4, !dbg !44, !tbaa !37
  %24 = or i32 %23, %18, !dbg !45
  br label %25, !dbg !46

25:                                               ; preds = %21, %17
  %26 = phi i32 [ %24, %21 ], [ %18, %17 ], !dbg !47
  %27 = icmp ugt i32 %3, 100, !dbg !48
  br i1 %27, label %28, label %32, !dbg !49

28:                                               ; preds = %25
  %29 = getelementptr inbounds i32, i32* %0, i64 2, !dbg !50
  %30 = load i32, i32* %29, align 4, !dbg !50, !tbaa !37
  %31 = or i32 %30, %26, !dbg !51
  br label %32, !dbg !52

32:                                               ; preds = %25, %28, %9
  %33 = phi i32 [ %31, %28 ], [ %26, %25 ], [ 0, %9 ], !dbg !47
  %34 = icmp eq i32 %15, 5, !dbg !53
  br i1 %34, label %35, label %44, !dbg !54

35:                                               ; preds = %32
  %36 = zext i32 %14 to i64, !dbg !55
  %37 = getelementptr inbounds i32, i32* %1, i64 %36, !dbg !55
  %38 = load i32, i32* %37, align 4, !dbg !55, !tbaa !37
  %39 = icmp ugt i32 %38, 7, !dbg !56
  br i1 %39, label %40, label %44, !dbg !55

40:                                               ; preds = %35
  %41 = getelementptr inbounds i32, i32* %0, i64 3, !dbg !57
  %42 = load i32, i32* %41, align 4, !dbg !57, !tbaa !37
  %43 = or i32 %42, %33, !dbg !58
  br label %44, !dbg !59

44:                                               ; preds = %35, %40, %32
  %45 = phi i32 [ %43, %40 ], [ %33, %35 ], [ %33, %32 ], !dbg !47
  %46 = and i32 %13, 1, !dbg !60
  %47 = icmp eq i32 %46, 0, !dbg !61
  br i1 %47, label %48, label %58, !dbg !62

48:                                               ; preds = %44
  %49 = getelementptr inbounds i32, i32* %0, i64 4, !dbg !63
  %50 = load i32, i32* %49, align 4, !dbg !63, !tbaa !37
  %51 = or i32 %50, %45, !dbg !64
  %52 = and i32 %13, 3, !dbg !65
  %53 = icmp eq i32 %52, 0, !dbg !66
  br i1 %53, label %54, label %58, !dbg !67

54:                                               ; preds = %48
  %55 = getelementptr inbounds i32, i32* %0, i64 5, !dbg !68
  %56 = load i32, i32* %55, align 4, !dbg !68, !tbaa !37
  %57 = or i32 %56, %51, !dbg !69
  br label %58, !dbg !70

58:                                               ; preds = %48, %54, %44
  %59 = phi i32 [ %57, %54 ], [ %51, %48 ], [ %45, %44 ], !dbg !47
  %60 = zext i32 %14 to i64, !dbg !71
  %61 = getelementptr inbounds i32, i32* %2, i64 %60, !dbg !71
  store i32 %59, i32* %61, align 4, !dbg !72, !tbaa !37
  br label %62

62:                                               ; preds = %4, %58
  ret void, !dbg !73
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/branches_nested.cu", directory: ".")
!2 = !{void (i32*, i32*, i32*, i32)* @branches_nested, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "branches_nested", scope: !1, file: !1, line: 14, type: !10, scopeLine: 16, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 80, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 80, type: !10, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 17, column: 9, scope: !9)
!16 = !DILocation(line: 81, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 81, type: !10, scopeLine: 81, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 17, column: 22, scope: !9)
!19 = !DILocation(line: 17, column: 20, scope: !9)
!20 = !DILocation(line: 17, column: 33, scope: !9)
!21 = !DILocation(line: 17, column: 9, scope: !9)
!22 = !DILocation(line: 66, column: 3, scope: !23, inlinedAt: !24)
!23 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!24 = distinct !DILocation(line: 20, column: 18, scope: !9)
!25 = !DILocation(line: 79, column: 3, scope: !26, inlinedAt: !27)
!26 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!27 = distinct !DILocation(line: 20, column: 31, scope: !9)
!28 = !DILocation(line: 20, column: 29, scope: !9)
!29 = !DILocation(line: 53, column: 3, scope: !30, inlinedAt: !31)
!30 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!31 = distinct !DILocation(line: 20, column: 44, scope: !9)
!32 = !DILocation(line: 20, column: 42, scope: !9)
!33 = !DILocation(line: 21, column: 33, scope: !9)
!34 = !DILocation(line: 24, column: 14, scope: !9)
!35 = !DILocation(line: 24, column: 9, scope: !9)
!36 = !DILocation(line: 25, column: 16, scope: !9)
!37 = !{!38, !38, i64 0}
!38 = !{!"int", !39, i64 0}
!39 = !{!"omnipotent char", !40, i64 0}
!40 = !{!"Simple C++ TBAA"}
!41 = !DILocation(line: 26, column: 19, scope: !9)
!42 = !DILocation(line: 26, column: 26, scope: !9)
!43 = !DILocation(line: 26, column: 13, scope: !9)
!44 = !DILocation(line: 27, column: 20, scope: !9)
!45 = !DILocation(line: 27, column: 17, scope: !9)
!46 = !DILocation(line: 27, column: 13, scope: !9)
!47 = !DILocation(line: 0, scope: !9)
!48 = !DILocation(line: 28, column: 28, scope: !9)
!49 = !DILocation(line: 28, column: 13, scope: !9)
!50 = !DILocation(line: 29, column: 20, scope: !9)
!51 = !DILocation(line: 29, column: 17, scope: !9)
!52 = !DILocation(line: 29, column: 13, scope: !9)
!53 = !DILocation(line: 32, column: 14, scope: !9)
!54 = !DILocation(line: 32, column: 9, scope: !9)
!55 = !DILocation(line: 33, column: 13, scope: !9)
!56 = !DILocation(line: 33, column: 21, scope: !9)
!57 = !DILocation(line: 34, column: 20, scope: !9)
!58 = !DILocation(line: 34, column: 17, scope: !9)
!59 = !DILocation(line: 34, column: 13, scope: !9)
!60 = !DILocation(line: 37, column: 21, scope: !9)
!61 = !DILocation(line: 37, column: 26, scope: !9)
!62 = !DILocation(line: 37, column: 9, scope: !9)
!63 = !DILocation(line: 38, column: 16, scope: !9)
!64 = !DILocation(line: 38, column: 13, scope: !9)
!65 = !DILocation(line: 39, column: 25, scope: !9)
!66 = !DILocation(line: 39, column: 30, scope: !9)
!67 = !DILocation(line: 39, column: 13, scope: !9)
!68 = !DILocation(line: 40, column: 20, scope: !9)
!69 = !DILocation(line: 40, column: 17, scope: !9)
!70 = !DILocation(line: 40, column: 13, scope: !9)
!71 = !DILocation(line: 43, column: 5, scope: !9)
!72 = !DILocation(line: 43, column: 12, scope: !9)
!73 = !DILocation(line: 44, column: 1, scope: !9)
