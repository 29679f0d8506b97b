// One function per CUTLASS kernel the launch files are made for; each
// compiles against the CUTLASS headers in a translation unit of its own
// (their type names would collide).
#pragma once

#include "launch_writer.h"

namespace warpsat_host {

void make_48_tf32_cooperative(KernelLaunch& l);   // kernel_48_tf32.cu
void make_fp16_pingpong(KernelLaunch& l);         // kernel_fp16_pingpong.cu
void make_54_fp8_cooperative(KernelLaunch& l);    // kernel_54_fp8.cu
void make_56_ptr_array_cooperative(KernelLaunch& l);  // kernel_56_ptr_array.cu
void make_56_ptr_array_pingpong(KernelLaunch& l);     // kernel_56_ptr_array.cu
void make_57_grouped_cooperative(KernelLaunch& l);    // kernel_57_grouped.cu
void make_57_grouped_pingpong(KernelLaunch& l);       // kernel_57_grouped.cu
void make_49_stream_k(KernelLaunch& l);               // kernel_49_stream_k.cu
void make_49_pingpong(KernelLaunch& l);               // kernel_49_pingpong.cu
void make_bf16_cooperative(KernelLaunch& l);          // kernel_bf16_cooperative.cu
void make_int8_pingpong(KernelLaunch& l);             // kernel_int8_pingpong.cu

}  // namespace warpsat_host
