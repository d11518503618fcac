// Two device pointers into one allocation: apart, each tile of the loop runs
// on the scratchpad; overlapping (in place, or shifted by less than a tile),
// the tile's written interval meets the other array's and the tile runs on
// global memory instead. The sizes are runtime values, so the fit is checked
// per tile as well.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void shift_add(float *x, float *y, int n) {
#pragma omp target teams distribute parallel for is_device_ptr(x, y)
  for (int i = 0; i < n; i++)
    y[i] = x[i] * 0.5f + 1.0f;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  int shift = argc > 2 ? atoi(argv[2]) : n;
  int dev = omp_get_default_device();
  float *host = malloc(sizeof(float) * (n + shift));
  for (int i = 0; i < n + shift; i++)
    host[i] = (float)(i % 97) - 40.0f;
  float *d = omp_target_alloc(sizeof(float) * (n + shift), dev);
  omp_target_memcpy(d, host, sizeof(float) * (n + shift), 0, 0, dev,
                    omp_get_initial_device());
  for (int rep = 0; rep < 3; rep++)
    shift_add(d, d + shift, n);
  omp_target_memcpy(host, d, sizeof(float) * (n + shift), 0, 0,
                    omp_get_initial_device(), dev);
  unsigned long long h = 1469598103934665603ull;
  for (int i = 0; i < n + shift; i++) {
    unsigned char *b = (unsigned char *)&host[i];
    for (int k = 0; k < 4; k++)
      h = (h ^ b[k]) * 1099511628211ull;
  }
  printf("n=%d shift=%d hash=%016llx\n", n, shift, h);
  omp_target_free(d, dev);
  free(host);
  return 0;
}
