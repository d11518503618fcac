// The ground-truth kernels run serially, tile by tile (trace-driver.h):
// prints the worst bytes per kernel and array over every tile of T SIMT
// iterations and, when TJ is given, TJ iterations of the first inner loop.
// Usage: truth-trace T [TJ]
#define N 48
#define NARRAYS 4
#define ARRAY_FLOATS (N * N * 2)
#define ARRAY_NAMES {"A", "B", "C", "D"}
#include "trace-driver.h"
#include "truth-kernels.h"

#define A (Arr[0] + N)
#define B (Arr[1] + N)
#define C (Arr[2] + N)
#define D (Arr[3] + N)

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
