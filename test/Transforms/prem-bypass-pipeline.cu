// L1 bypass inside the prem pipeline, on a CUDA block tile (no debug
// information: loads are named by their ordinal in the kernel). prem-bypass
// marks the loads first; the PREM passes clone them into the global path
// and, in dae mode, into the Load phase, where the mark goes with them; the
// Execute phase reads the scratchpad, so its loads lose the mark. The
// profile says: A[i*64+j] (ordinal 0) streams, bypass; x[j] (ordinal 1) is
// reused, cache. The sdma Load phase's copies (not profiled: they did not
// exist) read each byte once, so they apply the rule to their own interval
// at run time (the runtime's streaming copies, ld.global.cg when the
// interval's sectors move fewer bytes than its lines); the Store phase's
// copy reads the scratchpad and stays as it was.
// RUN: rm -rf %t && split-file %s %t
// RUN: %cuda_bare_ir -I %S/Inputs %t/k.cu -o %t/k.ll
// RUN: %opt_prem -passes=prem,verify -prem-profile-use=%t/profile.json -pass-remarks=prem -S %t/k.ll -o %t/sdma.ll 2> %t/remarks.txt
// RUN: FileCheck %s --check-prefix=SDMA < %t/sdma.ll
// RUN: FileCheck %s --check-prefix=REMARK < %t/remarks.txt
// RUN: %opt_prem -passes=prem,verify -prem-mode=dae -prem-profile-use=%t/profile.json -S %t/k.ll -o %t/dae.ll
// RUN: FileCheck %s --check-prefix=DAE < %t/dae.ll
// Under clang, to PTX that ptxas accepts.
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -mllvm -prem-profile-use=%t/profile.json -S %t/k.cu -o %t/k.s
// RUN: FileCheck %s --check-prefix=PTX < %t/k.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t/k.s -o %t/k.o %}

// REMARK: remark: <unknown>:0:0: load at <no debug location> #0: {{.*}}: bypasses the L1
// REMARK: remark: <unknown>:0:0: kernel gemv: thread block tiled, 32 threads per PREM interval
// REMARK: remark: <unknown>:0:0: SoftDMA copy __prem_copy_1d reads each byte once (U = 1 inside its interval, R = 0): it bypasses the L1 when the interval's 32-byte sectors move fewer bytes than its 128-byte lines, decided per copy at run time
// REMARK: remark: <unknown>:0:0: SoftDMA copy __prem_copy_1d reads each byte once
// REMARK-NOT: SoftDMA copy

// The Execute phase loads the scratchpad as before; the global path's load
// of A is ld.global.cg, the one of x is not.
// SDMA-LABEL: prem.load:
// SDMA: call void @__prem_copy_1d_streaming(ptr %{{[0-9]+}}, ptr %prem.begin1, i64 %prem.length2)
// SDMA-NEXT: getelementptr
// SDMA-NEXT: call void @__prem_copy_1d_streaming(ptr %{{[0-9]+}}, ptr %prem.begin4, i64 %prem.length5)
// SDMA-NOT: __prem_copy
// SDMA: br label
// SDMA-LABEL: for.body:
// SDMA-NOT: asm
// SDMA: load float, ptr %prem.spm.addr{{[0-9]*}}, align 4, !tbaa !{{[0-9]+}}, !prem.array
// SDMA-NOT: asm
// SDMA: load float, ptr %prem.spm.addr{{[0-9]*}}, align 4, !tbaa !{{[0-9]+}}, !prem.array
// SDMA-LABEL: prem.store:
// SDMA: call void @__prem_copy_1d(ptr %prem.wbegin,
// SDMA-LABEL: for.body.global:
// SDMA: call float asm "{ .reg .pred %prem_global; isspacep.global %prem_global, $1; @%prem_global ld.global.cg.f32 $0, [$1]; @!%prem_global ld.f32 $0, [$1]; }", "=f,l"(ptr %arrayidx.global)
// SDMA: load float, ptr %arrayidx5.global, align 4
// SDMA-NOT: prem.bypass

// DAE-LABEL: for.body.global:
// DAE: call float asm {{.*}}ld.global.cg.f32{{.*}}(ptr %arrayidx.global)
// DAE-LABEL: for.body.load:
// DAE: call float asm {{.*}}ld.global.cg.f32{{.*}}(ptr %arrayidx.load)
// DAE-NOT: prem.bypass

// PTX: .shared .align 64 .b8 prem_$_spm_$_gemv[8576];
// PTX-DAG: ld.global.cg.f32
// PTX-DAG: ld.global.cg.v4.u32

//--- k.cu
#include "cuda-bare.h"

extern "C" __global__ void __launch_bounds__(32)
gemv(const float *__restrict__ A, const float *__restrict__ x,
     float *__restrict__ y, int m) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i < m) {
    float s = 0.0f;
    for (int j = 0; j < 64; j++)
      s += A[i * 64 + j] * x[j];
    y[i] = s;
  }
}
//--- profile.json
{"format": "prem-load-profile", "version": 1, "kernels": [{"name": "gemv", "shape_hash": "510ee3f62a7e8854", "loads": [
  {"file": "", "line": 0, "column": 0, "ordinal": 0, "bytes": 4, "utilization_line": 0.03125, "utilization_sector": 0.125, "reuse": 0, "bytes_cached": 262144, "bytes_bypassed": 65536},
  {"file": "", "line": 0, "column": 0, "ordinal": 1, "bytes": 4, "utilization_line": 0.03125, "utilization_sector": 0.125, "reuse": 31, "bytes_cached": 256, "bytes_bypassed": 65536}]}]}
