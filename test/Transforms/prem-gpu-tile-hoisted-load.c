// bench/kernels/gpu-style/polybench.c's fdtd2d_1 cut down (found by
// bench/coverage.py, issue 25). Under -prem-gpu-tiles an OpenMP NVPTX team
// chunk tile whose loop reads one element the whole chunk shares: the
// optimiser hoists the load of src[t] into the loop's preheader, outside
// the loop but inside the region the team tile versions, and prem-les
// stopped with "the Execute phase of a tile of '...' still accesses global
// memory" (its contract check). Such a region is now refused, with the
// reason (a compatible interval of its own for the hoisted load, as inner
// tiles' outside accesses get, is not built for team chunks). The same
// region on host offload is tiled and bit for bit the baseline's
// (gpu-style-omp.test).
// RUN: %omp_nvptx_device_ir %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-gpu-tiles %t.ll -S -pass-remarks=prem -pass-remarks-missed=prem -o %t.prem.ll 2>&1 | FileCheck %s
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_90 --offload-device-only -nogpulib %nvptx_feature -S %s -o %t.s -mllvm -prem-gpu-tiles
// RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t.s -o %t.o %}

// CHECK: kernel __omp_offloading_{{.*}}_fill_l{{[0-9]+}} not transformed: a load or store of the team's chunk lies outside the worksharing loop (hoisted out of it), where no tile holds it
// CHECK-NOT: error
void fill(int t, float *src, float *row) {
#pragma omp target teams distribute parallel for map(to: src[0:2])            \
    map(tofrom: row[0:78])
  for (int j = 0; j < 78; j++)
    row[j] = src[t];
}
