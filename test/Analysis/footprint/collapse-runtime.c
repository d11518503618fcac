// collapse(2) over runtime extents (issue 25, not modelled yet): the
// collapsed induction variable is split by a division by nj, a runtime
// value, which no affine form with floor terms holds. The reason names the
// row the subscript uses and the construct, on host offload and NVPTX; the
// kernel is left as it is.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes=prem-tile,verify -disable-output %t.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %omp_nvptx_device_ir %s -o %t.nvptx.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.nvptx.ll | FileCheck %s
void gemm(int ni, int nj, int nk, float *A, float *B, float *C) {
#pragma omp target teams distribute parallel for collapse(2) map(to: A[0:ni * nk], B[0:nk * nj]) map(tofrom: C[0:ni * nj])
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        C[i * nj + j] += A[i * nk + k] * B[k * nj + j];
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_gemm_l
// CHECK: exact: no
// CHECK-NEXT: reason NonAffineSubscript: subscript uses {{.*}}, which divides the induction variable by a runtime value, as collapse(n) loops over runtime extents do; not modelled yet
// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_gemm_l{{[0-9]+}} not transformed: the footprint is not exact: subscript uses {{.*}}, which divides the induction variable by a runtime value
