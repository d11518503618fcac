// Shapes the transformation must refuse: each kernel gets a remark with the
// reason and comes out of the whole pipeline byte for byte as it went in.
// a histogram, an indirect load and store of one element (scatters alone
// are tiled: prem-scatter.c; gathers alone: prem-gather.c):
// RUN: %omp_host_device_ir -DINDIRECT %s -o %t.indirect.ll
// RUN: %opt_prem -passes=verify %t.indirect.ll -S -o %t.indirect.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.indirect.ll -S -o %t.indirect.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=INDIRECT
// RUN: cmp %t.indirect.plain.ll %t.indirect.after.ll
// INDIRECT: not transformed: indirect loads and stores in one tile: a gathered element could be one the tile scattered before

// a gather whose index the loop writes (the Load phase would gather from
// the old index, the Execute phase read with the new):
// RUN: %omp_host_device_ir -DINDEX_WRITTEN %s -o %t.index_written.ll
// RUN: %opt_prem -passes=verify %t.index_written.ll -S -o %t.index_written.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.index_written.ll -S -o %t.index_written.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=INDEX_WRITTEN
// RUN: cmp %t.index_written.plain.ll %t.index_written.after.ll
// INDEX_WRITTEN: not transformed: the index of an indirect load is read from iw, which the loop writes

// a gather through a gathered index:
// RUN: %omp_host_device_ir -DNESTED %s -o %t.nested.ll
// RUN: %opt_prem -passes=verify %t.nested.ll -S -o %t.nested.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.nested.ll -S -o %t.nested.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: cmp %t.nested.plain.ll %t.nested.after.ll
// NESTED: not transformed: the index of an indirect load is itself loaded indirectly

// a quadratic subscript:
// RUN: %omp_host_device_ir -DNONAFFINE %s -o %t.nonaffine.ll
// RUN: %opt_prem -passes=verify %t.nonaffine.ll -S -o %t.nonaffine.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.nonaffine.ll -S -o %t.nonaffine.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=NONAFFINE
// RUN: cmp %t.nonaffine.plain.ll %t.nonaffine.after.ll
// NONAFFINE: not transformed: the footprint is not exact: subscript is a polynomial of the induction variable

// a data-dependent inner trip count:
// RUN: %omp_host_device_ir -DUNKNOWN_TRIP %s -o %t.unknown_trip.ll
// RUN: %opt_prem -passes=verify %t.unknown_trip.ll -S -o %t.unknown_trip.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.unknown_trip.ll -S -o %t.unknown_trip.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=UNKNOWN_TRIP
// RUN: cmp %t.unknown_trip.plain.ll %t.unknown_trip.after.ll
// UNKNOWN_TRIP: not transformed: the footprint is not exact:

// a call to an unknown function:
// RUN: %omp_host_device_ir -DCALL %s -o %t.call.ll
// RUN: %opt_prem -passes=verify %t.call.ll -S -o %t.call.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.call.ll -S -o %t.call.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=CALL
// RUN: cmp %t.call.plain.ll %t.call.after.ll
// CALL: not transformed: the footprint is not exact: call to 'ext' may access memory

// an atomic update:
// RUN: %omp_host_device_ir -DATOMIC %s -o %t.atomic.ll
// RUN: %opt_prem -passes=verify %t.atomic.ll -S -o %t.atomic.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.atomic.ll -S -o %t.atomic.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=ATOMIC
// RUN: cmp %t.atomic.plain.ll %t.atomic.after.ll
// ATOMIC: not transformed: the footprint is not exact: atomic read-modify-write

// a volatile store:
// RUN: %omp_host_device_ir -DVOLATILE %s -o %t.volatile.ll
// RUN: %opt_prem -passes=verify %t.volatile.ll -S -o %t.volatile.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.volatile.ll -S -o %t.volatile.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=VOLATILE
// RUN: cmp %t.volatile.plain.ll %t.volatile.after.ll
// VOLATILE: not transformed: the footprint is not exact:

// one iteration's footprint larger than the scratchpad, down to the
// depth-2 loop (a depth-3 loop is not tiled):
// RUN: %omp_host_device_ir -DHUGE %s -o %t.huge.ll
// RUN: %opt_prem -passes=verify %t.huge.ll -S -o %t.huge.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.huge.ll -S -o %t.huge.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: cmp %t.huge.plain.ll %t.huge.after.ll
// HUGE: not transformed: one SIMT iteration needs 1048640 bytes of scratchpad (byte intervals), more than the 49152 available; one iteration of the depth-1 loop needs 262208 bytes of scratchpad (byte intervals), more than the 49152 available; one iteration of the depth-2 loop needs 65600 bytes of scratchpad (byte intervals), more than the 49152 available{{$}}

// a dynamic schedule:
// RUN: %omp_host_device_ir -DDYNAMIC %s -o %t.dynamic.ll
// RUN: %opt_prem -passes=verify %t.dynamic.ll -S -o %t.dynamic.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.dynamic.ll -S -o %t.dynamic.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: cmp %t.dynamic.plain.ll %t.dynamic.after.ll
// DYNAMIC: not transformed: the kernel has no worksharing loop to tile

// control flow that depends on loaded data:
// RUN: %omp_host_device_ir -DCONTROL %s -o %t.control.ll
// RUN: %opt_prem -passes=verify %t.control.ll -S -o %t.control.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.control.ll -S -o %t.control.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=CONTROL
// RUN: cmp %t.control.plain.ll %t.control.after.ll
// CONTROL: not transformed: control flow in the loop depends on loaded data
// a store under a condition that is not affine (k * k < i):
// RUN: %omp_host_device_ir -DGUARDED %s -o %t.guarded.ll
// RUN: %opt_prem -passes=verify %t.guarded.ll -S -o %t.guarded.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.guarded.ll -S -o %t.guarded.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=GUARDED
// RUN: cmp %t.guarded.plain.ll %t.guarded.after.ll
// GUARDED: not transformed: an access runs only under a condition: the condition at %cmp{{[0-9]*}} is not affine: subscript is a polynomial of the induction variable
// (One on the induction variables, if (k < i), is part of the access's
// domain: E2E/conditions.test.)
// the depth-1 loop and the store after it run only under a condition on
// loaded data (len[0] > 3): the SIMT iteration's accesses are conditional,
// and the weight loaded before the depth-1 loop and the sum stored after it
// could not be put in compatible intervals entered and left once each (a
// loop that its guard skips to where it would exit has them:
// E2E/runtime-rows.test; an if on the indices around the depth-1 loop is
// tiled inside the if: E2E/conditions.test's above):
// RUN: %omp_host_device_ir -DSKIPPED_LOOP %s -o %t.skipped.ll
// RUN: %opt_prem -passes=verify %t.skipped.ll -S -o %t.skipped.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.skipped.ll -S -o %t.skipped.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=SKIPPED_LOOP
// RUN: cmp %t.skipped.plain.ll %t.skipped.after.ll
// SKIPPED_LOOP: not transformed: an access runs only under a condition that is not one affine branch after another (its footprint would be over-estimated); accesses outside the depth-1 loop need it to run in every iteration of the loop around it

#define N 64
extern int ext(float);
#pragma omp declare target to(ext)
void kernel(float *restrict B, const float *restrict A, const int *restrict idx,
            const int *restrict len, int *restrict iw) {
#if defined(INDIRECT)
#pragma omp target teams distribute parallel for num_teams(1) thread_limit(1) map(to: A[0:N], idx[0:N]) map(tofrom: B[0:N])
  for (int i = 0; i < N; i++)
    B[idx[i]] += A[i];
#elif defined(INDEX_WRITTEN)
#pragma omp target teams distribute parallel for map(to: A[0:N]) map(tofrom: iw[0:N]) map(from: B[0:N])
  for (int i = 0; i < N; i++) {
    iw[i] = iw[i] + 1;
    B[i] = A[iw[i]];
  }
#elif defined(NESTED)
#pragma omp target teams distribute parallel for map(to: A[0:N], idx[0:N]) map(from: B[0:N])
  for (int i = 0; i < N; i++)
    B[i] = A[idx[idx[i]]];
#elif defined(NONAFFINE)
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(from: B[0:N])
  for (int i = 0; i < N; i++)
    B[i] = A[i * i];
#elif defined(UNKNOWN_TRIP)
#pragma omp target teams distribute parallel for map(to: A[0:N*N], len[0:N]) map(from: B[0:N])
  for (int i = 0; i < N; i++) {
    float s = 0;
    for (int k = 0; k < len[i]; k++)
      s += A[i * N + k];
    B[i] = s;
  }
#elif defined(CALL)
#pragma omp target teams distribute parallel for map(to: A[0:N]) map(from: B[0:N])
  for (int i = 0; i < N; i++)
    B[i] = ext(A[i]);
#elif defined(ATOMIC)
#pragma omp target teams distribute parallel for map(to: A[0:N]) map(tofrom: B[0:1])
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    B[0] += A[i];
  }
#elif defined(VOLATILE)
#pragma omp target teams distribute parallel for map(to: A[0:N]) map(from: B[0:N])
  for (int i = 0; i < N; i++)
    ((volatile float *)B)[i] = A[i];
#elif defined(HUGE)
#pragma omp target teams distribute parallel for map(to: A[0:N*262144]) map(from: B[0:N*16])
  for (int i = 0; i < N; i++)
    for (int q = 0; q < 4; q++)
      for (int p = 0; p < 4; p++) {
        float s = 0;
        for (int k = 0; k < 16384; k++)
          s += A[i * 262144 + q * 65536 + p * 16384 + k];
        B[i * 16 + q * 4 + p] = s;
      }
#elif defined(DYNAMIC)
#pragma omp target teams distribute parallel for schedule(dynamic) map(to: A[0:N]) map(from: B[0:N])
  for (int i = 0; i < N; i++)
    B[i] = 2 * A[i];
#elif defined(CONTROL)
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(tofrom: B[0:N*N])
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++)
      if (A[i * N + k] > 0)
        B[i * N + k] = 1.0f;
#elif defined(SKIPPED_LOOP)
#pragma omp target teams distribute parallel for map(to: A[0:N*65536], iw[0:N]) map(from: B[0:N])
  for (int r = 0; r < N; r++) {
    float s = (float)iw[r];
    if (len[0] > 3) {
      for (int k = 0; k < 65536; k++)
        s += A[r * 65536 + k];
      B[r] = s;
    }
  }
#elif defined(GUARDED)
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(tofrom: B[0:N*N])
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++)
      if (k * k < i)
        B[i * N + k] = A[i * N + k];
#endif
}
