; ModuleID = 'examples/kernels/transpose_padded.cu'
source_filename = "examples/kernels/transpose_padded.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ16transpose_paddedE4tile = internal unnamed_addr addrspace(3) global [32 x [33 x i32]] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @transpose_padded(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 !dbg !9 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3, !dbg !12
  %6 = icmp ugt i32 %5, 31, !dbg !16
  br i1 %6, label %89, label %7, !dbg !17

7:                                                ; preds = %4
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y() #3, !dbg !18
  %9 = icmp ugt i32 %8, 7, !dbg !21
  br i1 %9, label %89, label %10, !dbg !22

10:                                               ; preds = %7
  %11 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3, !dbg !23
  %12 = shl i32 %11, 5, !dbg !26
  %13 = add nuw i32 %12, %5, !dbg !27
  %14 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #3, !dbg !28
  %15 = shl i32 %14, 5, !dbg !31
  %16 = zext i32 %5 to i64
  %17 = add nuw i32 %8, %15, !dbg !32
  %18 = mul i32 %17, %2, !dbg !33
  %19 = add i32 %13, %18, !dbg !34
  %20 = zext i32 %19 to i64, !dbg !35
  %21 = getelementptr inbounds i32, i32* %0, i64 %20, !dbg !35
  %22 = load i32, i32* %21, align 4, !dbg !35, !tbaa !36
  %23 = zext i32 %8 to i64, !dbg !40
  %24 = getelementptr inbounds [32 x [33 x i32]], [32 x [33 x i32]] addrspace(3)* @_ZZ16transpose_paddedE4tile, i64 0, i64 %23, i64 %16, !dbg !40
  %25 = addrspacecast i32 addrspace(3)* %24 to i32*, !dbg !40
  store i32 %22, i32* %25, align 4, !dbg !41, !tbaa !36
  %26 = add nuw nsw i32 %8, 8, !dbg !42
  %27 = add nuw i32 %26, %15, !dbg !32
  %28 = mul i32 %27, %2, !dbg !33
  %29 = add i32 %13, %28, !dbg !34
  %30 = zext i32 %29 to i64, !dbg !35
  %31 = getelementptr inbounds i32, i32* %0, i64 %30, !dbg !35
  %32 = load i32, i32* %31, align 4, !dbg !35, !tbaa !36
  %33 = zext i32 %26 to i64, !dbg !40
  %34 = getelementptr inbounds [32 x [33 x i32]], [32 x [33 x i32]] addrspace(3)* @_ZZ16transpose_paddedE4tile, i64 0, i64 %33, i64 %16, !dbg !40
  %35 = addrspacecast i32 addrspace(3)* %34 to i32*, !dbg !40
  store i32 %32, i32* %35, align 4, !dbg !41, !tbaa !36
  %36 = add nuw nsw i32 %8, 16, !dbg !42
  %37 = add nuw i32 %36, %15, !dbg !32
  %38 = mul i32 %37, %2, !dbg !33
  %39 = add i32 %13, %38, !dbg !34
  %40 = zext i32 %39 to i64, !dbg !35
  %41 = getelementptr inbounds i32, i32* %0, i64 %40, !dbg !35
  %42 = load i32, i32* %41, align 4, !dbg !35, !tbaa !36
  %43 = zext i32 %36 to i64, !dbg !40
  %44 = getelementptr inbounds [32 x [33 x i32]], [32 x [33 x i32]] addrspace(3)* @_ZZ16transpose_paddedE4tile, i64 0, i64 %43, i64 %16, !dbg !40
  %45 = addrspacecast i32 addrspace(3)* %44 to i32*, !dbg !40
  store i32 %42, i32* %45, align 4, !dbg !41, !tbaa !36
  %46 = add nuw nsw i32 %8, 24, !dbg !42
  %47 = add nuw i32 %46, %15, !dbg !32
  %48 = mul i32 %47, %2, !dbg !33
  %49 = add i32 %13, %48, !dbg !34
  %50 = zext i32 %49 to i64, !dbg !35
  %51 = getelementptr inbounds i32, i32* %0, i64 %50, !dbg !35
  %52 = load i32, i32* %51, align 4, !dbg !35, !tbaa !36
  %53 = zext i32 %46 to i64, !dbg !40
  %54 = getelementptr inbounds [32 x [33 x i32]], [32 x [33 x i32]] addrspace(3)* @_ZZ16transpose_paddedE4tile, i64 0, i64 %53, i64 %16, !dbg !40
  %55 = addrspacecast i32 addrspace(3)* %54 to i32*, !dbg !40
  store i32 %52, i32* %55, align 4, !dbg !41, !tbaa !36
  tail call void @llvm.nvvm.barrier0(), !dbg !43
  %56 = add nuw i32 %15, %5, !dbg !44
  %57 = getelementptr inbounds [32 x [33 x i32]], [32 x [33 x i32]] addrspace(3)* @_ZZ16transpose_paddedE4tile, i64 0, i64 %16, i64 %23, !dbg !45
  %58 = addrspacecast i32 addrspace(3)* %57 to i32*, !dbg !45
  %59 = load i32, i32* %58, align 4, !dbg !45, !tbaa !36
  %60 = add nuw i32 %8, %12, !dbg !46
  %61 = mul i32 %60, %3, !dbg !47
  %62 = add i32 %56, %61, !dbg !48
  %63 = zext i32 %62 to i64, !dbg !49
  %64 = getelementptr inbounds i32, i32* %1, i64 %63, !dbg !49
  store i32 %59, i32* %64, align 4, !dbg !50, !tbaa !36
  %65 = getelementptr inbounds [32 x [33 x i32]], [32 x [33 x i32]] addrspace(3)* @_ZZ16transpose_paddedE4tile, i64 0, i64 %16, i64 %33, !dbg !45
  %66 = addrspacecast i32 addrspace(3)* %65 to i32*, !dbg !45
  %67 = load i32, i32* %66, align 4, !dbg !45, !tbaa !36
  %68 = add nuw i32 %26, %12, !dbg !46
  %69 = mul i32 %68, %3, !dbg !47
  %70 = add i32 %56, %69, !dbg !48
  %71 = zext i32 %70 to i64, !dbg !49
  %72 = getelementptr inbounds i32, i32* %1, i64 %71, !dbg !49
  store i32 %67, i32* %72, align 4, !dbg !50, !tbaa !36
  %73 = getelementptr inbounds [32 x [33 x i32]], [32 x [33 x i32]] addrspace(3)* @_ZZ16transpose_paddedE4tile, i64 0, i64 %16, i64 %43, !dbg !45
  %74 = addrspacecast i32 addrspace(3)* %73 to i32*, !dbg !45
  %75 = load i32, i32* %74, align 4, !dbg !45, !tbaa !36
  %76 = add nuw i32 %36, %12, !dbg !46
  %77 = mul i32 %76, %3, !dbg !47
  %78 = add i32 %56, %77, !dbg !48
  %79 = zext i32 %78 to i64, !dbg !49
  %80 = getelementptr inbounds i32, i32* %1, i64 %79, !dbg !49
  store i32 %75, i32* %80, align 4, !dbg !50, !tbaa !36
  %81 = getelementptr inbounds [32 x [33 x i32]], [32 x [33 x i32]] addrspace(3)* @_ZZ16transpose_paddedE4tile, i64 0, i64 %16, i64 %53, !dbg !45
  %82 = addrspacecast i32 addrspace(3)* %81 to i32*, !dbg !45
  %83 = load i32, i32* %82, align 4, !dbg !45, !tbaa !36
  %84 = add nuw i32 %46, %12, !dbg !46
  %85 = mul i32 %84, %3, !dbg !47
  %86 = add i32 %56, %85, !dbg !48
  %87 = zext i32 %86 to i64, !dbg !49
  %88 = getelementptr inbounds i32, i32* %1, i64 %87, !dbg !49
  store i32 %83, i32* %88, align 4, !dbg !50, !tbaa !36
  br label %89, !dbg !51

89:                                               ; preds = %10, %4, %7
  ret void, !dbg !51
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { convergent nounwind }
attributes #2 = { nofree nosync nounwind readnone speculatable }
attributes #3 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "examples/kernels/transpose_padded.cu", directory: ".")
!2 = !{void (i32*, i32*, i32, i32)* @transpose_padded, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "transpose_padded", scope: !1, file: !1, line: 15, type: !10, scopeLine: 16, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 53, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 20, column: 9, scope: !9)
!16 = !DILocation(line: 20, column: 21, scope: !9)
!17 = !DILocation(line: 20, column: 29, scope: !9)
!18 = !DILocation(line: 54, column: 3, scope: !19, inlinedAt: !20)
!19 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 54, type: !10, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!20 = distinct !DILocation(line: 20, column: 32, scope: !9)
!21 = !DILocation(line: 20, column: 44, scope: !9)
!22 = !DILocation(line: 20, column: 9, scope: !9)
!23 = !DILocation(line: 66, column: 3, scope: !24, inlinedAt: !25)
!24 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!25 = distinct !DILocation(line: 22, column: 18, scope: !9)
!26 = !DILocation(line: 22, column: 29, scope: !9)
!27 = !DILocation(line: 22, column: 36, scope: !9)
!28 = !DILocation(line: 67, column: 3, scope: !29, inlinedAt: !30)
!29 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 67, type: !10, scopeLine: 67, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!30 = distinct !DILocation(line: 23, column: 18, scope: !9)
!31 = !DILocation(line: 23, column: 29, scope: !9)
!32 = !DILocation(line: 25, column: 52, scope: !9)
!33 = !DILocation(line: 25, column: 57, scope: !9)
!34 = !DILocation(line: 25, column: 65, scope: !9)
!35 = !DILocation(line: 25, column: 46, scope: !9)
!36 = !{!37, !37, i64 0}
!37 = !{!"int", !38, i64 0}
!38 = !{!"omnipotent char", !39, i64 0}
!39 = !{!"Simple C++ TBAA"}
!40 = !DILocation(line: 25, column: 9, scope: !9)
!41 = !DILocation(line: 25, column: 44, scope: !9)
!42 = !DILocation(line: 23, column: 36, scope: !9)
!43 = !DILocation(line: 26, column: 5, scope: !9)
!44 = !DILocation(line: 28, column: 27, scope: !9)
!45 = !DILocation(line: 31, column: 37, scope: !9)
!46 = !DILocation(line: 31, column: 16, scope: !9)
!47 = !DILocation(line: 31, column: 21, scope: !9)
!48 = !DILocation(line: 31, column: 30, scope: !9)
!49 = !DILocation(line: 31, column: 9, scope: !9)
!50 = !DILocation(line: 31, column: 35, scope: !9)
!51 = !DILocation(line: 32, column: 1, scope: !9)
