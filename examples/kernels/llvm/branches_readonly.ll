; ModuleID = 'examples/kernels/branches_readonly.cu'
source_filename = "examples/kernels/branches_readonly.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@table = dso_local addrspace(4) externally_initialized global [16 x i32] zeroinitializer, align 4
@llvm.compiler.used = appending global [1 x i8*] [i8* addrspacecast (i8 addrspace(4)* bitcast ([16 x i32] addrspace(4)* @table to i8 addrspace(4)*) to i8*)], section "llvm.metadata"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @branches_readonly(i32* nocapture noundef readonly %0, i32* noalias nocapture noundef readonly %1, float* noalias nocapture noundef readonly %2, i32 noundef %3, i32* noalias nocapture noundef writeonly %4) local_unnamed_addr #0 !dbg !9 {
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.z() #2, !dbg !12
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #2, !dbg !16
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2, !dbg !19
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2, !dbg !22
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2, !dbg !25
  %11 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2, !dbg !28
  %12 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #2, !dbg !31
  %13 = mul i32 %11, %12, !dbg !34
  %14 = add i32 %13, %6
  %15 = mul i32 %14, %7
  %16 = add i32 %15, %8
  %17 = mul i32 %16, %9
  %18 = add i32 %17, %10, !dbg !35
  %19 = getelementptr inbounds i32, i32* %1, i64 512, !dbg !36
  %20 = load i32, i32* %19, align 4, !dbg !36, !tbaa !37
  %21 = icmp ugt i32 %20, 7, !dbg !41
  br i1 %21, label %22, label %24, !dbg !36

22:                                               ; preds = %5
  %23 = load i32, i32* %0, align 4, !dbg !42, !tbaa !37
  br label %24, !dbg !43

24:                                               ; preds = %22, %5
  %25 = phi i32 [ %23, %22 ], [ 0, %5 ], !dbg !44
  %26 = zext i32 %3 to i64, !dbg !45
  %27 = getelementptr inbounds i32, i32* %1, i64 %26, !dbg !45
  %28 = load i32, i32* %27, align 4, !dbg !45, !tbaa !37
  %29 = icmp eq i32 %28, 3, !dbg !46
  br i1 %29, label %30, label %34, !dbg !45

30:                                               ; preds = %24
  %31 = getelementptr inbounds i32, i32* %0, i64 1, !dbg !47
  %32 = load i32, i32* %31, align 4, !dbg !47, !tbaa !37
  %33 = or i32 %32, %25, !dbg !48
  br label %34, !dbg !49

34:                                               ; preds = %30, %24
  %35 = phi i32 [ %33, %30 ], [ %25, %24 ], !dbg !44
  %36 = load i32, i32* getelementptr inbounds ([16 x i32], [16 x i32]* addrspacecast ([16 x i32] addrspace(4)* @table to [16 x i32]*), i64 0, i64 5), align 4, !dbg !50, !tbaa !37
  %37 = icmp ugt i32 %36, 5, !dbg !51
  br i1 %37, label %38, label %42, !dbg !50

38:                                               ; preds = %34
  %39 = getelementptr inbounds i32, i32* %0, i64 2, !dbg !52
  %40 = load i32, i32* %39, align 4, !dbg !52, !tbaa !37
  %41 = or i32 %40, %35, !dbg !53
  br label %42, !dbg !54

42:                                               ; preds = %38, %34
  %43 = phi i32 [ %41, %38 ], [ %35, %34 ], !dbg !44
  %44 = getelementptr inbounds float, float* %2, i64 7, !dbg !55
  %45 = load float, float* %44, align 4, !dbg !55, !tbaa !56
  %46 = fcmp contract ogt float %45, 5.000000e-01, !dbg !58
  br i1 %46, label %47, label %51, !dbg !55

47:                                               ; preds = %42
  %48 = getelementptr inbounds i32, i32* %0, i64 3, !dbg !59
  %49 = load i32, i32* %48, align 4, !dbg !59, !tbaa !37
  %50 = or i32 %49, %43, !dbg !60
  br label %51, !dbg !61

51:                                               ; preds = %47, %42
  %52 = phi i32 [ %50, %47 ], [ %43, %42 ], !dbg !44
  %53 = zext i32 %18 to i64, !dbg !62
  %54 = getelementptr inbounds i32, i32* %1, i64 %53, !dbg !62
  %55 = load i32, i32* %54, align 4, !dbg !62, !tbaa !37
  %56 = icmp ugt i32 %55, 7, !dbg !63
  br i1 %56, label %57, label %61, !dbg !62

57:                                               ; preds = %51
  %58 = getelementptr inbounds i32, i32* %0, i64 4, !dbg !64
  %59 = load i32, i32* %58, align 4, !dbg !64, !tbaa !37
  %60 = or i32 %59, %52, !dbg !65
  br label %61, !dbg !66

61:                                               ; preds = %57, %51
  %62 = phi i32 [ %60, %57 ], [ %52, %51 ], !dbg !44
  %63 = getelementptr inbounds i32, i32* %4, i64 %53, !dbg !67
  store i32 %62, i32* %63, align 4, !dbg !68, !tbaa !37
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
!1 = !DIFile(filename: "examples/kernels/branches_readonly.cu", directory: ".")
!2 = !{void (i32*, i32*, float*, i32, i32*)* @branches_readonly, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "branches_readonly", scope: !1, file: !1, line: 18, type: !10, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 55, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 55, type: !10, scopeLine: 55, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 21, column: 24, scope: !9)
!16 = !DILocation(line: 80, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 80, type: !10, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 21, column: 38, scope: !9)
!19 = !DILocation(line: 54, column: 3, scope: !20, inlinedAt: !21)
!20 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 54, type: !10, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!21 = distinct !DILocation(line: 21, column: 51, scope: !9)
!22 = !DILocation(line: 79, column: 3, scope: !23, inlinedAt: !24)
!23 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!24 = distinct !DILocation(line: 21, column: 66, scope: !9)
!25 = !DILocation(line: 53, column: 3, scope: !26, inlinedAt: !27)
!26 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!27 = distinct !DILocation(line: 21, column: 79, scope: !9)
!28 = !DILocation(line: 66, column: 3, scope: !29, inlinedAt: !30)
!29 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!30 = distinct !DILocation(line: 22, column: 18, scope: !9)
!31 = !DILocation(line: 81, column: 3, scope: !32, inlinedAt: !33)
!32 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !14, file: !14, line: 81, type: !10, scopeLine: 81, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!33 = distinct !DILocation(line: 22, column: 58, scope: !9)
!34 = !DILocation(line: 22, column: 29, scope: !9)
!35 = !DILocation(line: 22, column: 70, scope: !9)
!36 = !DILocation(line: 25, column: 9, scope: !9)
!37 = !{!38, !38, i64 0}
!38 = !{!"int", !39, i64 0}
!39 = !{!"omnipotent char", !40, i64 0}
!40 = !{!"Simple C++ TBAA"}
!41 = !DILocation(line: 25, column: 17, scope: !9)
!42 = !DILocation(line: 26, column: 16, scope: !9)
!43 = !DILocation(line: 26, column: 9, scope: !9)
!44 = !DILocation(line: 0, scope: !9)
!45 = !DILocation(line: 28, column: 9, scope: !9)
!46 = !DILocation(line: 28, column: 15, scope: !9)
!47 = !DILocation(line: 29, column: 16, scope: !9)
!48 = !DILocation(line: 29, column: 13, scope: !9)
!49 = !DILocation(line: 29, column: 9, scope: !9)
!50 = !DILocation(line: 31, column: 9, scope: !9)
!51 = !DILocation(line: 31, column: 18, scope: !9)
!52 = !DILocation(line: 32, column: 16, scope: !9)
!53 = !DILocation(line: 32, column: 13, scope: !9)
!54 = !DILocation(line: 32, column: 9, scope: !9)
!55 = !DILocation(line: 34, column: 9, scope: !9)
!56 = !{!57, !57, i64 0}
!57 = !{!"float", !39, i64 0}
!58 = !DILocation(line: 34, column: 14, scope: !9)
!59 = !DILocation(line: 35, column: 16, scope: !9)
!60 = !DILocation(line: 35, column: 13, scope: !9)
!61 = !DILocation(line: 35, column: 9, scope: !9)
!62 = !DILocation(line: 37, column: 9, scope: !9)
!63 = !DILocation(line: 37, column: 15, scope: !9)
!64 = !DILocation(line: 38, column: 16, scope: !9)
!65 = !DILocation(line: 38, column: 13, scope: !9)
!66 = !DILocation(line: 38, column: 9, scope: !9)
!67 = !DILocation(line: 40, column: 5, scope: !9)
!68 = !DILocation(line: 40, column: 12, scope: !9)
!69 = !DILocation(line: 41, column: 1, scope: !9)
