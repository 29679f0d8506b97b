; ModuleID = 'examples/kernels/branches_data.cu'
source_filename = "examples/kernels/branches_data.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @branches_data(i32* nocapture noundef readonly %0, i32* nocapture noundef readonly %1, i32* nocapture noundef writeonly %2) local_unnamed_addr #0 !dbg !9 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3, !dbg !12
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #3, !dbg !16
  %6 = mul i32 %4, %5, !dbg !19
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #3, !dbg !20
  %8 = mul i32 %6, %7, !dbg !23
  %9 = and i32 %8, 31, !dbg !24
  %10 = icmp eq i32 %9, 0, !dbg !25
  br i1 %10, label %11, label %87, !dbg !26

11:                                               ; preds = %3
  %12 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.z() #3, !dbg !27
  %13 = mul i32 %12, %5, !dbg !30
  %14 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y() #3, !dbg !31
  %15 = add i32 %13, %14, !dbg !34
  %16 = mul i32 %15, %4, !dbg !35
  %17 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3, !dbg !36
  %18 = add i32 %16, %17, !dbg !39
  %19 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3, !dbg !40
  %20 = mul i32 %8, %19, !dbg !43
  %21 = add i32 %18, %20, !dbg !44
  %22 = zext i32 %21 to i64, !dbg !45
  %23 = getelementptr inbounds i32, i32* %1, i64 %22, !dbg !45
  %24 = load i32, i32* %23, align 4, !dbg !45, !tbaa !46
  %25 = icmp ugt i32 %24, 7, !dbg !50
  br i1 %25, label %26, label %28, !dbg !51

26:                                               ; preds = %11
  %27 = load i32, i32* %0, align 4, !dbg !52, !tbaa !46
  br label %28, !dbg !53

28:                                               ; preds = %26, %11
  %29 = phi i32 [ %27, %26 ], [ 0, %11 ], !dbg !54
  %30 = tail call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %24, i32 0, i32 31) #3, !dbg !55
  %31 = icmp ugt i32 %30, 7, !dbg !59
  br i1 %31, label %32, label %36, !dbg !60

32:                                               ; preds = %28
  %33 = getelementptr inbounds i32, i32* %0, i64 1, !dbg !61
  %34 = load i32, i32* %33, align 4, !dbg !61, !tbaa !46
  %35 = or i32 %34, %29, !dbg !62
  br label %36, !dbg !63

36:                                               ; preds = %32, %28
  %37 = phi i32 [ %35, %32 ], [ %29, %28 ], !dbg !54
  %38 = and i32 %24, 1, !dbg !64
  %39 = icmp ne i32 %38, 0, !dbg !65
  %40 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %39) #3, !dbg !68
  %41 = icmp eq i32 %40, 0, !dbg !69
  br i1 %41, label %46, label %42, !dbg !70

42:                                               ; preds = %36
  %43 = getelementptr inbounds i32, i32* %0, i64 2, !dbg !71
  %44 = load i32, i32* %43, align 4, !dbg !71, !tbaa !46
  %45 = or i32 %44, %37, !dbg !72
  br label %46, !dbg !73

46:                                               ; preds = %42, %36
  %47 = phi i32 [ %45, %42 ], [ %37, %36 ], !dbg !54
  %48 = icmp ne i32 %24, 0, !dbg !74
  %49 = tail call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %48) #3, !dbg !75
  br i1 %49, label %50, label %54, !dbg !78

50:                                               ; preds = %46
  %51 = getelementptr inbounds i32, i32* %0, i64 3, !dbg !79
  %52 = load i32, i32* %51, align 4, !dbg !79, !tbaa !46
  %53 = or i32 %52, %47, !dbg !80
  br label %54, !dbg !81

54:                                               ; preds = %50, %46
  %55 = phi i32 [ %53, %50 ], [ %47, %46 ], !dbg !54
  %56 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %24, i32 16, i32 31) #3, !dbg !82
  %57 = icmp ugt i32 %56, %24, !dbg !85
  %58 = select i1 %57, i32 %56, i32 %24, !dbg !86
  %59 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %58, i32 8, i32 31) #3, !dbg !82
  %60 = icmp ugt i32 %59, %58, !dbg !85
  %61 = select i1 %60, i32 %59, i32 %58, !dbg !86
  %62 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %61, i32 4, i32 31) #3, !dbg !82
  %63 = icmp ugt i32 %62, %61, !dbg !85
  %64 = select i1 %63, i32 %62, i32 %61, !dbg !86
  %65 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %64, i32 2, i32 31) #3, !dbg !82
  %66 = icmp ugt i32 %65, %64, !dbg !85
  %67 = select i1 %66, i32 %65, i32 %64, !dbg !86
  %68 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %67, i32 1, i32 31) #3, !dbg !82
  %69 = icmp ugt i32 %68, %67, !dbg !85
  %70 = select i1 %69, i32 %68, i32 %67, !dbg !86
  %71 = icmp ugt i32 %70, 100, !dbg !87
  br i1 %71, label %72, label %76, !dbg !88

72:                                               ; preds = %54
  %73 = getelementptr inbounds i32, i32* %0, i64 4, !dbg !89
  %74 = load i32, i32* %73, align 4, !dbg !89, !tbaa !46
  %75 = or i32 %74, %55, !dbg !90
  br label %76, !dbg !91

76:                                               ; preds = %72, %54
  %77 = phi i32 [ %75, %72 ], [ %55, %54 ], !dbg !54
  %78 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %24, i32 1, i32 31) #3, !dbg !92
  %79 = icmp ugt i32 %78, %24, !dbg !94
  br i1 %79, label %80, label %84, !dbg !95

80:                                               ; preds = %76
  %81 = getelementptr inbounds i32, i32* %0, i64 5, !dbg !96
  %82 = load i32, i32* %81, align 4, !dbg !96, !tbaa !46
  %83 = or i32 %82, %77, !dbg !97
  br label %84, !dbg !98

84:                                               ; preds = %80, %76
  %85 = phi i32 [ %83, %80 ], [ %77, %76 ], !dbg !54
  %86 = getelementptr inbounds i32, i32* %2, i64 %22, !dbg !99
  store i32 %85, i32* %86, align 4, !dbg !100, !tbaa !46
  br label %87, !dbg !101

87:                                               ; preds = %3, %84
  ret void, !dbg !101
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: convergent inaccessiblememonly nounwind
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32) #2

; Function Attrs: convergent inaccessiblememonly nounwind
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) #2

; Function Attrs: convergent inaccessiblememonly nounwind
declare i1 @llvm.nvvm.vote.all.sync(i32, i1) #2

; Function Attrs: convergent inaccessiblememonly nounwind
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { convergent inaccessiblememonly nounwind }
attributes #3 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/branches_data.cu", directory: ".")
!2 = !{void (i32*, i32*, i32*)* @branches_data, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "branches_data", scope: !1, file: !1, line: 16, type: !10, scopeLine: 17, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 79, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 18, column: 27, scope: !9)
!16 = !DILocation(line: 80, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 80, type: !10, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 18, column: 40, scope: !9)
!19 = !DILocation(line: 18, column: 38, scope: !9)
!20 = !DILocation(line: 81, column: 3, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 81, type: !10, scopeLine: 81, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!22 = distinct !DILocation(line: 18, column: 53, scope: !9)
!23 = !DILocation(line: 18, column: 51, scope: !9)
!24 = !DILocation(line: 19, column: 20, scope: !9)
!25 = !DILocation(line: 19, column: 26, scope: !9)
!26 = !DILocation(line: 19, column: 9, scope: !9)
!27 = !DILocation(line: 55, column: 3, scope: !28, inlinedAt: !29)
!28 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 55, type: !10, scopeLine: 55, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!29 = distinct !DILocation(line: 22, column: 24, scope: !9)
!30 = !DILocation(line: 22, column: 36, scope: !9)
!31 = !DILocation(line: 54, column: 3, scope: !32, inlinedAt: !33)
!32 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 54, type: !10, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!33 = distinct !DILocation(line: 22, column: 51, scope: !9)
!34 = !DILocation(line: 22, column: 49, scope: !9)
!35 = !DILocation(line: 22, column: 64, scope: !9)
!36 = !DILocation(line: 53, column: 3, scope: !37, inlinedAt: !38)
!37 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!38 = distinct !DILocation(line: 22, column: 79, scope: !9)
!39 = !DILocation(line: 22, column: 77, scope: !9)
!40 = !DILocation(line: 66, column: 3, scope: !41, inlinedAt: !42)
!41 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!42 = distinct !DILocation(line: 23, column: 18, scope: !9)
!43 = !DILocation(line: 23, column: 29, scope: !9)
!44 = !DILocation(line: 23, column: 42, scope: !9)
!45 = !DILocation(line: 24, column: 18, scope: !9)
!46 = !{!47, !47, i64 0}
!47 = !{!"int", !48, i64 0}
!48 = !{!"omnipotent char", !49, i64 0}
!49 = !{!"Simple C++ TBAA"}
!50 = !DILocation(line: 27, column: 11, scope: !9)
!51 = !DILocation(line: 27, column: 9, scope: !9)
!52 = !DILocation(line: 28, column: 16, scope: !9)
!53 = !DILocation(line: 28, column: 9, scope: !9)
!54 = !DILocation(line: 0, scope: !9)
!55 = !DILocation(line: 37, column: 22, scope: !56, inlinedAt: !58)
!56 = distinct !DISubprogram(name: "__shfl_sync", scope: !57, file: !57, line: 35, type: !10, scopeLine: 36, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!57 = !DIFile(filename: "examples/kernels/clang_cuda_shim.h", directory: ".")
!58 = distinct !DILocation(line: 30, column: 22, scope: !9)
!59 = !DILocation(line: 31, column: 15, scope: !9)
!60 = !DILocation(line: 31, column: 9, scope: !9)
!61 = !DILocation(line: 32, column: 16, scope: !9)
!62 = !DILocation(line: 32, column: 13, scope: !9)
!63 = !DILocation(line: 32, column: 9, scope: !9)
!64 = !DILocation(line: 34, column: 53, scope: !9)
!65 = !DILocation(line: 63, column: 42, scope: !66, inlinedAt: !67)
!66 = distinct !DISubprogram(name: "__ballot_sync", scope: !57, file: !57, line: 61, type: !10, scopeLine: 62, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!67 = distinct !DILocation(line: 34, column: 26, scope: !9)
!68 = !DILocation(line: 63, column: 12, scope: !66, inlinedAt: !67)
!69 = !DILocation(line: 35, column: 19, scope: !9)
!70 = !DILocation(line: 35, column: 9, scope: !9)
!71 = !DILocation(line: 36, column: 16, scope: !9)
!72 = !DILocation(line: 36, column: 13, scope: !9)
!73 = !DILocation(line: 36, column: 9, scope: !9)
!74 = !DILocation(line: 38, column: 33, scope: !9)
!75 = !DILocation(line: 55, column: 12, scope: !76, inlinedAt: !77)
!76 = distinct !DISubprogram(name: "__all_sync", scope: !57, file: !57, line: 53, type: !10, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!77 = distinct !DILocation(line: 38, column: 9, scope: !9)
!78 = !DILocation(line: 38, column: 9, scope: !9)
!79 = !DILocation(line: 39, column: 16, scope: !9)
!80 = !DILocation(line: 39, column: 13, scope: !9)
!81 = !DILocation(line: 39, column: 9, scope: !9)
!82 = !DILocation(line: 49, column: 22, scope: !83, inlinedAt: !84)
!83 = distinct !DISubprogram(name: "__shfl_xor_sync", scope: !57, file: !57, line: 47, type: !10, scopeLine: 48, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!84 = distinct !DILocation(line: 43, column: 26, scope: !9)
!85 = !DILocation(line: 44, column: 20, scope: !9)
!86 = !DILocation(line: 44, column: 13, scope: !9)
!87 = !DILocation(line: 46, column: 11, scope: !9)
!88 = !DILocation(line: 46, column: 9, scope: !9)
!89 = !DILocation(line: 47, column: 16, scope: !9)
!90 = !DILocation(line: 47, column: 13, scope: !9)
!91 = !DILocation(line: 47, column: 9, scope: !9)
!92 = !DILocation(line: 49, column: 22, scope: !83, inlinedAt: !93)
!93 = distinct !DILocation(line: 49, column: 26, scope: !9)
!94 = !DILocation(line: 50, column: 19, scope: !9)
!95 = !DILocation(line: 50, column: 9, scope: !9)
!96 = !DILocation(line: 51, column: 16, scope: !9)
!97 = !DILocation(line: 51, column: 13, scope: !9)
!98 = !DILocation(line: 51, column: 9, scope: !9)
!99 = !DILocation(line: 53, column: 5, scope: !9)
!100 = !DILocation(line: 53, column: 12, scope: !9)
!101 = !DILocation(line: 54, column: 1, scope: !9)
