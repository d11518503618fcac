// Runs the GPU-style CUDA suite (bench/kernels/gpu-style/polybench.cu) on
// the CPU (cuda-emu.h), launched as a CUDA host program would: 2-D grids of
// 32 x 8 blocks for the 2-D kernels, 32 threads for the 1-D ones, 8 x 4 x 4
// blocks for heat-3d, a 3-D grid for doitgen, and the host loops of
// PolyBench's GPU ports (time steps, conv3d's planes, lu's pivots) around
// the launches. Inputs are data.h's, as polybench.c's; prints a hash of
// every output array ("HASH <benchmark> <array> <hash>") and, per
// benchmark, the phases thread (0, 0, 0) entered over its launches.
//   gpu-style-cuda [benchmark...]
#include "cuda-emu.h"
#include "data.h"
#include "polybench.h"

#include <string.h>

typedef DATA_TYPE real;

void gemm_kernel(int, int, int, real, real, real *, real *, real *);
void mm2_kernel1(real *, real *, real *, real);
void mm2_kernel2(real *, real *, real *, real);
void mm3_kernel1(real *, real *, real *);
void mm3_kernel2(real *, real *, real *);
void mm3_kernel3(real *, real *, real *);
void syrk_kernel(real, real, real *, real *);
void syr2k_kernel(int, int, real, real, real *, real *, real *);
void trmm_kernel(int, int, real, real *, real *, real *);
void symm_kernel(real, real, real *, real *, real *);
void atax_kernel1(real *, real *, real *);
void atax_kernel2(real *, real *, real *);
void bicg_kernel1(int, int, real *, real *, real *);
void bicg_kernel2(int, int, real *, real *, real *);
void mvt_kernel1(real *, real *, real *);
void mvt_kernel2(real *, real *, real *);
void gesummv_kernel(int, real, real, real *, real *, real *, real *, real *);
void gemver_kernel1(int, real *, real *, real *, real *, real *);
void gemver_kernel2(int, real, real *, real *, real *);
void gemver_kernel3(int, real *, real *);
void gemver_kernel4(int, real, real *, real *, real *);
void covariance_kernel1(double *, double *, double);
void covariance_kernel2(double *, double *);
void covariance_kernel3(double *, double *);
void correlation_kernel1(real *, real *, real);
void correlation_kernel2(real *, real *, real *, real);
void correlation_kernel3(real *, real *, real *, real);
void correlation_kernel4(real *, real *);
void doitgen_kernel1(int, int, int, real *, real *, real *);
void doitgen_kernel2(int, int, int, real *, real *);
void jacobi1d_kernel1(int, real *, real *);
void jacobi1d_kernel2(int, real *, real *);
void jacobi2d_kernel1(real *, real *);
void jacobi2d_kernel2(real *, real *);
void fdtd2d_kernel1(real *, real *, real *, real *, int);
void fdtd2d_kernel2(real *, real *, real *);
void fdtd2d_kernel3(real *, real *, real *);
void heat3d_kernel(double *, double *);
void conv2d_kernel(real *, real *);
void conv3d_kernel(real *, real *, int);
void seidel_kernel(real *, int);
void adi_kernel1(int, double *, double *, double *);
void adi_kernel2(int, double *, double *, double *);
void lu_kernel1(real *, int);
void lu_kernel2(real *, int);

#define BX 32
#define BY 8
#define THREADS_1D 32
#define BLOCKS(n, b) (((n) + (b) - 1) / (b))
// kernel<<<dim3(ceil(cols / BX), ceil(rows / BY)), dim3(BX, BY)>>>
#define LAUNCH_2D(body, rows, cols)                                            \
  launch3d(body, BLOCKS(cols, BX), BLOCKS(rows, BY), 1, BX, BY, 1)
// kernel<<<ceil(n / THREADS_1D), THREADS_1D>>>
#define LAUNCH_1D(body, n) launch(body, BLOCKS(n, THREADS_1D), THREADS_1D)

#define F(n) data_f((n), -1.0, 1.0)
#define D(n) data_d((n), -1.0, 1.0)
#define OUT(b, name, p, n) data_report(b, name, p, (n) * sizeof(*(p)))

// The launches' arguments (the kernels are launched through functions of
// no arguments, as cuda-emu.h runs them).
static real *A, *B, *C, *Dm, *E, *Fm, *G, *T, *X, *Y, *U1, *U2, *V1, *V2,
    *W, *Z;
static double *DA, *DB, *DX, *DMean, *DSym;
static real Alpha, Beta, FloatN;
static int Step;

static void phases(const char *bench) {
  printf("PHASES %s memory %ld execute %ld done %ld outside %ld\n", bench,
         MemPhases, ComputePhases, Exits, OutsidePhases);
  MemPhases = ComputePhases = Exits = OutsidePhases = 0;
}

static void k_gemm(void) { gemm_kernel(NI, NJ, NK, Alpha, Beta, A, B, C); }
static void run_gemm(void) {
  A = F(NI * NK), B = F(NK * NJ), C = F(NI * NJ), Alpha = 1.5f, Beta = 1.2f;
  LAUNCH_2D(k_gemm, NI, NJ);
  OUT("gemm", "C", C, NI * NJ);
  free(A), free(B), free(C);
}

static void k_mm2_1(void) { mm2_kernel1(T, A, B, Alpha); }
static void k_mm2_2(void) { mm2_kernel2(T, C, Dm, Beta); }
static void run_2mm(void) {
  A = F(NI * NK), B = F(NK * NJ), C = F(NJ * NL), Dm = F(NI * NL),
  T = F(NI * NJ), Alpha = 1.5f, Beta = 1.2f;
  LAUNCH_2D(k_mm2_1, NI, NJ);
  LAUNCH_2D(k_mm2_2, NI, NL);
  OUT("2mm", "tmp", T, NI * NJ), OUT("2mm", "D", Dm, NI * NL);
  free(A), free(B), free(C), free(Dm), free(T);
}

static void k_mm3_1(void) { mm3_kernel1(A, B, E); }
static void k_mm3_2(void) { mm3_kernel2(C, Dm, Fm); }
static void k_mm3_3(void) { mm3_kernel3(E, Fm, G); }
static void run_3mm(void) {
  A = F(NI * NK), B = F(NK * NJ), C = F(NJ * NM), Dm = F(NM * NL),
  E = F(NI * NJ), Fm = F(NJ * NL), G = F(NI * NL);
  LAUNCH_2D(k_mm3_1, NI, NJ);
  LAUNCH_2D(k_mm3_2, NJ, NL);
  LAUNCH_2D(k_mm3_3, NI, NL);
  OUT("3mm", "E", E, NI * NJ), OUT("3mm", "F", Fm, NJ * NL);
  OUT("3mm", "G", G, NI * NL);
  free(A), free(B), free(C), free(Dm), free(E), free(Fm), free(G);
}

static void k_syrk(void) { syrk_kernel(Alpha, Beta, A, C); }
static void run_syrk(void) {
  A = F(N * SYRK_M), C = F(N * N), Alpha = 1.5f, Beta = 1.2f;
  LAUNCH_2D(k_syrk, N, N);
  OUT("syrk", "C", C, N * N);
  free(A), free(C);
}

static void k_syr2k(void) { syr2k_kernel(N, SYRK_M, Alpha, Beta, A, B, C); }
static void run_syr2k(void) {
  A = F(N * SYRK_M), B = F(N * SYRK_M), C = F(N * N), Alpha = 1.5f,
  Beta = 1.2f;
  LAUNCH_2D(k_syr2k, N, N);
  OUT("syr2k", "C", C, N * N);
  free(A), free(B), free(C);
}

static void k_trmm(void) { trmm_kernel(NI, NJ, Alpha, A, B, C); }
static void run_trmm(void) {
  A = F(NI * NI), B = F(NI * NJ), C = F(NI * NJ), Alpha = 1.5f;
  LAUNCH_2D(k_trmm, NI, NJ);
  OUT("trmm", "B", C, NI * NJ);
  free(A), free(B), free(C);
}

static void k_symm(void) { symm_kernel(Alpha, Beta, A, B, C); }
static void run_symm(void) {
  A = F(NI * NI), B = F(NI * NJ), C = F(NI * NJ), Alpha = 1.5f, Beta = 1.2f;
  LAUNCH_2D(k_symm, NI, NJ);
  OUT("symm", "C", C, NI * NJ);
  free(A), free(B), free(C);
}

static void k_atax_1(void) { atax_kernel1(A, X, T); }
static void k_atax_2(void) { atax_kernel2(A, Y, T); }
static void run_atax(void) {
  A = F(NX * NY), X = F(NY), T = F(NX), Y = F(NY);
  LAUNCH_1D(k_atax_1, NX);
  LAUNCH_1D(k_atax_2, NY);
  OUT("atax", "tmp", T, NX), OUT("atax", "y", Y, NY);
  free(A), free(X), free(T), free(Y);
}

// bicg: r in X, s in Y, p in Z, q in W.
static void k_bicg_1(void) { bicg_kernel1(NX, NY, A, X, Y); }
static void k_bicg_2(void) { bicg_kernel2(NX, NY, A, Z, W); }
static void run_bicg(void) {
  A = F(NX * NY), X = F(NX), Y = F(NY), Z = F(NY), W = F(NX);
  LAUNCH_1D(k_bicg_1, NY);
  LAUNCH_1D(k_bicg_2, NX);
  OUT("bicg", "s", Y, NY), OUT("bicg", "q", W, NX);
  free(A), free(X), free(Y), free(Z), free(W);
}

static void k_mvt_1(void) { mvt_kernel1(A, X, U1); }
static void k_mvt_2(void) { mvt_kernel2(A, Y, U2); }
static void run_mvt(void) {
  A = F(N * N), X = F(N), Y = F(N), U1 = F(N), U2 = F(N);
  LAUNCH_1D(k_mvt_1, N);
  LAUNCH_1D(k_mvt_2, N);
  OUT("mvt", "x1", X, N), OUT("mvt", "x2", Y, N);
  free(A), free(X), free(Y), free(U1), free(U2);
}

static void k_gesummv(void) { gesummv_kernel(N, Alpha, Beta, A, B, X, Y, T); }
static void run_gesummv(void) {
  A = F(N * N), B = F(N * N), X = F(N), T = F(N), Y = F(N), Alpha = 1.5f,
  Beta = 1.2f;
  LAUNCH_1D(k_gesummv, N);
  OUT("gesummv", "tmp", T, N), OUT("gesummv", "y", Y, N);
  free(A), free(B), free(X), free(T), free(Y);
}

static void k_gemver_1(void) { gemver_kernel1(N, A, V1, V2, U1, U2); }
static void k_gemver_2(void) { gemver_kernel2(N, Beta, A, X, Y); }
static void k_gemver_3(void) { gemver_kernel3(N, X, Z); }
static void k_gemver_4(void) { gemver_kernel4(N, Alpha, A, X, W); }
static void run_gemver(void) {
  A = F(N * N), U1 = F(N), V1 = F(N), U2 = F(N), V2 = F(N), W = F(N),
  X = F(N), Y = F(N), Z = F(N), Alpha = 1.5f, Beta = 1.2f;
  LAUNCH_2D(k_gemver_1, N, N);
  LAUNCH_1D(k_gemver_2, N);
  LAUNCH_1D(k_gemver_3, N);
  LAUNCH_1D(k_gemver_4, N);
  OUT("gemver", "A", A, N * N), OUT("gemver", "x", X, N);
  OUT("gemver", "w", W, N);
  free(A), free(U1), free(V1), free(U2), free(V2), free(W), free(X),
      free(Y), free(Z);
}

static void k_cov_1(void) { covariance_kernel1(DMean, DA, (double)CN); }
static void k_cov_2(void) { covariance_kernel2(DMean, DA); }
static void k_cov_3(void) { covariance_kernel3(DSym, DA); }
static void run_covariance(void) {
  DA = D(CN * CM), DMean = D(CM), DSym = D(CM * CM);
  LAUNCH_1D(k_cov_1, CM);
  LAUNCH_2D(k_cov_2, CN, CM);
  LAUNCH_1D(k_cov_3, CM);
  OUT("covariance", "mean", DMean, CM);
  OUT("covariance", "data", DA, CN * CM);
  OUT("covariance", "symmat", DSym, CM * CM);
  free(DA), free(DMean), free(DSym);
}

// correlation: data in A, mean in X, stddev in Y, symmat in C.
static void k_corr_1(void) { correlation_kernel1(X, A, FloatN); }
static void k_corr_2(void) { correlation_kernel2(X, Y, A, FloatN); }
static void k_corr_3(void) { correlation_kernel3(X, Y, A, FloatN); }
static void k_corr_4(void) { correlation_kernel4(C, A); }
static void run_correlation(void) {
  A = F(CN * CM), X = F(CM), Y = F(CM), C = F(CM * CM), FloatN = (real)CN;
  // Two columns constant: their deviation is 0, replaced by 1.
  for (int i = 0; i < CN; i++)
    A[i * CM + 3] = A[i * CM + CM - 2] = 0.5f;
  LAUNCH_1D(k_corr_1, CM);
  LAUNCH_1D(k_corr_2, CM);
  LAUNCH_2D(k_corr_3, CN, CM);
  LAUNCH_1D(k_corr_4, CM);
  C[(CM - 1) * CM + CM - 1] = 1.0f;
  OUT("correlation", "mean", X, CM), OUT("correlation", "stddev", Y, CM);
  OUT("correlation", "data", A, CN * CM);
  OUT("correlation", "symmat", C, CM * CM);
  free(A), free(X), free(Y), free(C);
}

// doitgen: a 3-D grid, blockIdx.z the r index.
static void k_doitgen_1(void) { doitgen_kernel1(NR, NQ, NP, T, A, C); }
static void k_doitgen_2(void) { doitgen_kernel2(NR, NQ, NP, T, A); }
static void run_doitgen(void) {
  A = F(NR * NQ * NP), C = F(NP * NP), T = F(NR * NQ * NP);
  launch3d(k_doitgen_1, BLOCKS(NP, BX), BLOCKS(NQ, 4), NR, BX, 4, 1);
  launch3d(k_doitgen_2, BLOCKS(NP, BX), BLOCKS(NQ, 4), NR, BX, 4, 1);
  OUT("doitgen", "A", A, NR * NQ * NP), OUT("doitgen", "sum", T, NR * NQ * NP);
  free(A), free(C), free(T);
}

// jacobi-1d: the copy back is a grid-stride loop, launched on a grid of
// half its points' blocks.
static void k_jacobi1d_1(void) { jacobi1d_kernel1(N1, A, B); }
static void k_jacobi1d_2(void) { jacobi1d_kernel2(N1, A, B); }
static void run_jacobi1d(void) {
  A = F(N1), B = F(N1);
  for (int t = 0; t < TSTEPS; t++) {
    LAUNCH_1D(k_jacobi1d_1, N1);
    launch(k_jacobi1d_2, BLOCKS(N1, 2 * THREADS_1D), THREADS_1D);
  }
  OUT("jacobi-1d", "A", A, N1), OUT("jacobi-1d", "B", B, N1);
  free(A), free(B);
}

static void k_jacobi2d_1(void) { jacobi2d_kernel1(A, B); }
static void k_jacobi2d_2(void) { jacobi2d_kernel2(A, B); }
static void run_jacobi2d(void) {
  A = F(N * N), B = F(N * N);
  for (int t = 0; t < TSTEPS; t++) {
    LAUNCH_2D(k_jacobi2d_1, N, N);
    LAUNCH_2D(k_jacobi2d_2, N, N);
  }
  OUT("jacobi-2d", "A", A, N * N), OUT("jacobi-2d", "B", B, N * N);
  free(A), free(B);
}

// fdtd-2d: fict in T, ex in A, ey in B, hz in C.
static void k_fdtd_1(void) { fdtd2d_kernel1(T, A, B, C, Step); }
static void k_fdtd_2(void) { fdtd2d_kernel2(A, B, C); }
static void k_fdtd_3(void) { fdtd2d_kernel3(A, B, C); }
static void run_fdtd2d(void) {
  T = F(TMAX), A = F(FDTD_NX * FDTD_NY), B = F(FDTD_NX * FDTD_NY),
  C = F(FDTD_NX * FDTD_NY);
  for (Step = 0; Step < TMAX; Step++) {
    LAUNCH_2D(k_fdtd_1, FDTD_NX, FDTD_NY);
    LAUNCH_2D(k_fdtd_2, FDTD_NX, FDTD_NY);
    LAUNCH_2D(k_fdtd_3, FDTD_NX, FDTD_NY);
  }
  OUT("fdtd-2d", "ex", A, FDTD_NX * FDTD_NY);
  OUT("fdtd-2d", "ey", B, FDTD_NX * FDTD_NY);
  OUT("fdtd-2d", "hz", C, FDTD_NX * FDTD_NY);
  free(T), free(A), free(B), free(C);
}

// heat-3d: 3-D blocks of 8 x 4 x 4, A -> B then B -> A per time step.
static void k_heat3d_ab(void) { heat3d_kernel(DA, DB); }
static void k_heat3d_ba(void) { heat3d_kernel(DB, DA); }
static void run_heat3d(void) {
  DA = D(N3 * N3 * N3), DB = D(N3 * N3 * N3);
  for (int t = 0; t < TSTEPS; t++) {
    launch3d(k_heat3d_ab, BLOCKS(N3, 8), BLOCKS(N3, 4), BLOCKS(N3, 4), 8, 4,
             4);
    launch3d(k_heat3d_ba, BLOCKS(N3, 8), BLOCKS(N3, 4), BLOCKS(N3, 4), 8, 4,
             4);
  }
  OUT("heat-3d", "A", DA, N3 * N3 * N3), OUT("heat-3d", "B", DB, N3 * N3 * N3);
  free(DA), free(DB);
}

static void k_conv2d(void) { conv2d_kernel(A, B); }
static void run_conv2d(void) {
  A = F(NI * NJ), B = F(NI * NJ);
  LAUNCH_2D(k_conv2d, NI, NJ);
  OUT("convolution-2d", "B", B, NI * NJ);
  free(A), free(B);
}

// convolution-3d: a launch per plane, 16 x 4 blocks over the plane.
static void k_conv3d(void) { conv3d_kernel(A, B, Step); }
static void run_conv3d(void) {
  A = F(N3 * N3 * N3), B = F(N3 * N3 * N3);
  for (Step = 1; Step < N3 - 1; Step++)
    launch3d(k_conv3d, BLOCKS(N3, 16), BLOCKS(N3, 4), 1, 16, 4, 1);
  OUT("convolution-3d", "B", B, N3 * N3 * N3);
  free(A), free(B);
}

static void k_seidel(void) { seidel_kernel(A, Step); }
static void run_seidel(void) {
  A = F(N * N);
  for (int t = 0; t < TSTEPS; t++)
    for (Step = 0; Step < 2; Step++)
      LAUNCH_2D(k_seidel, N, N);
  OUT("seidel", "A", A, N * N);
  free(A);
}

static void k_adi_1(void) { adi_kernel1(N, DX, DA, DB); }
static void k_adi_2(void) { adi_kernel2(N, DX, DA, DB); }
static void run_adi(void) {
  DX = D(N * N), DA = data_d(N * N, -0.5, 0.5), DB = data_d(N * N, 2.0, 3.0);
  for (int t = 0; t < TSTEPS; t++) {
    LAUNCH_1D(k_adi_1, N);
    LAUNCH_1D(k_adi_2, N);
  }
  OUT("adi", "X", DX, N * N), OUT("adi", "B", DB, N * N);
  free(DX), free(DA), free(DB);
}

static void k_lu_1(void) { lu_kernel1(A, Step); }
static void k_lu_2(void) { lu_kernel2(A, Step); }
static void run_lu(void) {
  A = F(N * N);
  for (int i = 0; i < N; i++) // diagonally dominant: no small pivots
    A[i * N + i] += (real)N;
  for (Step = 0; Step < LU_STEPS; Step++) {
    LAUNCH_1D(k_lu_1, N);
    LAUNCH_2D(k_lu_2, N, N);
  }
  OUT("lu", "A", A, N * N);
  free(A);
}

static const struct {
  const char *name;
  void (*run)(void);
} benchmarks[] = {
    {"gemm", run_gemm},           {"2mm", run_2mm},
    {"3mm", run_3mm},             {"syrk", run_syrk},
    {"syr2k", run_syr2k},         {"trmm", run_trmm},
    {"symm", run_symm},           {"atax", run_atax},
    {"bicg", run_bicg},           {"mvt", run_mvt},
    {"gesummv", run_gesummv},     {"gemver", run_gemver},
    {"covariance", run_covariance}, {"correlation", run_correlation},
    {"doitgen", run_doitgen},     {"jacobi-1d", run_jacobi1d},
    {"jacobi-2d", run_jacobi2d},  {"fdtd-2d", run_fdtd2d},
    {"heat-3d", run_heat3d},      {"convolution-2d", run_conv2d},
    {"convolution-3d", run_conv3d}, {"seidel", run_seidel},
    {"adi", run_adi},             {"lu", run_lu},
};

int main(int argc, char **argv) {
  int n = (int)(sizeof(benchmarks) / sizeof(benchmarks[0]));
  for (int b = 0; b < n; b++) {
    int wanted = argc == 1;
    for (int a = 1; a < argc; a++)
      wanted |= !strcmp(argv[a], benchmarks[b].name);
    if (!wanted)
      continue;
    data_seed = 20251125u; // each benchmark's inputs whatever runs before
    benchmarks[b].run();
    phases(benchmarks[b].name);
  }
  return 0;
}
