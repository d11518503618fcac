// Runs Inputs/conditions-cuda.cu's kernels on the CPU (cuda-emu.h): five
// blocks of 32 threads over 150 elements (the last block partial). Prints a
// hash of each output and the phases thread 0 entered.
#include "cuda-emu.h"
#include "float-hash.h"

#include <stdio.h>

enum { M = 4 * 32 + 22, Blocks = 5, Threads = 32 };

void shift(const float *, float *, int);
void top(const float *, float *, int, int);
void colour(const float *, float *, float *, int, int);
void redblack(float *, int, int);
void window(const float *, float *, float *, int, int, int);
void square(const float *, float *, float *, int);
void wrapmul(const float *, float *, float *, int);
void wrapgrid(const float *, float *, float *, int);
static float *X, *Y, *Z;
static int Colour;
static void runShift(void) { shift(X, Y, M); }
static void runTop(void) { top(X, Y, M, 7); }
static void runColour(void) { colour(X, Y, Z, M, Colour); }
static void runRedBlack(void) { redblack(Z, M, Colour); }
static void runWindow(void) { window(X, Y, Z, M, 40, 100); }
static void runSquare(void) { square(X, Y, Z, M); }
static void runWrapMul(void) { wrapmul(X, Y, Z, M); }
static void runWrapGrid(void) { wrapgrid(X, Y, Z, M); }

int main(void) {
  X = data(M), Y = data(M), Z = data(M);
  launch(runShift, Blocks, Threads);
  report("shift", Y, M);
  launch(runTop, Blocks, Threads);
  report("top", Y, M);
  for (Colour = 0; Colour < 2; ++Colour) {
    launch(runColour, Blocks, Threads);
    report("colour", Y, M);
    report("colour-z", Z, M);
  }
  for (Colour = 0; Colour < 2; ++Colour) {
    launch(runRedBlack, Blocks, Threads);
    report("redblack", Z, M);
  }
  launch(runWindow, Blocks, Threads);
  report("window", Y, M);
  report("window-z", Z, M);
  launch(runSquare, Blocks, Threads);
  report("square", Y, M);
  launch(runWrapMul, Blocks, Threads);
  report("wrapmul", Y, M);
  launch(runWrapGrid, Blocks, Threads);
  report("wrapgrid", Y, M);
  return 0;
}
