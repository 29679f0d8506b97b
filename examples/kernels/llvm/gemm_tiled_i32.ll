; ModuleID = 'examples/kernels/gemm_tiled_i32.cu'
source_filename = "examples/kernels/gemm_tiled_i32.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ14gemm_tiled_i32E2As = internal unnamed_addr addrspace(3) global [16 x [16 x i32]] undef, align 4
@_ZZ14gemm_tiled_i32E2Bs = internal unnamed_addr addrspace(3) global [16 x [16 x i32]] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @gemm_tiled_i32(i32* nocapture noundef readonly %0, i32* nocapture noundef readonly %1, i32* nocapture noundef writeonly %2, i32 noundef %3, i32 noundef %4, i32 noundef %5) local_unnamed_addr #0 !dbg !9 {
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3, !dbg !12
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y() #3, !dbg !16
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #3, !dbg !19
  %10 = shl i32 %9, 4, !dbg !22
  %11 = add i32 %10, %8, !dbg !23
  %12 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3, !dbg !24
  %13 = shl i32 %12, 4, !dbg !27
  %14 = add i32 %13, %7, !dbg !28
  %15 = icmp eq i32 %5, 0, !dbg !29
  br i1 %15, label %90, label %16, !dbg !30

16:                                               ; preds = %6
  %17 = icmp ult i32 %11, %3
  %18 = mul i32 %11, %5
  %19 = zext i32 %8 to i64
  %20 = zext i32 %7 to i64
  %21 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 %20
  %22 = addrspacecast i32 addrspace(3)* %21 to i32*
  %23 = icmp ult i32 %14, %4
  %24 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 %19, i64 %20
  %25 = addrspacecast i32 addrspace(3)* %24 to i32*
  %26 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 0, !dbg !31
  %27 = addrspacecast i32 addrspace(3)* %26 to i32*, !dbg !31
  %28 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 0, i64 %20
  %29 = addrspacecast i32 addrspace(3)* %28 to i32*
  %30 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 1
  %31 = addrspacecast i32 addrspace(3)* %30 to i32*
  %32 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 1, i64 %20
  %33 = addrspacecast i32 addrspace(3)* %32 to i32*
  %34 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 2
  %35 = addrspacecast i32 addrspace(3)* %34 to i32*
  %36 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 2, i64 %20
  %37 = addrspacecast i32 addrspace(3)* %36 to i32*
  %38 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 3
  %39 = addrspacecast i32 addrspace(3)* %38 to i32*
  %40 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 3, i64 %20
  %41 = addrspacecast i32 addrspace(3)* %40 to i32*
  %42 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 4
  %43 = addrspacecast i32 addrspace(3)* %42 to i32*
  %44 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 4, i64 %20
  %45 = addrspacecast i32 addrspace(3)* %44 to i32*
  %46 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 5
  %47 = addrspacecast i32 addrspace(3)* %46 to i32*
  %48 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 5, i64 %20
  %49 = addrspacecast i32 addrspace(3)* %48 to i32*
  %50 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 6
  %51 = addrspacecast i32 addrspace(3)* %50 to i32*
  %52 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 6, i64 %20
  %53 = addrspacecast i32 addrspace(3)* %52 to i32*
  %54 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 7
  %55 = addrspacecast i32 addrspace(3)* %54 to i32*
  %56 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 7, i64 %20
  %57 = addrspacecast i32 addrspace(3)* %56 to i32*
  %58 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 8
  %59 = addrspacecast i32 addrspace(3)* %58 to i32*
  %60 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 8, i64 %20
  %61 = addrspacecast i32 addrspace(3)* %60 to i32*
  %62 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 9
  %63 = addrspacecast i32 addrspace(3)* %62 to i32*
  %64 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 9, i64 %20
  %65 = addrspacecast i32 addrspace(3)* %64 to i32*
  %66 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 10
  %67 = addrspacecast i32 addrspace(3)* %66 to i32*
  %68 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 10, i64 %20
  %69 = addrspacecast i32 addrspace(3)* %68 to i32*
  %70 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 11
  %71 = addrspacecast i32 addrspace(3)* %70 to i32*
  %72 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 11, i64 %20
  %73 = addrspacecast i32 addrspace(3)* %72 to i32*
  %74 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 12
  %75 = addrspacecast i32 addrspace(3)* %74 to i32*
  %76 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 12, i64 %20
  %77 = addrspacecast i32 addrspace(3)* %76 to i32*
  %78 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 13
  %79 = addrspacecast i32 addrspace(3)* %78 to i32*
  %80 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 13, i64 %20
  %81 = addrspacecast i32 addrspace(3)* %80 to i32*
  %82 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 14
  %83 = addrspacecast i32 addrspace(3)* %82 to i32*
  %84 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 14, i64 %20
  %85 = addrspacecast i32 addrspace(3)* %84 to i32*
  %86 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2As, i64 0, i64 %19, i64 15
  %87 = addrspacecast i32 addrspace(3)* %86 to i32*
  %88 = getelementptr inbounds [16 x [16 x i32]], [16 x [16 x i32]] addrspace(3)* @_ZZ14gemm_tiled_i32E2Bs, i64 0, i64 15, i64 %20
  %89 = addrspacecast i32 addrspace(3)* %88 to i32*
  br label %95, !dbg !30

90:                                               ; preds = %117, %6
  %91 = phi i32 [ 0, %6 ], [ %182, %117 ], !dbg !32
  %92 = icmp ult i32 %11, %3, !dbg !33
  %93 = icmp ult i32 %14, %4
  %94 = and i1 %92, %93, !dbg !34
  br i1 %94, label %185, label %190, !dbg !34

95:                                               ; preds = %16, %117
  %96 = phi i32 [ 0, %16 ], [ %183, %117 ]
  %97 = phi i32 [ 0, %16 ], [ %182, %117 ]
  %98 = add i32 %96, %7
  %99 = icmp ult i32 %98, %5
  %100 = select i1 %17, i1 %99, i1 false, !dbg !35
  br i1 %100, label %101, label %106, !dbg !35

101:                                              ; preds = %95
  %102 = add i32 %98, %18, !dbg !36
  %103 = zext i32 %102 to i64, !dbg !37
  %104 = getelementptr inbounds i32, i32* %0, i64 %103, !dbg !37
  %105 = load i32, i32* %104, align 4, !dbg !37, !tbaa !38
  br label %106, !dbg !42

106:                                              ; preds = %95, %101
  %107 = phi i32 [ %105, %101 ], [ 0, %95 ], !dbg !42
  store i32 %107, i32* %22, align 4, !dbg !43, !tbaa !38
  %108 = add i32 %96, %8, !dbg !44
  %109 = icmp ult i32 %108, %5, !dbg !45
  %110 = and i1 %23, %109, !dbg !46
  br i1 %110, label %111, label %117, !dbg !46

111:                                              ; preds = %106
  %112 = mul i32 %108, %4, !dbg !47
  %113 = add i32 %112, %14, !dbg !48
  %114 = zext i32 %113 to i64, !dbg !49
  %115 = getelementptr inbounds i32, i32* %1, i64 %114, !dbg !49
  %116 = load i32, i32* %115, align 4, !dbg !49, !tbaa !38
  br label %117, !dbg !50

117:                                              ; preds = %106, %111
  %118 = phi i32 [ %116, %111 ], [ 0, %106 ], !dbg !50
  store i32 %118, i32* %25, align 4, !dbg !51, !tbaa !38
  tail call void @llvm.nvvm.barrier0(), !dbg !52
  %119 = load i32, i32* %27, align 4, !dbg !31, !tbaa !38
  %120 = load i32, i32* %29, align 4, !dbg !53, !tbaa !38
  %121 = mul i32 %120, %119, !dbg !54
  %122 = add i32 %121, %97, !dbg !55
  %123 = load i32, i32* %31, align 4, !dbg !31, !tbaa !38
  %124 = load i32, i32* %33, align 4, !dbg !53, !tbaa !38
  %125 = mul i32 %124, %123, !dbg !54
  %126 = add i32 %125, %122, !dbg !55
  %127 = load i32, i32* %35, align 4, !dbg !31, !tbaa !38
  %128 = load i32, i32* %37, align 4, !dbg !53, !tbaa !38
  %129 = mul i32 %128, %127, !dbg !54
  %130 = add i32 %129, %126, !dbg !55
  %131 = load i32, i32* %39, align 4, !dbg !31, !tbaa !38
  %132 = load i32, i32* %41, align 4, !dbg !53, !tbaa !38
  %133 = mul i32 %132, %131, !dbg !54
  %134 = add i32 %133, %130, !dbg !55
  %135 = load i32, i32* %43, align 4, !dbg !31, !tbaa !38
  %136 = load i32, i32* %45, align 4, !dbg !53, !tbaa !38
  %137 = mul i32 %136, %135, !dbg !54
  %138 = add i32 %137, %134, !dbg !55
  %139 = load i32, i32* %47, align 4, !dbg !31, !tbaa !38
  %140 = load i32, i32* %49, align 4, !dbg !53, !tbaa !38
  %141 = mul i32 %140, %139, !dbg !54
  %142 = add i32 %141, %138, !dbg !55
  %143 = load i32, i32* %51, align 4, !dbg !31, !tbaa !38
  %144 = load i32, i32* %53, align 4, !dbg !53, !tbaa !38
  %145 = mul i32 %144, %143, !dbg !54
  %146 = add i32 %145, %142, !dbg !55
  %147 = load i32, i32* %55, align 4, !dbg !31, !tbaa !38
  %148 = load i32, i32* %57, align 4, !dbg !53, !tbaa !38
  %149 = mul i32 %148, %147, !dbg !54
  %150 = add i32 %149, %146, !dbg !55
  %151 = load i32, i32* %59, align 4, !dbg !31, !tbaa !38
  %152 = load i32, i32* %61, align 4, !dbg !53, !tbaa !38
  %153 = mul i32 %152, %151, !dbg !54
  %154 = add i32 %153, %150, !dbg !55
  %155 = load i32, i32* %63, align 4, !dbg !31, !tbaa !38
  %156 = load i32, i32* %65, align 4, !dbg !53, !tbaa !38
  %157 = mul i32 %156, %155, !dbg !54
  %158 = add i32 %157, %154, !dbg !55
  %159 = load i32, i32* %67, align 4, !dbg !31, !tbaa !38
  %160 = load i32, i32* %69, align 4, !dbg !53, !tbaa !38
  %161 = mul i32 %160, %159, !dbg !54
  %162 = add i32 %161, %158, !dbg !55
  %163 = load i32, i32* %71, align 4, !dbg !31, !tbaa !38
  %164 = load i32, i32* %73, align 4, !dbg !53, !tbaa !38
  %165 = mul i32 %164, %163, !dbg !54
  %166 = add i32 %165, %162, !dbg !55
  %167 = load i32, i32* %75, align 4, !dbg !31, !tbaa !38
  %168 = load i32, i32* %77, align 4, !dbg !53, !tbaa !38
  %169 = mul i32 %168, %167, !dbg !54
  %170 = add i32 %169, %166, !dbg !55
  %171 = load i32, i32* %79, align 4, !dbg !31, !tbaa !38
  %172 = load i32, i32* %81, align 4, !dbg !53, !tbaa !38
  %173 = mul i32 %172, %171, !dbg !54
  %174 = add i32 %173, %170, !dbg !55
  %175 = load i32, i32* %83, align 4, !dbg !31, !tbaa !38
  %176 = load i32, i32* %85, align 4, !dbg !53, !tbaa !38
  %177 = mul i32 %176, %175, !dbg !54
  %178 = add i32 %177, %174, !dbg !55
  %179 = load i32, i32* %87, align 4, !dbg !31, !tbaa !38
  %180 = load i32, i32* %89, align 4, !dbg !53, !tbaa !38
  %181 = mul i32 %180, %179, !dbg !54
  %182 = add i32 %181, %178, !dbg !55
  tail call void @llvm.nvvm.barrier0(), !dbg !56
  %183 = add i32 %96, 16, !dbg !57
  %184 = icmp ult i32 %183, %5, !dbg !29
  br i1 %184, label %95, label %90, !dbg !30, !llvm.loop !58

185:                                              ; preds = %90
  %186 = mul i32 %11, %4, !dbg !61
  %187 = add i32 %186, %14, !dbg !62
  %188 = zext i32 %187 to i64, !dbg !63
  %189 = getelementptr inbounds i32, i32* %2, i64 %188, !dbg !63
  store i32 %91, i32* %189, align 4, !dbg !64, !tbaa !38
  br label %190, !dbg !63

190:                                              ; preds = %185, %90
  ret void, !dbg !65
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

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
!1 = !DIFile(filename: "examples/kernels/gemm_tiled_i32.cu", directory: ".")
!2 = !{void (i32*, i32*, i32*, i32, i32, i32)* @gemm_tiled_i32, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "gemm_tiled_i32", scope: !1, file: !1, line: 13, type: !10, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 53, column: 3, scope: !13, inlinedAt: !15)
!13 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!14 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!15 = distinct !DILocation(line: 19, column: 19, scope: !9)
!16 = !DILocation(line: 54, column: 3, scope: !17, inlinedAt: !18)
!17 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 54, type: !10, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!18 = distinct !DILocation(line: 19, column: 37, scope: !9)
!19 = !DILocation(line: 67, column: 3, scope: !20, inlinedAt: !21)
!20 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !14, file: !14, line: 67, type: !10, scopeLine: 67, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!21 = distinct !DILocation(line: 20, column: 20, scope: !9)
!22 = !DILocation(line: 20, column: 31, scope: !9)
!23 = !DILocation(line: 20, column: 38, scope: !9)
!24 = !DILocation(line: 66, column: 3, scope: !25, inlinedAt: !26)
!25 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !14, file: !14, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!26 = distinct !DILocation(line: 21, column: 20, scope: !9)
!27 = !DILocation(line: 21, column: 31, scope: !9)
!28 = !DILocation(line: 21, column: 38, scope: !9)
!29 = !DILocation(line: 24, column: 30, scope: !9)
!30 = !DILocation(line: 24, column: 5, scope: !9)
!31 = !DILocation(line: 31, column: 30, scope: !9)
!32 = !DILocation(line: 22, column: 14, scope: !9)
!33 = !DILocation(line: 35, column: 13, scope: !9)
!34 = !DILocation(line: 35, column: 17, scope: !9)
!35 = !DILocation(line: 25, column: 31, scope: !9)
!36 = !DILocation(line: 25, column: 64, scope: !9)
!37 = !DILocation(line: 25, column: 49, scope: !9)
!38 = !{!39, !39, i64 0}
!39 = !{!"int", !40, i64 0}
!40 = !{!"omnipotent char", !41, i64 0}
!41 = !{!"Simple C++ TBAA"}
!42 = !DILocation(line: 25, column: 22, scope: !9)
!43 = !DILocation(line: 25, column: 20, scope: !9)
!44 = !DILocation(line: 26, column: 26, scope: !9)
!45 = !DILocation(line: 26, column: 31, scope: !9)
!46 = !DILocation(line: 26, column: 35, scope: !9)
!47 = !DILocation(line: 26, column: 61, scope: !9)
!48 = !DILocation(line: 26, column: 65, scope: !9)
!49 = !DILocation(line: 26, column: 49, scope: !9)
!50 = !DILocation(line: 26, column: 22, scope: !9)
!51 = !DILocation(line: 26, column: 20, scope: !9)
!52 = !DILocation(line: 27, column: 9, scope: !9)
!53 = !DILocation(line: 31, column: 52, scope: !9)
!54 = !DILocation(line: 31, column: 40, scope: !9)
!55 = !DILocation(line: 31, column: 17, scope: !9)
!56 = !DILocation(line: 32, column: 9, scope: !9)
!57 = !DILocation(line: 24, column: 38, scope: !9)
!58 = distinct !{!58, !30, !59, !60}
!59 = !DILocation(line: 33, column: 5, scope: !9)
!60 = !{!"llvm.loop.mustprogress"}
!61 = !DILocation(line: 36, column: 15, scope: !9)
!62 = !DILocation(line: 36, column: 19, scope: !9)
!63 = !DILocation(line: 36, column: 9, scope: !9)
!64 = !DILocation(line: 36, column: 26, scope: !9)
!65 = !DILocation(line: 37, column: 1, scope: !9)
