// Seed 001, Algorithm 2 in a CUDA thread block with an indirect load: an
// ELLPACK product stored entry-major (val[k][i], coalesced), 600 entries a
// row. A block of 32 rows needs 230 KiB, so its threads tile the entry loop
// together: 120 entries a tile, 5 tiles a block. val and col are 2-D
// transfers (120 rows of the arrays' 16-KiB pitch, the block's 128 bytes of
// each: one entry's row is its whole interval, so the rectangle is judged
// over the whole loop), and each thread gathers its x[col[k][i]] of a tile
// into its own column of the gathered slot (the k-th element of the tile at
// slot + k * 32 * 4 + thread * 4), the count starting again in every tile's
// Load and Execute phase. The sum is stored after the loop in a compatible
// interval of its own.
// RUN: %cuda_bare_ir -I %S/Inputs %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -pass-remarks=prem -o %t.sdma.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.sdma.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-report,verify -prem-report=%t.json %t.ll -disable-output
// RUN: %python -c "import json, sys; p = json.load(open(sys.argv[1]))['kernels'][0]['prem']; print(p['tile'], p['intervals'], [(a['name'], a.get('transfer'), a.get('pitch'), a['unique_bytes']) for a in p['arrays']])" %t.json | FileCheck %s --check-prefix=JSON
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -S %s -o %t.s
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}
#include "cuda-bare.h"

#define ENTRIES 600
#define ROWS 4096

extern "C" __global__ void __launch_bounds__(32)
ell_cols(const float *__restrict__ val, const int *__restrict__ col,
         const float *__restrict__ x, float *__restrict__ y) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i < ROWS) {
    float s = 0.0f;
    for (int k = 0; k < ENTRIES; k++)
      s += val[k * ROWS + i] * x[col[k * ROWS + i]];
    y[i] = s;
  }
}

// REMARK: remark: {{.*}}kernel ell_cols: 1 indirect load(s) of x gathered element by element in the Load phase (dae for them: they have no interval to copy)
// REMARK: remark: {{.*}}kernel ell_cols: depth-1 loop tiled, one thread block and 120 of its iterations per PREM interval; accesses outside it in compatible intervals of their own: 1 after the depth-1 loop
// JSON: one thread block x 120 iterations of the depth-1 loop 5 [('val', '2d', 16384, 15360), ('col', '2d', 16384, 15360), ('indirect', 'gather', None, 15360)]

// The tile: two rectangles, then the gathered slot of 120 x 32 floats, all
// within the 45 KiB the block's shared memory holds.
// CHECK: prem.tile:
// CHECK: %prem.n = call i64 @llvm.umin.i64(i64 %{{[0-9]+}}, i64 120)
// CHECK: %prem.length8 = freeze i64 15360, !prem.value
// CHECK-NEXT: %prem.slot9 = freeze i64 [[GSLOT:%[0-9]+]], !prem.value
// CHECK-NEXT: [[END:%[0-9]+]] = add i64 [[GSLOT]], 15360
// CHECK-NEXT: [[FITS:%[0-9]+]] = icmp ule i64 [[END]], 46080
// CHECK-NEXT: br i1 [[FITS]], label %prem.load, label %prem.global, !prem.tile
// CHECK: prem.load:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.interval1)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK: call void @__prem_copy_2d(ptr %{{[0-9]+}}, i64 %prem.rowbytes, ptr %prem.begin, i64 16384, i64 %prem.width, i64 %prem.rows)
// CHECK: call void @__prem_copy_2d(ptr %{{[0-9]+}}, i64 %prem.rowbytes4, ptr %prem.begin5, i64 16384, i64 %prem.width3, i64 %prem.rows2)
// CHECK-NEXT: br label %for.body.load
// The sum after the loop, on global memory in a compatible interval.
// CHECK: prem.compat:
// CHECK: call void @__prem_enter_mem(i32 %prem.compat.interval)
// CHECK: for.cond.cleanup:
// CHECK: store float %add11.lcssa, ptr %arrayidx13, align 4
// The Execute phase: val and col by row and column from their rectangles,
// x the thread's next gathered element, counted from 0 in this tile.
// CHECK: for.body:
// CHECK-NEXT: %prem.gathered.0 = phi i64 [ 0, %prem.execute ], [ [[NEXT:%[0-9]+]], %for.body ]
// CHECK: %prem.row = udiv i64 %prem.off, 16384
// CHECK: load float, ptr %prem.spm.addr{{[0-9]+}}, align 4
// CHECK: %prem.row{{[0-9]+}} = udiv i64 %prem.off{{[0-9]+}}, 16384
// CHECK: load i32, ptr %prem.spm.addr{{[0-9]+}}, align 4
// CHECK: [[NEXT]] = add i64 %prem.gathered.0, 4
// CHECK-NEXT: [[TID:%[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
// CHECK-NEXT: [[T64:%[0-9]+]] = zext i32 [[TID]] to i64
// CHECK-NEXT: [[TOFF:%[0-9]+]] = mul i64 [[T64]], 4
// CHECK-NEXT: [[KOFF:%[0-9]+]] = mul i64 %prem.gathered.0, 32
// CHECK-NEXT: [[OFF:%[0-9]+]] = add i64 [[KOFF]], [[TOFF]]
// CHECK-NEXT: [[PLACE:%prem.gather.off[0-9]+]] = add i64 %prem.slot9, [[OFF]]
// CHECK-NEXT: [[ADDR:%prem.spm.addr[0-9]+]] = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @prem.spm.ell_cols to ptr), i64 [[PLACE]]
// CHECK-NEXT: load float, ptr [[ADDR]], align 4
// CHECK-NOT: load
// CHECK: br i1 %{{[0-9]+}}, label %prem.store, label %for.body
// The Load phase: col from global memory, the thread's x element gathered
// into the next place of its column, counted from 0 in this tile.
// CHECK: for.body.load:
// CHECK-NEXT: %prem.gathered.1 = phi i64 [ 0, %prem.load ], [ [[LNEXT:%[0-9]+]], %for.body.load ]
// CHECK-NOT: store
// CHECK: [[I:%[0-9]+]] = load i32, ptr %arrayidx7.load, align 4
// CHECK-NEXT: %idxprom8.load = sext i32 [[I]] to i64
// CHECK-NEXT: %arrayidx9.load = getelementptr inbounds float, ptr %x, i64 %idxprom8.load
// CHECK-NEXT: [[V:%[0-9]+]] = load float, ptr %arrayidx9.load, align 4
// CHECK-NEXT: [[LNEXT]] = add i64 %prem.gathered.1, 4
// CHECK: %prem.gather.off = add i64 %prem.slot9, %{{[0-9]+}}
// CHECK-NEXT: %prem.spm.addr = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @prem.spm.ell_cols to ptr), i64 %prem.gather.off
// CHECK-NEXT: store float [[V]], ptr %prem.spm.addr, align 4
// CHECK-NOT: store
// CHECK: br i1 %{{[0-9]+}}, label %prem.execute, label %for.body.load

// PTX: .shared .align 64 .b8 prem_$_spm_$_ell_cols[46080];
// PTX: mov.u32 %r{{[0-9]+}}, %tid.x;
