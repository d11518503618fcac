// The ground-truth kernels run serially, tile by tile: for every tile of T
// consecutive SIMT iterations and, when TJ is given, TJ consecutive
// iterations of the first inner loop (every origin of both), the bytes of
// each array it touches, counted once. Prints the largest count per kernel
// and array. Usage: truth-trace T [TJ]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NARRAYS 4
static float Arr[NARRAYS][48 * 48 * 2];
static unsigned char Touched[NARRAYS][sizeof(Arr[0])];
static const char *Names[NARRAYS] = {"A", "B", "C", "D"};

static void touch(const void *P, size_t Size) {
  for (int a = 0; a < NARRAYS; a++) {
    const char *Base = (const char *)Arr[a];
    const char *Q = (const char *)P;
    if (Q >= Base && Q < Base + sizeof(Arr[a])) {
      memset(&Touched[a][Q - Base], 1, Size);
      return;
    }
  }
  fprintf(stderr, "access outside every array\n");
  exit(1);
}
#define LD(x) (touch(&(x), sizeof(x)), (x))
#define ST(x, v) (touch(&(x), sizeof(x)), (x) = (v))
#include "truth-kernels.h"

#define A (Arr[0] + N)
#define B (Arr[1] + N)
#define C (Arr[2] + N)
#define D (Arr[3] + N)

static size_t Worst[NARRAYS];
static void tileDone(void) {
  for (int a = 0; a < NARRAYS; a++) {
    size_t Count = 0;
    for (size_t b = 0; b < sizeof(Arr[a]); b++)
      Count += Touched[a][b];
    if (Count > Worst[a])
      Worst[a] = Count;
  }
  memset(Touched, 0, sizeof(Touched));
}
static void report(const char *Kernel) {
  for (int a = 0; a < NARRAYS; a++)
    if (Worst[a])
      printf("%s %s %zu\n", Kernel, Names[a], Worst[a]);
  memset(Worst, 0, sizeof(Worst));
}

// Every tile [s, s + T) x [r, r + TJ) with s inside [Lo, Hi).
#define RUN(Kernel, Lo, Hi, Body)                                              \
  for (int s = (Lo); s + T <= (Hi); s++)                                       \
    for (int r = 0; r + TJ <= N; r += TJ == N ? N : 1) {                       \
      for (int i = s; i < s + T; i++) {                                        \
        Body(i, r, r + TJ)                                                     \
      }                                                                        \
      tileDone();                                                              \
    }                                                                          \
  report(Kernel);

int main(int argc, char **argv) {
  int T = argc > 1 ? atoi(argv[1]) : 1;
  int TJ = argc > 2 ? atoi(argv[2]) : N;
  RUN("gemm", 0, N, GEMM_BODY)
  RUN("stencil", 1, N - 1, STENCIL_BODY)
  RUN("conv", 1, N - 1, CONV_BODY)
  RUN("syrk", 0, N, SYRK_BODY)
  RUN("transpose", 0, N, TRANSPOSE_BODY)
  RUN("strided", 0, N, STRIDED_BODY)
  if (TJ == N) { // collapsed nests have no inner loop to window
    RUN("collapse_t", 0, N * N, COLLAPSE_T_BODY)
    RUN("collapse_st", 0, (N - 2) * (N - 2), COLLAPSE_ST_BODY)
  }
  return 0;
}
