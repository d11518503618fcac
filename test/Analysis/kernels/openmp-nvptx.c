// prem-kernels on an NVPTX OpenMP device module: the entry has the ptx_kernel
// calling convention, the parallel region is handed to __kmpc_parallel_60,
// and the block size comes from thread_limit.
// RUN: %omp_nvptx_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s

void scale(float *x, int n) {
#pragma omp target teams distribute parallel for thread_limit(256) map(tofrom: x[0:n])
  for (int i = 0; i < n; i++)
    x[i] *= 2.0f;
}

// CHECK: prem-kernels: 1 kernel(s)
// CHECK-NEXT: kernel __omp_offloading_{{.*}}_scale_l8 kind=openmp
// CHECK-NEXT: regions: __omp_offloading_{{.*}}_scale_l8 __omp_offloading_{{.*}}_scale_l8_omp_outlined_omp_outlined{{$}}
// CHECK-NEXT: block size: 256
// CHECK-NEXT: simt: loop %{{.*}} in __omp_offloading_{{.*}}_scale_l8_omp_outlined_omp_outlined via __kmpc_for_static_init_4
