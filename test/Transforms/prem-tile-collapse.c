// A collapse(2) nest (issue 25): the collapsed induction variable is split
// by a division (i = 1 + iv / 48, j = 1 + iv % 48), so each access's
// subscript has a floor term (Ai[iv + 2*floor(iv/48) + 51]). isl keeps the
// tile's byte sets exact with them, and the code of each interval divides
// (rounding down, as isl's fdiv_q: sdiv, then a step down when the signs
// differ and the division is not exact). 152 SIMT iterations per tile: A's
// interval (rows of 50 floats, 2 halo rows and 2 halo columns) and B's
// (written with holes at the row ends: stored element by element, hence no
// written-interval flag) fit 2 KiB. (The size is searched with A as rows of
// its pitch, 200 bytes, the floor term's stride; at that size its interval
// is smaller, and it is kept: 194 iterations would fit as intervals.)
// E2E/collapse.test runs it.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,verify -prem-spm-bytes=2048 %t.ll -S -o - -pass-remarks=prem 2>%t.remarks | FileCheck %s --check-prefix=TILE
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=sdma -prem-spm-bytes=2048 %t.ll -S -o - | FileCheck %s --check-prefix=SDMA
// RUN: %opt_prem -passes='print<prem-tiling>' -prem-spm-bytes=2048 %t.ll -disable-output | FileCheck %s --check-prefix=PLAN
// On NVPTX (-prem-gpu-tiles) a team's chunk of the collapsed loop is the
// tile; ptxas accepts the code at sm_90 and sm_87.
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_90 --offload-device-only -nogpulib %nvptx_feature -S %s -o %t.90.s -mllvm -prem-gpu-tiles -Rpass=prem 2> %t.gpu.remarks
// RUN: FileCheck %s --check-prefix=GPU < %t.gpu.remarks
// RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t.90.s -o %t.90.o %}
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_87 --offload-device-only -nogpulib %nvptx_feature -S %s -o %t.87.s -mllvm -prem-gpu-tiles
// RUN: %if ptxas %{ %ptxas -c -arch=sm_87 %t.87.s -o %t.87.o %}
// GPU: remark: {{.*}}kernel __omp_offloading_{{.*}}_jacobi_l{{[0-9]+}}: worksharing loop tiled, 128 SIMT iterations per PREM interval
#define NI 70
#define NJ 50

void jacobi(float *restrict B, const float *restrict A) {
#pragma omp target teams distribute parallel for collapse(2) map(to: A[0:NI*NJ]) map(tofrom: B[0:NI*NJ])
  for (int i = 1; i < NI - 1; i++)
    for (int j = 1; j < NJ - 1; j++)
      B[i * NJ + j] = 0.2f * (A[i * NJ + j] + A[i * NJ + j - 1] +
                              A[i * NJ + j + 1] + A[(i + 1) * NJ + j] +
                              A[(i - 1) * NJ + j]);
}

// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_jacobi_l{{[0-9]+}}: worksharing loop tiled, 152 SIMT iterations per PREM interval

// TILE: prem.tile:
// TILE: %prem.lb = sext i32 %{{.*}} to i64
// TILE: sdiv i64
// TILE-NEXT: srem i64
// TILE: %prem.begin = freeze ptr %{{[0-9]+}}, !prem.value ![[BEGIN_A:[0-9]+]]
// TILE-NEXT: %prem.length = freeze i64 %{{[0-9]+}}, !prem.value
// TILE: %prem.begin2 = freeze ptr %{{[0-9]+}}, !prem.value
// TILE: %prem.fits = and i1
// TILE-NEXT: br i1 %prem.fits, label %prem.load, label %prem.global, !prem.tile ![[TILEMD:[0-9]+]]
// TILE: ![[TILEMD]] = !{i32 0, i64 152, i64 1728, ![[A:[0-9]+]], ![[B:[0-9]+]]}
// TILE-NEXT: ![[A]] = !{!"A", i1 true, i1 false, i1 false}
// TILE-NEXT: ![[B]] = !{!"B", i1 false, i1 true, i1 false}

// A copied in as an interval; B stored back element by element.
// SDMA: prem.load:
// SDMA-NEXT: call void @__prem_enter_mem(i32 %prem.interval1)
// SDMA-NEXT: [[SLOT:%[0-9]+]] = getelementptr i8, ptr %prem.spm, i64 %prem.slot
// SDMA-NEXT: call void @__prem_copy_1d(ptr [[SLOT]], ptr %prem.begin, i64 %prem.length)
// SDMA-NEXT: br label %prem.execute
// SDMA: prem.store:
// SDMA-NOT: __prem_copy_1d
// SDMA: store float

// PLAN: kernel __omp_offloading_{{.*}}_jacobi_l{{[0-9]+}}: tiled, the worksharing loop, 152 iteration(s) per tile, 1728 bytes of scratchpad, 22 interval(s)
// PLAN: slot A: interval, 1040 bytes
// PLAN: slot B: interval, 640 bytes ({{[0-9]+}} touched), store element-wise
