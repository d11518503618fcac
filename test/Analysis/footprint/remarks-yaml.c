// Footprint remarks reach -Rpass-analysis=prem under clang, with source
// lines (names from -g debug info), and -fsave-optimization-record writes them as YAML records.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang_prem -g -O2 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu --offload-device-only -S -o /dev/null %s -Rpass-analysis=prem 2>&1 | FileCheck %s
// RUN: %clang_prem -g -O2 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu --offload-device-only -c -o %t/k.o %s -fsave-optimization-record -foptimization-record-file=%t/k.yaml
// RUN: FileCheck %s --check-prefix=YAML < %t/k.yaml
#define N 64

void stencil(const float *restrict A, float *restrict B) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(from: B[0:N*N])
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      B[i * N + j] = 0.25f * (A[i * N + j - 1] + A[i * N + j + 1] +
                              A[(i - 1) * N + j] + A[(i + 1) * N + j]);
}

void scatter(const float *restrict x, const int *restrict idx, float *restrict y) {
#pragma omp target teams distribute parallel for map(to: x[0:N], idx[0:N]) map(from: y[0:N])
  for (int i = 0; i < N; i++)
    y[idx[i]] = x[i];
}

void total(const float *restrict x, float *restrict y) {
#pragma omp target teams distribute parallel for map(to: x[0:N]) map(tofrom: y[0:1])
  for (int i = 0; i < N; i++)
#pragma omp atomic
    y[0] += x[i];
}

// CHECK: remarks-yaml.c:11:{{[0-9]+}}: remark: kernel '__omp_offloading_{{.*}}_stencil_l10': 2 array(s), 1000 bytes per SIMT iteration [-Rpass-analysis=prem-footprint]
// CHECK: remarks-yaml.c:20:{{[0-9]+}}: remark: kernel '__omp_offloading_{{.*}}_scatter_l18': indirect store of 'y' (subscript is loaded from memory inside the nest (from 'idx')) counts one element per execution [-Rpass-analysis=prem-footprint]
// CHECK: remarks-yaml.c:27:{{[0-9]+}}: remark: footprint of kernel '__omp_offloading_{{.*}}_total_l24' is not exact: atomic read-modify-write [-Rpass-analysis=prem-footprint]

// YAML: --- !Analysis
// YAML-NEXT: Pass: prem-footprint
// YAML-NEXT: Name: Footprint
// YAML: - BytesPerSIMTIteration: '1000'
// YAML: --- !Analysis
// YAML-NEXT: Pass: prem-footprint
// YAML-NEXT: Name: IndirectStore
// YAML: - Reason: 'subscript is loaded from memory inside the nest (from ''idx'')'
// YAML: --- !Analysis
// YAML-NEXT: Pass: prem-footprint
// YAML-NEXT: Name: Footprint
// YAML: - BytesPerSIMTIteration: '12'
// YAML: --- !Analysis
// YAML-NEXT: Pass: prem-footprint
// YAML-NEXT: Name: Atomic
// YAML: - Reason: atomic read-modify-write
