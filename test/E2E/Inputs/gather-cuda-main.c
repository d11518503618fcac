// Runs Inputs/gather-cuda.cu's kernels on the CPU (cuda-emu.h): four full
// blocks of 32 threads and a partial one. Prints a hash of each output and
// the phases thread 0 entered, those of compatible intervals outside tiles
// apart.
#include "cuda-emu.h"
#include "float-hash.h"

#include <stdio.h>

#define ENTRIES 600
#define ROWS (4 * 32 + 9)
#define XLEN 5000

void ell_rows(const float *, const int *, const float *, float *, int);
void ell_cols(const float *, const int *, const float *, float *);
static float *Val, *X, *Y;
static int *Col;
static void runRows(void) { ell_rows(Val, Col, X, Y, ROWS); }
static void runCols(void) { ell_cols(Val, Col, X, Y); }


int main(void) {
  unsigned Blocks = (ROWS + 31) / 32;
  Val = data(ROWS * ENTRIES), X = data(XLEN), Y = data(ROWS);
  Col = malloc(sizeof(int) * ROWS * ENTRIES);
  unsigned Seed = 777;
  for (int I = 0; I < ROWS * ENTRIES; ++I) {
    Seed = Seed * 1103515245u + 12345u;
    Col[I] = (int)((Seed >> 8) % XLEN);
  }
  launch(runRows, Blocks, 32);
  report("ell_rows", Y, ROWS);
  launch(runCols, Blocks, 32);
  report("ell_cols", Y, ROWS);
  return 0;
}
