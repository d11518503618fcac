// At -O0 induction variables live in memory: the kernel is found, and the
// report says why its SIMT loop is not.
// RUN: %clang -O0 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu --offload-device-only -S -emit-llvm %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s

void scale(float *x, int n) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n])
  for (int i = 0; i < n; i++)
    x[i] *= 2.0f;
}

// CHECK: kernel __omp_offloading_{{.*}}_scale_l7 kind=openmp
// CHECK: simt: none ('__omp_offloading_{{.*}}_scale_l7.omp_outlined.omp_outlined' is optnone (compiled at -O0); PREM needs -O1 or higher)
