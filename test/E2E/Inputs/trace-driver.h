// Shared by the footprint ground-truth tracers: arrays whose every touched
// byte is recorded, and a driver that runs each tile of T SIMT iterations
// (and TJ iterations of the first inner loop) at every origin and prints the
// worst count per kernel and array. Before including, define N, NARRAYS,
// ARRAY_FLOATS (floats per array) and ARRAY_NAMES ({"A", ...}).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static float Arr[NARRAYS][ARRAY_FLOATS];
static unsigned char Touched[NARRAYS][sizeof(Arr[0])];
static const char *Names[NARRAYS] = ARRAY_NAMES;
static size_t Worst[NARRAYS];

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

// Every tile [s, s + T) x [r, r + TJ) with s inside [Lo, Hi); T and TJ are
// variables of the caller.
#define RUN(Kernel, Lo, Hi, Body)                                              \
  for (int s = (Lo); s + T <= (Hi); s++)                                       \
    for (int r = 0; r + TJ <= N; r += TJ == N ? N : 1) {                       \
      for (int i = s; i < s + T; i++) {                                        \
        Body(i, r, r + TJ)                                                     \
      }                                                                        \
      tileDone();                                                              \
    }                                                                          \
  report(Kernel);
