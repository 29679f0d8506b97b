; ModuleID = 'examples/kernels/warp_vote.cu'
source_filename = "examples/kernels/warp_vote.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ9warp_voteE8exchange = internal unnamed_addr addrspace(3) global [1024 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @warp_vote(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1) local_unnamed_addr #0 !dbg !9 {
  %3 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4, !dbg !12
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4, !dbg !16
  %5 = mul i32 %3, %4, !dbg !19
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4, !dbg !20
  %7 = add i32 %5, %6, !dbg !23
  %8 = and i32 %6, 16, !dbg !24
  %9 = zext i32 %7 to i64, !dbg !25
  %10 = getelementptr inbounds i32, i32* %0, i64 %9, !dbg !25
  %11 = load i32, i32* %10, align 4, !dbg !25, !tbaa !26
  %12 = and i32 %11, 1, !dbg !30
  %13 = icmp ne i32 %12, 0, !dbg !31
  %14 = tail call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %13) #4, !dbg !35
  %15 = zext i1 %14 to i32, !dbg !35
  %16 = mul i32 %7, 7, !dbg !36
  %17 = zext i32 %16 to i64, !dbg !37
  %18 = getelementptr inbounds i32, i32* %1, i64 %17, !dbg !37
  store i32 %15, i32* %18, align 4, !dbg !38, !tbaa !26
  %19 = icmp eq i32 %11, 0, !dbg !39
  %20 = tail call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %19) #4, !dbg !40
  %21 = zext i1 %20 to i32, !dbg !40
  %22 = add i32 %16, 1, !dbg !43
  %23 = zext i32 %22 to i64, !dbg !44
  %24 = getelementptr inbounds i32, i32* %1, i64 %23, !dbg !44
  store i32 %21, i32* %24, align 4, !dbg !45, !tbaa !26
  %25 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %13) #4, !dbg !46
  %26 = add i32 %16, 2, !dbg !49
  %27 = zext i32 %26 to i64, !dbg !50
  %28 = getelementptr inbounds i32, i32* %1, i64 %27, !dbg !50
  store i32 %25, i32* %28, align 4, !dbg !51, !tbaa !26
  %29 = tail call i32 @llvm.nvvm.match.any.sync.i32(i32 -1, i32 %11) #4, !dbg !52
  %30 = add i32 %16, 3, !dbg !55
  %31 = zext i32 %30 to i64, !dbg !56
  %32 = getelementptr inbounds i32, i32* %1, i64 %31, !dbg !56
  store i32 %29, i32* %32, align 4, !dbg !57, !tbaa !26
  %33 = tail call i32 asm sideeffect "activemask.b32 $0;", "=r"() #3, !dbg !58, !srcloc !61
  %34 = add i32 %16, 4, !dbg !62
  %35 = zext i32 %34 to i64, !dbg !63
  %36 = getelementptr inbounds i32, i32* %1, i64 %35, !dbg !63
  store i32 %33, i32* %36, align 4, !dbg !64, !tbaa !26
  %37 = zext i32 %6 to i64, !dbg !65
  %38 = getelementptr inbounds [1024 x i32], [1024 x i32] addrspace(3)* @_ZZ9warp_voteE8exchange, i64 0, i64 %37, !dbg !65
  %39 = addrspacecast i32 addrspace(3)* %38 to i32*, !dbg !65
  store i32 %11, i32* %39, align 4, !dbg !66, !tbaa !26
  tail call void @llvm.nvvm.bar.warp.sync(i32 -1) #4, !dbg !67
  %40 = xor i32 %6, 1, !dbg !70
  %41 = zext i32 %40 to i64, !dbg !71
  %42 = getelementptr inbounds [1024 x i32], [1024 x i32] addrspace(3)* @_ZZ9warp_voteE8exchange, i64 0, i64 %41, !dbg !71
  %43 = addrspacecast i32 addrspace(3)* %42 to i32*, !dbg !71
  %44 = load i32, i32* %43, align 4, !dbg !71, !tbaa !26
  %45 = add i32 %16, 5, !dbg !72
  %46 = zext i32 %45 to i64, !dbg !73
  %47 = getelementptr inbounds i32, i32* %1, i64 %46, !dbg !73
  store i32 %44, i32* %47, align 4, !dbg !74, !tbaa !26
  %48 = icmp eq i32 %8, 0, !dbg !75
  br i1 %48, label %49, label %51, !dbg !76

49:                                               ; preds = %2
  %50 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 65535, i1 %13) #4, !dbg !77
  br label %53, !dbg !79

51:                                               ; preds = %2
  %52 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 -65536, i1 %13) #4, !dbg !80
  br label %53

53:                                               ; preds = %51, %49
  %54 = phi i32 [ %50, %49 ], [ %52, %51 ], !dbg !82
  %55 = add i32 %16, 6, !dbg !83
  %56 = zext i32 %55 to i64, !dbg !84
  %57 = getelementptr inbounds i32, i32* %1, i64 %56, !dbg !84
  store i32 %54, i32* %57, align 4, !dbg !85, !tbaa !26
  ret void, !dbg !86
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: convergent inaccessiblememonly nounwind
declare i1 @llvm.nvvm.vote.all.sync(i32, i1) #2

; Function Attrs: convergent inaccessiblememonly nounwind
declare i1 @llvm.nvvm.vote.any.sync(i32, i1) #2

; Function Attrs: convergent inaccessiblememonly nounwind
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) #2

; Function Attrs: convergent inaccessiblememonly nounwind
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32) #2

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.bar.warp.sync(i32) #3

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { convergent inaccessiblememonly nounwind }
attributes #3 = { convergent nounwind }
attributes #4 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/warp_vote.cu", directory: ".")
!2 = !{void (i32*, i32*)* @warp_vote, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "warp_vote", scope: !1, file: !1, line: 30, type: !10, scopeLine: 31, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 66, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 34, column: 18, scope: !9)
!16 = !DILocation(line: 79, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 34, column: 31, scope: !9)
!19 = !DILocation(line: 34, column: 29, scope: !9)
!20 = !DILocation(line: 53, column: 3, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!22 = distinct !DILocation(line: 34, column: 44, scope: !9)
!23 = !DILocation(line: 34, column: 42, scope: !9)
!24 = !DILocation(line: 35, column: 33, scope: !9)
!25 = !DILocation(line: 36, column: 18, scope: !9)
!26 = !{!27, !27, i64 0}
!27 = !{!"int", !28, i64 0}
!28 = !{!"omnipotent char", !29, i64 0}
!29 = !{!"Simple C++ TBAA"}
!30 = !DILocation(line: 38, column: 46, scope: !9)
!31 = !DILocation(line: 55, column: 39, scope: !32, inlinedAt: !34)
!32 = distinct !DISubprogram(name: "__all_sync", scope: !33, file: !33, line: 53, type: !10, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!33 = !DIFile(filename: "examples/kernels/clang_cuda_shim.h", directory: ".")
!34 = distinct !DILocation(line: 38, column: 22, scope: !9)
!35 = !DILocation(line: 55, column: 12, scope: !32, inlinedAt: !34)
!36 = !DILocation(line: 38, column: 11, scope: !9)
!37 = !DILocation(line: 38, column: 5, scope: !9)
!38 = !DILocation(line: 38, column: 20, scope: !9)
!39 = !DILocation(line: 39, column: 46, scope: !9)
!40 = !DILocation(line: 59, column: 12, scope: !41, inlinedAt: !42)
!41 = distinct !DISubprogram(name: "__any_sync", scope: !33, file: !33, line: 57, type: !10, scopeLine: 58, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!42 = distinct !DILocation(line: 39, column: 22, scope: !9)
!43 = !DILocation(line: 39, column: 15, scope: !9)
!44 = !DILocation(line: 39, column: 5, scope: !9)
!45 = !DILocation(line: 39, column: 20, scope: !9)
!46 = !DILocation(line: 63, column: 12, scope: !47, inlinedAt: !48)
!47 = distinct !DISubprogram(name: "__ballot_sync", scope: !33, file: !33, line: 61, type: !10, scopeLine: 62, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!48 = distinct !DILocation(line: 40, column: 22, scope: !9)
!49 = !DILocation(line: 40, column: 15, scope: !9)
!50 = !DILocation(line: 40, column: 5, scope: !9)
!51 = !DILocation(line: 40, column: 20, scope: !9)
!52 = !DILocation(line: 67, column: 12, scope: !53, inlinedAt: !54)
!53 = distinct !DISubprogram(name: "__match_any_sync", scope: !33, file: !33, line: 65, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!54 = distinct !DILocation(line: 41, column: 22, scope: !9)
!55 = !DILocation(line: 41, column: 15, scope: !9)
!56 = !DILocation(line: 41, column: 5, scope: !9)
!57 = !DILocation(line: 41, column: 20, scope: !9)
!58 = !DILocation(line: 72, column: 5, scope: !59, inlinedAt: !60)
!59 = distinct !DISubprogram(name: "__activemask", scope: !33, file: !33, line: 69, type: !10, scopeLine: 70, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!60 = distinct !DILocation(line: 42, column: 22, scope: !9)
!61 = !{i64 32353}
!62 = !DILocation(line: 42, column: 15, scope: !9)
!63 = !DILocation(line: 42, column: 5, scope: !9)
!64 = !DILocation(line: 42, column: 20, scope: !9)
!65 = !DILocation(line: 44, column: 5, scope: !9)
!66 = !DILocation(line: 44, column: 27, scope: !9)
!67 = !DILocation(line: 77, column: 5, scope: !68, inlinedAt: !69)
!68 = distinct !DISubprogram(name: "__syncwarp", scope: !33, file: !33, line: 75, type: !10, scopeLine: 76, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!69 = distinct !DILocation(line: 45, column: 5, scope: !9)
!70 = !DILocation(line: 46, column: 43, scope: !9)
!71 = !DILocation(line: 46, column: 22, scope: !9)
!72 = !DILocation(line: 46, column: 15, scope: !9)
!73 = !DILocation(line: 46, column: 5, scope: !9)
!74 = !DILocation(line: 46, column: 20, scope: !9)
!75 = !DILocation(line: 49, column: 14, scope: !9)
!76 = !DILocation(line: 49, column: 9, scope: !9)
!77 = !DILocation(line: 63, column: 12, scope: !47, inlinedAt: !78)
!78 = distinct !DILocation(line: 50, column: 16, scope: !9)
!79 = !DILocation(line: 50, column: 9, scope: !9)
!80 = !DILocation(line: 63, column: 12, scope: !47, inlinedAt: !81)
!81 = distinct !DILocation(line: 52, column: 16, scope: !9)
!82 = !DILocation(line: 0, scope: !9)
!83 = !DILocation(line: 53, column: 15, scope: !9)
!84 = !DILocation(line: 53, column: 5, scope: !9)
!85 = !DILocation(line: 53, column: 20, scope: !9)
!86 = !DILocation(line: 54, column: 1, scope: !9)
