; ModuleID = 'examples/kernels/transpose_swizzled.cu'
source_filename = "examples/kernels/transpose_swizzled.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ18transpose_swizzledE4tile = internal unnamed_addr addrspace(3) global [32 x [32 x i32]] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @transpose_swizzled(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 !dbg !9 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3, !dbg !12
  %6 = icmp ugt i32 %5, 31, !dbg !16
  br i1 %6, label %97, label %7, !dbg !17

7:                                                ; preds = %4
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y() #3, !dbg !18
  %9 = icmp ugt i32 %8, 7, !dbg !21
  br i1 %9, label %97, label %10, !dbg !22

10:                                               ; preds = %7
  %11 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3, !dbg !23
  %12 = shl i32 %11, 5, !dbg !26
  %13 = add nuw i32 %12, %5, !dbg !27
  %14 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #3, !dbg !28
  %15 = shl i32 %14, 5, !dbg !31
  %16 = add nuw i32 %8, %15, !dbg !32
  %17 = mul i32 %16, %2, !dbg !33
  %18 = add i32 %13, %17, !dbg !34
  %19 = zext i32 %18 to i64, !dbg !35
  %20 = getelementptr inbounds i32, i32* %0, i64 %19, !dbg !35
  %21 = load i32, i32* %20, align 4, !dbg !35, !tbaa !36
  %22 = zext i32 %8 to i64, !dbg !40
  %23 = xor i32 %8, %5, !dbg !41
  %24 = zext i32 %23 to i64, !dbg !40
  %25 = getelementptr inbounds [32 x [32 x i32]], [32 x [32 x i32]] addrspace(3)* @_ZZ18transpose_swizzledE4tile, i64 0, i64 %22, i64 %24, !dbg !40
  %26 = addrspacecast i32 addrspace(3)* %25 to i32*, !dbg !40
  store i32 %21, i32* %26, align 4, !dbg !42, !tbaa !36
  %27 = add nuw nsw i32 %8, 8, !dbg !43
  %28 = add nuw i32 %27, %15, !dbg !32
  %29 = mul i32 %28, %2, !dbg !33
  %30 = add i32 %13, %29, !dbg !34
  %31 = zext i32 %30 to i64, !dbg !35
  %32 = getelementptr inbounds i32, i32* %0, i64 %31, !dbg !35
  %33 = load i32, i32* %32, align 4, !dbg !35, !tbaa !36
  %34 = zext i32 %27 to i64, !dbg !40
  %35 = xor i32 %27, %5, !dbg !41
  %36 = zext i32 %35 to i64, !dbg !40
  %37 = getelementptr inbounds [32 x [32 x i32]], [32 x [32 x i32]] addrspace(3)* @_ZZ18transpose_swizzledE4tile, i64 0, i64 %34, i64 %36, !dbg !40
  %38 = addrspacecast i32 addrspace(3)* %37 to i32*, !dbg !40
  store i32 %33, i32* %38, align 4, !dbg !42, !tbaa !36
  %39 = add nuw nsw i32 %8, 16, !dbg !43
  %40 = add nuw i32 %39, %15, !dbg !32
  %41 = mul i32 %40, %2, !dbg !33
  %42 = add i32 %13, %41, !dbg !34
  %43 = zext i32 %42 to i64, !dbg !35
  %44 = getelementptr inbounds i32, i32* %0, i64 %43, !dbg !35
  %45 = load i32, i32* %44, align 4, !dbg !35, !tbaa !36
  %46 = zext i32 %39 to i64, !dbg !40
  %47 = xor i32 %39, %5, !dbg !41
  %48 = zext i32 %47 to i64, !dbg !40
  %49 = getelementptr inbounds [32 x [32 x i32]], [32 x [32 x i32]] addrspace(3)* @_ZZ18transpose_swizzledE4tile, i64 0, i64 %46, i64 %48, !dbg !40
  %50 = addrspacecast i32 addrspace(3)* %49 to i32*, !dbg !40
  store i32 %45, i32* %50, align 4, !dbg !42, !tbaa !36
  %51 = add nuw nsw i32 %8, 24, !dbg !43
  %52 = add nuw i32 %51, %15, !dbg !32
  %53 = mul i32 %52, %2, !dbg !33
  %54 = add i32 %13, %53, !dbg !34
  %55 = zext i32 %54 to i64, !dbg !35
  %56 = getelementptr inbounds i32, i32* %0, i64 %55, !dbg !35
  %57 = load i32, i32* %56, align 4, !dbg !35, !tbaa !36
  %58 = zext i32 %51 to i64, !dbg !40
  %59 = xor i32 %51, %5, !dbg !41
  %60 = zext i32 %59 to i64, !dbg !40
  %61 = getelementptr inbounds [32 x [32 x i32]], [32 x [32 x i32]] addrspace(3)* @_ZZ18transpose_swizzledE4tile, i64 0, i64 %58, i64 %60, !dbg !40
  %62 = addrspacecast i32 addrspace(3)* %61 to i32*, !dbg !40
  store i32 %57, i32* %62, align 4, !dbg !42, !tbaa !36
  tail call void @llvm.nvvm.barrier0(), !dbg !44
  %63 = add nuw i32 %15, %5, !dbg !45
  %64 = zext i32 %5 to i64
  %65 = getelementptr inbounds [32 x [32 x i32]], [32 x [32 x i32]] addrspace(3)* @_ZZ18transpose_swizzledE4tile, i64 0, i64 %64, i64 %24, !dbg !46
  %66 = addrspacecast i32 addrspace(3)* %65 to i32*, !dbg !46
  %67 = load i32, i32* %66, align 4, !dbg !46, !tbaa !36
  %68 = add nuw i32 %8, %12, !dbg !47
  %69 = mul i32 %68, %3, !dbg !48
  %70 = add i32 %63, %69, !dbg !49
  %71 = zext i32 %70 to i64, !dbg !50
  %72 = getelementptr inbounds i32, i32* %1, i64 %71, !dbg !50
  store i32 %67, i32* %72, align 4, !dbg !51, !tbaa !36
  %73 = getelementptr inbounds [32 x [32 x i32]], [32 x [32 x i32]] addrspace(3)* @_ZZ18transpose_swizzledE4tile, i64 0, i64 %64, i64 %36, !dbg !46
  %74 = addrspacecast i32 addrspace(3)* %73 to i32*, !dbg !46
  %75 = load i32, i32* %74, align 4, !dbg !46, !tbaa !36
  %76 = add nuw i32 %27, %12, !dbg !47
  %77 = mul i32 %76, %3, !dbg !48
  %78 = add i32 %63, %77, !dbg !49
  %79 = zext i32 %78 to i64, !dbg !50
  %80 = getelementptr inbounds i32, i32* %1, i64 %79, !dbg !50
  store i32 %75, i32* %80, align 4, !dbg !51, !tbaa !36
  %81 = getelementptr inbounds [32 x [32 x i32]], [32 x [32 x i32]] addrspace(3)* @_ZZ18transpose_swizzledE4tile, i64 0, i64 %64, i64 %48, !dbg !46
  %82 = addrspacecast i32 addrspace(3)* %81 to i32*, !dbg !46
  %83 = load i32, i32* %82, align 4, !dbg !46, !tbaa !36
  %84 = add nuw i32 %39, %12, !dbg !47
  %85 = mul i32 %84, %3, !dbg !48
  %86 = add i32 %63, %85, !dbg !49
  %87 = zext i32 %86 to i64, !dbg !50
  %88 = getelementptr inbounds i32, i32* %1, i64 %87, !dbg !50
  store i32 %83, i32* %88, align 4, !dbg !51, !tbaa !36
  %89 = getelementptr inbounds [32 x [32 x i32]], [32 x [32 x i32]] addrspace(3)* @_ZZ18transpose_swizzledE4tile, i64 0, i64 %64, i64 %60, !dbg !46
  %90 = addrspacecast i32 addrspace(3)* %89 to i32*, !dbg !46
  %91 = load i32, i32* %90, align 4, !dbg !46, !tbaa !36
  %92 = add nuw i32 %51, %12, !dbg !47
  %93 = mul i32 %92, %3, !dbg !48
  %94 = add i32 %63, %93, !dbg !49
  %95 = zext i32 %94 to i64, !dbg !50
  %96 = getelementptr inbounds i32, i32* %1, i64 %95, !dbg !50
  store i32 %91, i32* %96, align 4, !dbg !51, !tbaa !36
  br label %97, !dbg !52

97:                                               ; preds = %10, %4, %7
  ret void, !dbg !52
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
!1 = !DIFile(filename: "examples/kernels/transpose_swizzled.cu", directory: ".")
!2 = !{void (i32*, i32*, i32, i32)* @transpose_swizzled, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "transpose_swizzled", scope: !1, file: !1, line: 17, type: !10, scopeLine: 18, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 53, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 22, column: 9, scope: !9)
!16 = !DILocation(line: 22, column: 21, scope: !9)
!17 = !DILocation(line: 22, column: 29, scope: !9)
!18 = !DILocation(line: 54, column: 3, scope: !19, inlinedAt: !20)
!19 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 54, type: !10, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!20 = distinct !DILocation(line: 22, column: 32, scope: !9)
!21 = !DILocation(line: 22, column: 44, scope: !9)
!22 = !DILocation(line: 22, column: 9, scope: !9)
!23 = !DILocation(line: 66, column: 3, scope: !24, inlinedAt: !25)
!24 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!25 = distinct !DILocation(line: 24, column: 18, scope: !9)
!26 = !DILocation(line: 24, column: 29, scope: !9)
!27 = !DILocation(line: 24, column: 36, scope: !9)
!28 = !DILocation(line: 67, column: 3, scope: !29, inlinedAt: !30)
!29 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 67, type: !10, scopeLine: 67, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!30 = distinct !DILocation(line: 25, column: 18, scope: !9)
!31 = !DILocation(line: 25, column: 29, scope: !9)
!32 = !DILocation(line: 28, column: 42, scope: !9)
!33 = !DILocation(line: 28, column: 47, scope: !9)
!34 = !DILocation(line: 28, column: 55, scope: !9)
!35 = !DILocation(line: 28, column: 36, scope: !9)
!36 = !{!37, !37, i64 0}
!37 = !{!"int", !38, i64 0}
!38 = !{!"omnipotent char", !39, i64 0}
!39 = !{!"Simple C++ TBAA"}
!40 = !DILocation(line: 28, column: 9, scope: !9)
!41 = !DILocation(line: 28, column: 29, scope: !9)
!42 = !DILocation(line: 28, column: 34, scope: !9)
!43 = !DILocation(line: 27, column: 34, scope: !9)
!44 = !DILocation(line: 30, column: 5, scope: !9)
!45 = !DILocation(line: 32, column: 27, scope: !9)
!46 = !DILocation(line: 36, column: 37, scope: !9)
!47 = !DILocation(line: 36, column: 16, scope: !9)
!48 = !DILocation(line: 36, column: 21, scope: !9)
!49 = !DILocation(line: 36, column: 30, scope: !9)
!50 = !DILocation(line: 36, column: 9, scope: !9)
!51 = !DILocation(line: 36, column: 35, scope: !9)
!52 = !DILocation(line: 38, column: 1, scope: !9)
