/*===- profile.c - Load profiling (prem-instrument) ------------------------===*
 *
 * Part of prem-llvm. __prem_prof_load (prem_rt.h): on a GPU the records stay
 * in device memory for the host; on host offload they are written to a file
 * when the program ends, for tools/prem-profile.
 *
 *===----------------------------------------------------------------------===*/

#include "target.h"

#if !PREM_GPU
#include <stdio.h>
#include <stdlib.h>
#endif

#if PREM_GPU
/* Load profile records in device memory, where the host reads them after
 * the kernel (prem_rt.h). Weak, as the trace is. */
__attribute__((weak)) prem_prof_record __prem_prof_records[PREM_PROF_CAPACITY];
__attribute__((weak)) uint64_t __prem_prof_count;

void __prem_prof_load(const prem_prof_site *site, uint64_t lane,
                      const void *address) {
  uint64_t Slot = __atomic_fetch_add(&__prem_prof_count, 1, __ATOMIC_RELAXED);
  if (Slot < PREM_PROF_CAPACITY)
    __prem_prof_records[Slot] = (prem_prof_record){
        (uint64_t)(uintptr_t)site, lane, (uint64_t)(uintptr_t)address};
}
#else
/* Load profile records, appended under a spin lock (each thread's records
 * stay in its program order, which is what the profile tool needs) and
 * written when the program ends. Weak, like the trace: one buffer for every
 * linked copy of the runtime. */
typedef struct prof_record {
  const prem_prof_site *site;
  uint64_t lane;
  uint64_t address;
} prof_record;
__attribute__((weak)) prof_record *__prem_prof_records;
__attribute__((weak)) uint64_t __prem_prof_count, __prem_prof_capacity;
__attribute__((weak)) char __prem_prof_lock, __prem_prof_written;

void __prem_prof_load(const prem_prof_site *site, uint64_t lane,
                      const void *address) {
  while (__atomic_test_and_set(&__prem_prof_lock, __ATOMIC_ACQUIRE))
    ;
  if (__prem_prof_count == __prem_prof_capacity) {
    uint64_t Capacity = __prem_prof_capacity ? 2 * __prem_prof_capacity : 4096;
    prof_record *Grown =
        realloc(__prem_prof_records, Capacity * sizeof(prof_record));
    if (!Grown) {
      fprintf(stderr, "prem: out of memory for the load profile\n");
      abort();
    }
    __prem_prof_records = Grown;
    __prem_prof_capacity = Capacity;
  }
  __prem_prof_records[__prem_prof_count++] =
      (prof_record){site, lane, (uint64_t)(uintptr_t)address};
  __atomic_clear(&__prem_prof_lock, __ATOMIC_RELEASE);
}

/* The raw profile (format in tools/prem-profile): the sites, numbered in
 * order of first use, then one line per record. */
PREM_ONCE __attribute__((destructor)) static void write_profile(void) {
  if (!__prem_prof_count ||
      __atomic_exchange_n(&__prem_prof_written, 1, __ATOMIC_RELAXED))
    return;
  const char *Path = getenv("PREM_PROFILE_FILE");
  if (!Path || !*Path)
    Path = __prem_prof_records[0].site->output;
  FILE *Out = fopen(Path, "w");
  if (!Out) {
    fprintf(stderr, "prem: cannot write the load profile '%s'\n", Path);
    return;
  }
  const prem_prof_site **Sites = NULL;
  uint32_t NumSites = 0;
  fprintf(Out, "prem-raw-profile 1\n");
  for (uint64_t I = 0; I < __prem_prof_count; ++I) {
    const prem_prof_site *S = __prem_prof_records[I].site;
    uint32_t Id = 0;
    while (Id < NumSites && Sites[Id] != S)
      ++Id;
    if (Id == NumSites) {
      Sites = realloc(Sites, (NumSites + 1) * sizeof(*Sites));
      if (!Sites)
        abort();
      Sites[NumSites++] = S;
      fprintf(Out, "S %u %s %s %u %u %u %u %016llx\n", Id, S->kernel,
              *S->file ? S->file : "-", S->line, S->column, S->ordinal,
              S->bytes, (unsigned long long)S->shape_hash);
    }
    fprintf(Out, "R %u %llu %llx\n", Id,
            (unsigned long long)__prem_prof_records[I].lane,
            (unsigned long long)__prem_prof_records[I].address);
  }
  free(Sites);
  fclose(Out);
}
#endif
