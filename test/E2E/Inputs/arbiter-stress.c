// Stress for the memory-phase arbiter: the triad of arbiter-triad.h alone.
#include "arbiter-triad.h"

#include <stdio.h>

int main(void) {
  printf("%016llx\n", (unsigned long long)run_triad());
  return 0;
}
