// Runs Inputs/barrier-sites.cu's kernel in one block of 64 threads.
#include "cuda-emu.h"

void two_sites(float *);
static float *Out;
static void run(void) { two_sites(Out); }

int main(void) {
  Out = emu_global(64 * sizeof(float));
  launch(run, 1, 64);
  report("two_sites", Out, 64);
  return 0;
}
