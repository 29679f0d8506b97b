; ModuleID = 'examples/kernels/branches_2d.cu'
source_filename = "examples/kernels/branches_2d.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @branches_2d(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1) local_unnamed_addr #0 !dbg !9 {
  %3 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.z() #2, !dbg !12
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #2, !dbg !16
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2, !dbg !19
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2, !dbg !22
  %7 = icmp eq i32 %5, 0, !dbg !25
  br i1 %7, label %8, label %10, !dbg !26

8:                                                ; preds = %2
  %9 = load i32, i32* %0, align 4, !dbg !27, !tbaa !28
  br label %10, !dbg !32

10:                                               ; preds = %8, %2
  %11 = phi i32 [ %9, %8 ], [ 0, %2 ], !dbg !33
  %12 = and i32 %5, 1, !dbg !34
  %13 = icmp eq i32 %12, 0, !dbg !35
  br i1 %13, label %18, label %14, !dbg !36

14:                                               ; preds = %10
  %15 = getelementptr inbounds i32, i32* %0, i64 1, !dbg !37
  %16 = load i32, i32* %15, align 4, !dbg !37, !tbaa !28
  %17 = or i32 %16, %11, !dbg !38
  br label %18, !dbg !39

18:                                               ; preds = %14, %10
  %19 = phi i32 [ %17, %14 ], [ %11, %10 ], !dbg !33
  %20 = lshr i32 %4, 1, !dbg !40
  %21 = icmp ult i32 %5, %20, !dbg !41
  br i1 %21, label %22, label %26, !dbg !42

22:                                               ; preds = %18
  %23 = getelementptr inbounds i32, i32* %0, i64 2, !dbg !43
  %24 = load i32, i32* %23, align 4, !dbg !43, !tbaa !28
  %25 = or i32 %24, %19, !dbg !44
  br label %26, !dbg !45

26:                                               ; preds = %22, %18
  %27 = phi i32 [ %25, %22 ], [ %19, %18 ], !dbg !33
  %28 = icmp ult i32 %6, 32, !dbg !46
  br i1 %28, label %29, label %33, !dbg !47

29:                                               ; preds = %26
  %30 = getelementptr inbounds i32, i32* %0, i64 3, !dbg !48
  %31 = load i32, i32* %30, align 4, !dbg !48, !tbaa !28
  %32 = or i32 %31, %27, !dbg !49
  br label %33, !dbg !50

33:                                               ; preds = %29, %26
  %34 = phi i32 [ %32, %29 ], [ %27, %26 ], !dbg !33
  %35 = icmp eq i32 %3, 1, !dbg !51
  br i1 %35, label %36, label %40, !dbg !52

36:                                               ; preds = %33
  %37 = getelementptr inbounds i32, i32* %0, i64 4, !dbg !53
  %38 = load i32, i32* %37, align 4, !dbg !53, !tbaa !28
  %39 = or i32 %38, %34, !dbg !54
  br label %40, !dbg !55

40:                                               ; preds = %36, %33
  %41 = phi i32 [ %39, %36 ], [ %34, %33 ], !dbg !33
  %42 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2, !dbg !56
  %43 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2, !dbg !59
  %44 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #2, !dbg !62
  %45 = mul i32 %44, %43, !dbg !65
  %46 = add i32 %45, %3
  %47 = mul i32 %46, %4
  %48 = add i32 %47, %5
  %49 = mul i32 %48, %42
  %50 = add i32 %49, %6, !dbg !66
  %51 = zext i32 %50 to i64, !dbg !67
  %52 = getelementptr inbounds i32, i32* %1, i64 %51, !dbg !67
  store i32 %41, i32* %52, align 4, !dbg !68, !tbaa !28
  ret void, !dbg !69
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/branches_2d.cu", directory: ".")
!2 = !{void (i32*, i32*)* @branches_2d, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "branches_2d", scope: !1, file: !1, line: 16, type: !10, scopeLine: 17, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 55, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 55, type: !10, scopeLine: 55, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 18, column: 24, scope: !9)
!16 = !DILocation(line: 80, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 80, type: !10, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 18, column: 38, scope: !9)
!19 = !DILocation(line: 54, column: 3, scope: !20, inlinedAt: !21)
!20 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 54, type: !10, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!21 = distinct !DILocation(line: 18, column: 51, scope: !9)
!22 = !DILocation(line: 53, column: 3, scope: !23, inlinedAt: !24)
!23 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!24 = distinct !DILocation(line: 18, column: 79, scope: !9)
!25 = !DILocation(line: 21, column: 21, scope: !9)
!26 = !DILocation(line: 21, column: 9, scope: !9)
!27 = !DILocation(line: 22, column: 16, scope: !9)
!28 = !{!29, !29, i64 0}
!29 = !{!"int", !30, i64 0}
!30 = !{!"omnipotent char", !31, i64 0}
!31 = !{!"Simple C++ TBAA"}
!32 = !DILocation(line: 22, column: 9, scope: !9)
!33 = !DILocation(line: 0, scope: !9)
!34 = !DILocation(line: 23, column: 21, scope: !9)
!35 = !DILocation(line: 23, column: 26, scope: !9)
!36 = !DILocation(line: 23, column: 9, scope: !9)
!37 = !DILocation(line: 24, column: 16, scope: !9)
!38 = !DILocation(line: 24, column: 13, scope: !9)
!39 = !DILocation(line: 24, column: 9, scope: !9)
!40 = !DILocation(line: 25, column: 34, scope: !9)
!41 = !DILocation(line: 25, column: 21, scope: !9)
!42 = !DILocation(line: 25, column: 9, scope: !9)
!43 = !DILocation(line: 26, column: 16, scope: !9)
!44 = !DILocation(line: 26, column: 13, scope: !9)
!45 = !DILocation(line: 26, column: 9, scope: !9)
!46 = !DILocation(line: 27, column: 21, scope: !9)
!47 = !DILocation(line: 27, column: 9, scope: !9)
!48 = !DILocation(line: 28, column: 16, scope: !9)
!49 = !DILocation(line: 28, column: 13, scope: !9)
!50 = !DILocation(line: 28, column: 9, scope: !9)
!51 = !DILocation(line: 29, column: 21, scope: !9)
!52 = !DILocation(line: 29, column: 9, scope: !9)
!53 = !DILocation(line: 30, column: 16, scope: !9)
!54 = !DILocation(line: 30, column: 13, scope: !9)
!55 = !DILocation(line: 30, column: 9, scope: !9)
!56 = !DILocation(line: 79, column: 3, scope: !57, inlinedAt: !58)
!57 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!58 = distinct !DILocation(line: 18, column: 66, scope: !9)
!59 = !DILocation(line: 66, column: 3, scope: !60, inlinedAt: !61)
!60 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!61 = distinct !DILocation(line: 32, column: 9, scope: !9)
!62 = !DILocation(line: 81, column: 3, scope: !63, inlinedAt: !64)
!63 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 81, type: !10, scopeLine: 81, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!64 = distinct !DILocation(line: 32, column: 48, scope: !9)
!65 = !DILocation(line: 32, column: 46, scope: !9)
!66 = !DILocation(line: 32, column: 59, scope: !9)
!67 = !DILocation(line: 32, column: 5, scope: !9)
!68 = !DILocation(line: 32, column: 69, scope: !9)
!69 = !DILocation(line: 33, column: 1, scope: !9)
