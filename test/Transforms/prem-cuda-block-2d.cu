// A CUDA kernel of 2-D blocks as GPU ports write it (issue 25): the row
// from the y index, an && guard on both, no __launch_bounds__. The plugin
// assumes 32 x 8 blocks and numbers a block's threads t = x + 32 y: x is
// t - 32*floor(t/32) and y floor(t/32) in the footprint, so c[i*70 + j] is
// c[t + 38*floor(t/32) + ...]: 8 rows of 32 floats, a 2-D slot of rows 280
// bytes apart (the floor term's stride, 38 + 32), stored back by rows; b's
// 40 rows of the block's 32 columns likewise; a's 8 rows of 40 an interval.
// The block runs on the scratchpad when the launch has 32 x 8 x 1 threads
// and the guard holds at the block's two corners (t = 0 and t = 255: each
// comparison is of one thread dimension); its interval is its number in
// the grid, x fastest. -prem-block-size=16,16 changes the assumed shape.
// RUN: %cuda_bare_ir -include %S/../E2E/Inputs/cuda-builtins.h %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,verify %t.ll -S -pass-remarks=prem -o %t.tile.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.tile.ll
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s --check-prefix=SHAPE
// RUN: %opt_prem -passes='print<prem-kernels>' -prem-block-size=16,16 -disable-output %t.ll | FileCheck %s --check-prefix=USER
// RUN: %opt_prem -passes='print<prem-tiling>' -disable-output %t.ll | FileCheck %s --check-prefix=PLAN
// RUN: %clang_prem -O2 %cuda_bare -include %S/../E2E/Inputs/cuda-builtins.h -S %s -o %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}
#define NI 100
#define NJ 70
#define NK 40

extern "C" __global__ void gemm(const float *a, const float *b, float *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < NI) && (j < NJ)) {
    c[i * NJ + j] *= 0.5f;
    for (int k = 0; k < NK; k++)
      c[i * NJ + j] += 1.5f * a[i * NK + k] * b[k * NJ + j];
  }
}

// REMARK: remark: {{.*}}kernel gemm: thread block tiled, 256 threads per PREM interval

// SHAPE: block size: 256 (32 x 8 x 1)
// USER: block size: 256 (16 x 16 x 1)

// PLAN: kernel gemm: tiled, the thread block, 256 thread(s) per tile, 7424 bytes of scratchpad
// PLAN: slot c: 2d (rows 280 bytes apart), 1024 bytes (1024 touched), store rows
// PLAN-NEXT: slot a: interval, 1280 bytes (1280 touched), store none
// PLAN-NEXT: slot b: 2d (rows 280 bytes apart), 5120 bytes (5120 touched), store none

// The launch's shape, then the guard at the block's corners: i < 100 at y
// = 0 and 7, j < 70 at x = 0 and 31.
// CHECK-LABEL: define {{.*}}void @gemm(
// CHECK: [[X:%[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
// CHECK-NEXT: [[Y:%[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
// CHECK-NEXT: [[Z:%[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
// CHECK-NEXT: [[XOK:%[0-9]+]] = icmp eq i32 [[X]], 32
// CHECK-NEXT: [[YOK:%[0-9]+]] = icmp eq i32 [[Y]], 8
// CHECK-NEXT: [[XY:%[0-9]+]] = and i1 [[XOK]], [[YOK]]
// CHECK-NEXT: [[ZOK:%[0-9]+]] = icmp eq i32 [[Z]], 1
// CHECK-NEXT: [[LAUNCH:%[0-9]+]] = and i1 [[XY]], [[ZOK]]
// CHECK-NEXT: [[I0:%[0-9]+]] = icmp ult i32 %mul5, 100
// CHECK-NEXT: [[G1:%[0-9]+]] = and i1 [[LAUNCH]], [[I0]]
// CHECK-NEXT: [[J0:%[0-9]+]] = icmp slt i32 %mul, 70
// CHECK-NEXT: [[G2:%[0-9]+]] = and i1 [[G1]], [[J0]]
// CHECK-NEXT: [[ILAST:%[0-9]+]] = add nuw nsw i32 %mul5, 7
// CHECK-NEXT: [[I7:%[0-9]+]] = icmp ult i32 [[ILAST]], 100
// CHECK-NEXT: [[G3:%[0-9]+]] = and i1 [[G2]], [[I7]]
// CHECK-NEXT: [[JLAST:%[0-9]+]] = add i32 %mul, 31
// CHECK-NEXT: [[J31:%[0-9]+]] = icmp slt i32 [[JLAST]], 70
// CHECK-NEXT: and i1 [[G3]], [[J31]]
// The block's number in the grid, x fastest, is its interval.
// CHECK-NEXT: [[BX:%[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
// CHECK-NEXT: [[BY:%[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
// CHECK-NEXT: [[BZ:%[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
// CHECK-NEXT: [[GX:%[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
// CHECK-NEXT: [[GY:%[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
// CHECK-NEXT: [[P:%[0-9]+]] = mul i32 [[GY]], [[BZ]]
// CHECK-NEXT: [[R:%[0-9]+]] = add i32 [[BY]], [[P]]
// CHECK-NEXT: [[RS:%[0-9]+]] = mul i32 [[GX]], [[R]]
// CHECK-NEXT: %prem.block = add i32 [[BX]], [[RS]]
// CHECK-NEXT: %prem.interval = freeze i32 %prem.block
// CHECK: br i1 %prem.fits, label %prem.load, label %prem.global, !prem.tile ![[TILE:[0-9]+]]
// CHECK: ![[TILE]] = !{i32 0, i64 0, i64 7424, ![[C:[0-9]+]], ![[A:[0-9]+]], ![[B:[0-9]+]]}
// CHECK-NEXT: ![[C]] = !{!"c", i1 true, i1 true, i1 true, i64 280}
// CHECK-NEXT: ![[A]] = !{!"a", i1 true, i1 false, i1 false}
// CHECK-NEXT: ![[B]] = !{!"b", i1 true, i1 false, i1 false, i64 280}
