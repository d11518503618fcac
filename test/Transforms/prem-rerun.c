// The PREM passes run again on a module they already transformed leave it as
// it was (byte for byte, against the same module read and written back):
// prem-les marks the tiles it split (!prem.split) and skips them, prem-sync
// finds no phase left to place, and prem-tile finds nothing new to tile.
// Before, prem-les split a split tile again and failed. (Under clang the
// module flag prem-llvm already keeps the pipeline to one run per module.)
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=sdma -prem-spm-bytes=1024 %t.ll -S -o %t.sdma.ll
// RUN: %opt_prem -passes=verify %t.sdma.ll -S -o %t.sdma.once.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=sdma -prem-spm-bytes=1024 %t.sdma.ll -S -o %t.sdma.twice.ll
// RUN: cmp %t.sdma.once.ll %t.sdma.twice.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=dae -prem-spm-bytes=1024 %t.ll -S -o %t.dae.ll
// RUN: %opt_prem -passes=verify %t.dae.ll -S -o %t.dae.once.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=dae -prem-spm-bytes=1024 %t.dae.ll -S -o %t.dae.twice.ll
// RUN: cmp %t.dae.once.ll %t.dae.twice.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=cmpt -prem-spm-bytes=1024 %t.ll -S -o %t.cmpt.ll
// RUN: %opt_prem -passes=verify %t.cmpt.ll -S -o %t.cmpt.once.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=cmpt -prem-spm-bytes=1024 %t.cmpt.ll -S -o %t.cmpt.twice.ll
// RUN: cmp %t.cmpt.once.ll %t.cmpt.twice.ll
// RUN: FileCheck %s < %t.sdma.ll
// CHECK: br i1 %prem.fits, label %prem.load, label %prem.global, !prem.tile ![[TILE:[0-9]+]], !prem.split ![[SPLIT:[0-9]+]]
// CHECK: ![[SPLIT]] = !{}
#define N 256
void stencil(float *restrict out, const float *restrict in,
             const int *restrict perm) {
#pragma omp target teams distribute parallel for map(to: in[0:N + 2], perm[0:N]) map(from: out[0:N])
  for (int i = 0; i < N; i++)
    out[i] = in[i] + in[i + 1] + in[i + 2] + in[perm[i]];
}
