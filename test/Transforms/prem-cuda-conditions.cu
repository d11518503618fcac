// Accesses under affine conditions in a CUDA kernel's body (issue 25,
// fdtd-2d's if (i == 0) ... else ...): the footprint puts each access's
// conditions into its domain (Footprint/Guards.cpp), so a tile's interval
// holds what its threads touch and no more; prem-tile checks that each
// access runs exactly where its guards go its way. The kernels are
// E2E/Inputs/conditions-cuda.cu, which conditions-cuda.test runs bit for
// bit on the emulator.
// RUN: %cuda_bare_ir -Wno-unknown-cuda-version -include %S/../E2E/Inputs/cuda-builtins.h %S/../E2E/Inputs/conditions-cuda.cu -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=FOOT
// RUN: %opt_prem -passes=prem-tile,verify %t.ll -S -pass-remarks=prem -pass-remarks-missed=prem -o %t.tile.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.tile.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -o /dev/null
// RUN: %clang_prem -O2 %cuda_bare -Wno-unknown-cuda-version -include %S/../E2E/Inputs/cuda-builtins.h -S %S/../E2E/Inputs/conditions-cuda.cu -o %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}

// shift reads a[i - 1] only where i > 0: the elements start at a[0]
// whatever the block (without the condition, a[-1] for block 0).
// FOOT-LABEL: kernel shift region shift
// FOOT:        read  a[1*i0 + 1*p0 + -1] if (0 + 1*i0 + 1*p0) > (0)
// FOOT-NEXT:   elements: [p0] -> { a[o] : o >= -1 + p0 and 0 <= o <= 30 + p0 }
// The if and the else of top: an equality and its negation (a union).
// FOOT-LABEL: kernel top region top
// FOOT:        read  x[1*p1] x4 if (0 + 1*i0 + 1*p0) = (0)
// FOOT-NEXT:   read  x[4*i0 + 4*p0] x4 if ((0 + 1*i0 + 1*p0) < (0) or (0 + 1*i0 + 1*p0) > (0))
// FOOT-NEXT:   read  x[4*i0 + 4*p0 + -4] x4 if ((0 + 1*i0 + 1*p0) < (0) or (0 + 1*i0 + 1*p0) > (0))
// FOOT:        write y[0] if (0 + 1*i0 + 1*p0) = (0)
// A colour: (i & 1) == c as isl's mod; the written elements have holes.
// FOOT-LABEL: kernel colour region colour
// FOOT:        write y[1*i0 + 1*p0] if ((0 + 1*i0 + 1*p0) mod 2) = (0 + 1*c1)
// FOOT-NEXT:   elements: [p0, c1] -> { y[o] : (c1 + o) mod 2 = 0 and 0 <= c1 <= 1 and p0 <= o <= 31 + p0 }
// The colour in the bounds guard's branch (seidel): the whole branch is a
// condition of every access; prem-tile bounds the block by its other tests.
// FOOT-LABEL: kernel redblack region redblack
// FOOT:        read  a[1*i0 + 1*p0 + -1] if (((0 + 1*i0 + 1*p0) mod 2) = (0 + 1*c1) and ((0 + 1*i0 + 1*p0) > (0) and (0 + 1*i0 + 1*p0) < (0 + 1*p2)))
// FOOT:        write a[1*i0 + 1*p0] if (((0 + 1*i0 + 1*p0) mod 2) = (0 + 1*c1) and ((0 + 1*i0 + 1*p0) > (0) and (0 + 1*i0 + 1*p0) < (0 + 1*p2)))
// FOOT-NEXT:   elements: [p0, c1, p2] -> { a[o] : exists (e0: 0 <= c1 <= 1 and 2e0 >= p0 + c1 and 2e0 >= -1 + c1 + o and c1 < 2e0 <= 1 + c1 + o and 2e0 < c1 + p2 and 2e0 <= 31 + p0 + c1) }
// Nested conditions, and an || (clang's select) inside.
// FOOT-LABEL: kernel window region window
// FOOT:        write y[1*i0 + 1*p0] if (0 + 1*i0 + 1*p0) >= (0 + 1*lo1) and ((0 + 1*i0 + 1*p0) < (0 + 1*hi2) or (0 + 1*i0 + 1*p0) = (0 + 1*p3))
// Not affine: the domain keeps no condition, and prem-tile refuses.
// FOOT-LABEL: kernel square region square
// FOOT:        read  x[1*i0 + 1*p0] under a condition: the condition at %cmp{{[0-9]*}} is not affine: subscript multiplies loop-variant values
// Wrapping arithmetic in a condition: refused, where under the no-wrap
// assumption the tests held in every thread (review findings).
// FOOT-LABEL: kernel wrapmul region wrapmul
// FOOT:        write y[1*i0 + 1*p0] under a condition: a condition on the way may wrap
// FOOT-LABEL: kernel wrapgrid region wrapgrid
// FOOT:        write y[1*i0 + 1*p0] under a condition: a condition on the way may wrap

// REMARK: kernel shift: thread block tiled, 32 threads per PREM interval
// REMARK: kernel top: thread block tiled, 32 threads per PREM interval
// REMARK: kernel colour: thread block tiled, 32 threads per PREM interval
// REMARK: kernel redblack: thread block tiled, 32 threads per PREM interval
// REMARK: kernel window: thread block tiled, 32 threads per PREM interval
// REMARK: kernel square not transformed: an access runs only under a condition: the condition at %cmp{{[0-9]*}} is not affine

// shift's interval of a starts at byte 0 for the blocks at or before i = 0
// (p0, the block's first index, <= 0), else at 4 * p0 - 4.
// CHECK-LABEL: define {{.*}} @shift(
// CHECK:       [[FIRST:%[0-9]+]] = icmp sle i64 [[P:%[0-9]+]], 0
// CHECK-NEXT:  [[BYTES:%[0-9]+]] = mul i64 4, [[P]]
// CHECK-NEXT:  [[LEFT:%[0-9]+]] = sub i64 [[BYTES]], 4
// CHECK-NEXT:  select i1 [[FIRST]], i64 0, i64 [[LEFT]]
// CHECK:       %prem.begin = freeze ptr
// redblack's block takes the scratchpad path where its first and last
// threads pass the bounds (0 < i < n - 1); the colour is no part of it.
// CHECK-LABEL: define {{.*}} @redblack(
// CHECK:       %or.cond{{[0-9]*}} = and i1 %cmp5, %or.cond
// CHECK:       [[FIRSTIN:%[0-9]+]] = icmp sgt i32 %mul, 0
// CHECK-NEXT:  {{%[0-9]+}} = and i1 {{%[0-9]+}}, [[FIRSTIN]]
// CHECK-NEXT:  [[FIRSTLT:%[0-9]+]] = icmp slt i32 %mul, %sub
// CHECK-NEXT:  {{%[0-9]+}} = and i1 {{%[0-9]+}}, [[FIRSTLT]]
// CHECK-NEXT:  [[END:%[0-9]+]] = add i32 {{%[0-9]+}}, %mul
// CHECK-NEXT:  [[LAST:%[0-9]+]] = add i32 [[END]], -1
// CHECK-NEXT:  {{%[0-9]+}} = icmp sgt i32 [[LAST]], 0
// CHECK-NEXT:  and i1
// CHECK-NEXT:  {{%[0-9]+}} = icmp slt i32 [[LAST]], %sub
// CHECK:       %prem.fits = and i1
// square is left as it was.
// CHECK-LABEL: define {{.*}} @square(
// CHECK-NOT:   prem.
// CHECK:       ret void
