// prem-comply marks a best-effort kernel's global loads and stores
// !nontemporal, and prem-streaming-lower makes them ld.cs / st.cs (evict
// first in L1 and L2) at the end of the pipeline, so that best effort
// running between two real-time launches leaves the real-time kernel's
// lines in the L2 (design §3b; measured on the H100 in
// bench/results/nvidia-h100-80gb-hbm3/interference-sources.md).
// RUN: %clang -O2 -fno-unroll-loops %cuda_bare -I %S/Inputs -fno-discard-value-names -S -emit-llvm %s -o %t.ll
// RUN: %opt_prem -passes=prem-comply,verify -S %t.ll -o - -pass-remarks=prem-comply 2> %t.mark.remarks | FileCheck %s --check-prefix=MARK
// RUN: FileCheck %s --check-prefix=MARK-REMARK < %t.mark.remarks
// RUN: %opt_prem -passes=prem-comply,prem-streaming-lower,verify -S %t.ll -o - -pass-remarks-missed=prem-streaming-lower 2> %t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// -prem-be-streaming=0 marks nothing, so nothing is lowered.
// RUN: %opt_prem -passes=prem-comply,prem-streaming-lower,verify -prem-be-streaming=0 -S %t.ll -o - | FileCheck %s --check-prefix=OFF
// Under clang, -prem-best-effort lowers the marks at the end of the
// optimizer; the PTX assembles for sm_90 and sm_87.
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -mllvm -prem-best-effort -S %s -o %t.s
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -mllvm -prem-best-effort -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}
#include "cuda-bare.h"

#define GRID_DIM_X __nvvm_read_ptx_sreg_nctaid_x()

struct __attribute__((aligned(16))) vec4 {
  float x, y, z, w;
};

struct __attribute__((packed)) record {
  char tag;
  int value;
};

extern "C" {

// Through the kernel's own pointers: global memory, ld.global.cs.
__global__ void copy(const float *__restrict__ a, float *__restrict__ b,
                     int n) {
  for (int i = BLOCK_X * BLOCK_DIM_X + THREAD_X; i < n;
       i += BLOCK_DIM_X * GRID_DIM_X)
    b[i] = a[i];
}

// A float4-sized struct assignment is a 16-byte memcpy: one .v4.b32 load
// and one .v4.b32 store.
__global__ void copy4(const vec4 *__restrict__ a, vec4 *__restrict__ b,
                      int n) {
  for (int i = BLOCK_X * BLOCK_DIM_X + THREAD_X; i < n;
       i += BLOCK_DIM_X * GRID_DIM_X)
    b[i] = a[i];
}

// A float4 whose fields are summed: the optimizer loads its four floats
// one by one, and the back end's vectorizer, which cannot see through
// inline assembly, is run first: one .v4.b32 load.
__global__ void sum4(const vec4 *__restrict__ a, float *__restrict__ out,
                     int n) {
  float s = 0.0f;
  for (int i = BLOCK_X * BLOCK_DIM_X + THREAD_X; i < n;
       i += BLOCK_DIM_X * GRID_DIM_X) {
    vec4 v = a[i];
    s += v.x + v.y + v.z + v.w;
  }
  out[BLOCK_X * BLOCK_DIM_X + THREAD_X] = s;
}

// Bytes travel in 16-bit registers.
__global__ void copy_bytes(const char *__restrict__ a, char *__restrict__ b,
                           int n) {
  for (int i = BLOCK_X * BLOCK_DIM_X + THREAD_X; i < n;
       i += BLOCK_DIM_X * GRID_DIM_X)
    b[i] = a[i];
}

// Rows found through a table of pointers: the row pointer is loaded, so
// its space is not known, and its loads test isspacep.global first.
__global__ void gather(const float *const *__restrict__ rows,
                       float *__restrict__ out, int n) {
  int r = BLOCK_X;
  float s = 0.0f;
  for (int i = THREAD_X; i < n; i += BLOCK_DIM_X)
    s += rows[r][i];
  out[r * BLOCK_DIM_X + THREAD_X] = s;
}

// An atomic, a volatile store and shared memory keep their accesses; a
// packed (under-aligned) int keeps the normal policy, with a remark.
__global__ void __launch_bounds__(64)
kept(float *__restrict__ sum, volatile int *__restrict__ flag,
     const record *__restrict__ recs, int *__restrict__ values, int n) {
  __attribute__((shared)) float s[64];
  for (int i = THREAD_X; i < n; i += 64) {
    s[THREAD_X] = (float)i;
    __nvvm_atom_add_gen_f(sum, s[(THREAD_X + 1) % 64]);
    values[i] = recs[i].value;
  }
  *flag = 1;
}

} // extern "C"

// MARK-LABEL: define {{.*}}void @copy(
// MARK: load float, ptr %arrayidx, align 4, !tbaa !{{[0-9]+}}, !nontemporal ![[NT:[0-9]+]]
// MARK: store float %{{.*}}, ptr %arrayidx2, align 4, !tbaa !{{[0-9]+}}, !nontemporal ![[NT]]
// MARK-LABEL: define {{.*}}void @copy4(
// MARK: call void @llvm.memcpy.p0.p0.i64(ptr {{.*}}align 16 {{.*}}%arrayidx2, ptr {{.*}}align 16 {{.*}}%arrayidx, i64 16, i1 false){{.*}}, !nontemporal ![[NT]]
// MARK-LABEL: define {{.*}}void @kept(
// MARK-NOT: !nontemporal
// MARK: store volatile i32 1
// MARK: ![[NT]] = !{i32 1}

// MARK-REMARK: remark: {{.*}}best-effort kernel copy: 2 global loads, stores and small copies marked streaming (evict first), so that they leave the real-time kernels' lines in the L2
// MARK-REMARK: remark: {{.*}}best-effort kernel copy4: 1 global loads, stores and small copies marked streaming
// MARK-REMARK: remark: {{.*}}best-effort kernel kept: 2 global loads, stores and small copies marked streaming

// CHECK-LABEL: define {{.*}}void @copy(
// CHECK: %[[A:[0-9]+]] = addrspacecast ptr %arrayidx to ptr addrspace(1)
// CHECK-NEXT: %.cs = call float asm "ld.global.cs.f32 $0, [$1];", "=f,l"(ptr addrspace(1) %[[A]]) #[[READ:[0-9]+]]
// CHECK: %[[B:[0-9]+]] = addrspacecast ptr %arrayidx2 to ptr addrspace(1)
// CHECK-NEXT: call void asm sideeffect "st.global.cs.f32 [$0], $1;", "l,f,~{memory}"(ptr addrspace(1) %[[B]], float %.cs) #[[WRITE:[0-9]+]]
// CHECK-NOT: !nontemporal
// CHECK: call void @__prem_be_poll(

// The memcpy's one word, loaded, then stored.
// CHECK-LABEL: define {{.*}}void @copy4(
// CHECK-NOT: llvm.memcpy
// CHECK: %[[S:[0-9]+]] = addrspacecast ptr %{{[0-9]+}} to ptr addrspace(1)
// CHECK-NEXT: %.cs = call { i32, i32, i32, i32 } asm "ld.global.cs.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l"(ptr addrspace(1) %[[S]]) #[[READ]]
// CHECK-NEXT: %[[L0:[0-9]+]] = extractvalue { i32, i32, i32, i32 } %.cs, 0
// CHECK-NEXT: %[[V0:[0-9]+]] = insertelement <4 x i32> poison, i32 %[[L0]], i32 0
// CHECK: %[[V3:[0-9]+]] = insertelement <4 x i32> %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 3
// CHECK: %[[D:[0-9]+]] = addrspacecast ptr %{{[0-9]+}} to ptr addrspace(1)
// CHECK-NEXT: %[[E0:[0-9]+]] = extractelement <4 x i32> %[[V3]], i64 0
// CHECK-NEXT: %[[E1:[0-9]+]] = extractelement <4 x i32> %[[V3]], i64 1
// CHECK-NEXT: %[[E2:[0-9]+]] = extractelement <4 x i32> %[[V3]], i64 2
// CHECK-NEXT: %[[E3:[0-9]+]] = extractelement <4 x i32> %[[V3]], i64 3
// CHECK-NEXT: call void asm sideeffect "st.global.cs.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,~{memory}"(ptr addrspace(1) %[[D]], i32 %[[E0]], i32 %[[E1]], i32 %[[E2]], i32 %[[E3]]) #[[WRITE]]
// CHECK-NOT: call void @llvm.memcpy
// CHECK-LABEL: define {{.*}}void @sum4(
// CHECK: %.cs = call { i32, i32, i32, i32 } asm "ld.global.cs.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: bitcast <4 x i32> %{{[0-9]+}} to <4 x float>
// CHECK: %v.sroa.0.0.copyload{{[0-9]*}} = extractelement <4 x float> %{{[0-9]+}}, i32 0
// CHECK: %v.sroa.6.0.copyload{{[0-9]*}} = extractelement <4 x float> %{{[0-9]+}}, i32 3
// CHECK-NOT: ld.global.cs.f32
// CHECK-LABEL: define {{.*}}void @copy_bytes(
// CHECK: %.cs = call i16 asm "ld.global.cs.u8 $0, [$1];", "=h,l"(ptr addrspace(1) %{{[0-9]+}}) #[[READ]]
// CHECK-NEXT: %[[T:[0-9]+]] = trunc i16 %.cs to i8
// CHECK: %[[Z:[0-9]+]] = zext i8 %[[T]] to i16
// CHECK-NEXT: call void asm sideeffect "st.global.cs.u8 [$0], $1;", "l,h,~{memory}"(ptr addrspace(1) %{{[0-9]+}}, i16 %[[Z]]) #[[WRITE]]

// The table is the kernel's; the row it holds may be anywhere.
// CHECK-LABEL: define {{.*}}void @gather(
// CHECK: %.cs = call i64 asm "ld.global.cs.b64 $0, [$1];", "=l,l"(ptr addrspace(1) %{{[0-9]+}}) #[[READ]]
// CHECK-NEXT: %[[ROW:[0-9]+]] = inttoptr i64 %.cs to ptr
// CHECK: %.cs1 = call float asm "{ .reg .pred %prem_global; isspacep.global %prem_global, $1; @%prem_global ld.global.cs.f32 $0, [$1]; @!%prem_global ld.f32 $0, [$1]; }", "=f,l"(ptr %arrayidx2) #[[READ]]

// CHECK-LABEL: define {{.*}}void @kept(
// CHECK-NOT: asm
// CHECK: store volatile i32 1, ptr %flag
// CHECK: store float %conv, ptr %arrayidx, align 4
// CHECK-NEXT: load float, ptr %arrayidx2, align 4
// CHECK-NEXT: atomicrmw fadd ptr %sum
// CHECK: load i32, ptr addrspace(1) %{{[0-9]+}}, align 1
// CHECK-NOT: !nontemporal
// CHECK: call void asm sideeffect "st.global.cs.b32 [$0], $1;", "l,r,~{memory}"
// CHECK: attributes #[[READ]] = { nounwind memory(read) }
// CHECK: attributes #[[WRITE]] = { nounwind }

// REMARK: remark: {{.*}}no ld.cs form for a load of i32 at this alignment: it keeps the normal cache policy
// REMARK-NOT: remark

// OFF-NOT: !nontemporal
// OFF-NOT: asm {{.*}}.cs

// PTX-LABEL: .entry copy(
// PTX: ld.global.cs.f32
// PTX: st.global.cs.f32
// PTX: call.uni __prem_be_poll
// PTX-LABEL: .entry copy4(
// PTX: ld.global.cs.v4.b32
// PTX: st.global.cs.v4.b32
// PTX-LABEL: .entry sum4(
// PTX: ld.global.cs.v4.b32
// PTX-NOT: ld.global.cs.f32
// PTX: st.global.cs.f32
// PTX-LABEL: .entry copy_bytes(
// PTX: ld.global.cs.u8
// PTX: st.global.cs.u8
// PTX-LABEL: .entry gather(
// PTX: ld.global.cs.b64
// PTX: isspacep.global
// PTX-LABEL: .entry kept(
// PTX-NOT: ld.global.cs
// PTX: st.global.cs.b32
