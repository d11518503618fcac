// Under clang the plugin acts on device modules only: the host module of an
// OpenMP offload compile is byte-for-byte the same with and without it, and
// no report is written for it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu --offload-host-only -S -emit-llvm %s -o %t/base.ll
// RUN: %clang_prem -O2 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu --offload-host-only -S -emit-llvm %s -o %t/prem.ll -mllvm -prem-report=%t/host.json
// RUN: cmp %t/base.ll %t/prem.ll
// RUN: not ls %t/host.json
// The device module of the same compile is seen and reported.
// RUN: %clang_prem -O2 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu --offload-device-only -S -emit-llvm %s -o %t/dev.ll -mllvm -prem-report=%t/dev.json
// RUN: FileCheck %s < %t/dev.json
#define N 128

void scale(float *restrict x) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:N])
  for (int i = 0; i < N; i++)
    x[i] *= 3.0f;
}

// CHECK: "name": "__omp_offloading_{{.*}}_scale_l15",
// CHECK: "target": "x86_64-unknown-linux-gnu"
