// symm as GPU ports write it (issue 25): collapse(2), two k loops. clang
// guards the second loop by i < NI, which collapse(2)'s bounds imply, and
// the first by iv > NJ - 1, which is its trip count i = iv / NJ being
// positive. The footprint proves both with isl (never taken; entry test,
// Analysis/footprint/implied-branches.c), so every access runs where its
// domain says: the worksharing loop is tiled (it was refused: "an access
// runs only under a condition that is not one affine branch after
// another"). The tests stay in the code, the scratchpad path and the
// global one alike. E2E/team-tiles.test runs the NVPTX build bit for bit,
// E2E/gpu-style-omp.test the host offload one. The kernel is symm in
// Analysis/footprint/implied-branches.c, which shows the footprint's facts.
// RUN: %omp_host_device_ir %S/../Analysis/footprint/implied-branches.c -o %t.ll
// RUN: %opt_prem -passes='print<prem-tiling>' -disable-output %t.ll | FileCheck %s --check-prefix=PLAN
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -pass-remarks=prem -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.out.ll
// RUN: %omp_nvptx_device_ir %S/../Analysis/footprint/implied-branches.c -o %t.nvptx.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-gpu-tiles -prem-spm-bytes=16384 %t.nvptx.ll -S -pass-remarks=prem -o %t.nvptx.out.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %if ptxas %{ llc -O2 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.nvptx.out.ll -o %t.s %}
// RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t.s -o %t.o %}
// PLAN:      kernel __omp_offloading_{{.*}}_symm_l{{[0-9]+}}: tiled, the worksharing loop, 504 iteration(s) per tile, 1 interval(s)
// PLAN-NEXT:   why: sizes are known only at run time: the most SIMT iterations whose exact footprint fits, fit checked per tile at run time
// PLAN-NEXT:   slot A: interval (4512 touched), store none
// PLAN-NEXT:   slot B: 2d (rows 84 bytes apart), 2016 bytes (3948 touched), store none
// PLAN-NEXT:   slot C: interval, 2016 bytes (2016 touched), store interval
// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_symm_l{{[0-9]+}}: worksharing loop tiled, {{[0-9]+}} SIMT iterations per PREM interval
// The never-taken test, on the scratchpad path and on the global one.
// CHECK:      [[TEST:%cmp[0-9]+]] = icmp samesign ult i64 %indvars.iv{{[0-9]+}}, 504
// CHECK-NEXT: br i1 [[TEST]], label %for.body{{[0-9]+}}.preheader, label %for.cond.cleanup{{[0-9]+}}
// CHECK:      br i1 %prem.fits, label %prem.load, label %prem.global
// CHECK:      prem.load:
// CHECK-NEXT:   call void @__prem_enter_mem(
// CHECK:        call void @__prem_copy_1d(
// CHECK:        call void @__prem_copy_2d(ptr %{{[0-9]+}}, i64 %prem.rowbytes, ptr %prem.begin{{[0-9]*}}, i64 84, i64 %prem.width, i64 %prem.rows)
// CHECK:        call void @__prem_copy_1d(
// CHECK:      prem.store:
// CHECK:        call void @__prem_copy_1d(ptr %prem.wbegin,
// CHECK:      [[GTEST:%cmp[0-9]+.global]] = icmp samesign ult i64 %indvars.iv{{[0-9]+}}.global, 504
// CHECK-NEXT: br i1 [[GTEST]], label %for.body{{[0-9]+}}.preheader.global, label %for.cond.cleanup{{[0-9]+}}.global
