/*===- copies.c - The transfers of SoftDMA phases --------------------------===*
 *
 * Part of prem-llvm. __prem_copy_* (prem_rt.h): on a GPU the threads of the
 * calling block share a copy, with the widest moves both ends allow, and a
 * Load phase's streaming copies skip the L1 where that moves fewer bytes;
 * on the host the calling thread copies with memcpy.
 *
 *===----------------------------------------------------------------------===*/

#include "target.h"

#if !PREM_GPU
#include <string.h>
#endif

/* Seed 000's bypass rule (Eq. 3.1) for a copy that reads each byte of
 * [src, src + n) once: U = 1 inside the interval and R = 0, so caching
 * moves the 128-byte lines the interval touches and bypassing the 32-byte
 * sectors. A Load phase's copy decides it per interval (they are known only
 * at run time); it pays unless the interval is whole lines. */
static int bypass_moves_less(const char *src, uint64_t n) {
  uint64_t B = (uint64_t)(uintptr_t)src;
  if (!n)
    return 0;
  uint64_t Lines = (B + n + 127) / 128 - B / 128;
  uint64_t Sectors = (B + n + 31) / 32 - B / 32;
  return 32 * Sectors < 128 * Lines;
}

typedef struct {
  uint32_t x, y, z, w;
} v4;

#if defined(__NVPTX__)
/* clang's __ldcg: ld.global.cg (L2 only), through the generic space when
 * the address is not global memory. The memory clobber keeps the load
 * after the phase's barrier. */
static v4 load_v4(const v4 *P, int Bypass) {
  if (!Bypass)
    return *P;
  v4 R;
  __asm__ volatile("{ .reg .pred %%g; isspacep.global %%g, %4;"
                   " @%%g ld.global.cg.v4.u32 {%0, %1, %2, %3}, [%4];"
                   " @!%%g ld.v4.u32 {%0, %1, %2, %3}, [%4]; }"
                   : "=r"(R.x), "=r"(R.y), "=r"(R.z), "=r"(R.w)
                   : "l"(P)
                   : "memory");
  return R;
}
static uint32_t load_u32(const uint32_t *P, int Bypass) {
  if (!Bypass)
    return *P;
  uint32_t R;
  __asm__ volatile("{ .reg .pred %%g; isspacep.global %%g, %1;"
                   " @%%g ld.global.cg.u32 %0, [%1]; @!%%g ld.u32 %0, [%1]; }"
                   : "=r"(R)
                   : "l"(P)
                   : "memory");
  return R;
}
#elif defined(__AMDGPU__)
/* An agent-scope relaxed atomic load is coherent at the device: it skips
 * the CU's L1 (glc / sc1), as prem-bypass-lower's loads do. */
static v4 load_v4(const v4 *P, int Bypass) {
  if (!Bypass)
    return *P;
  const uint32_t *W = (const uint32_t *)P;
  v4 R = {
      __scoped_atomic_load_n(W, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE),
      __scoped_atomic_load_n(W + 1, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE),
      __scoped_atomic_load_n(W + 2, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE),
      __scoped_atomic_load_n(W + 3, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE)};
  return R;
}
static uint32_t load_u32(const uint32_t *P, int Bypass) {
  return Bypass ? __scoped_atomic_load_n(P, __ATOMIC_RELAXED,
                                         __MEMORY_SCOPE_DEVICE)
                : *P;
}
#endif

/* Widest moves where both ends allow them: 16 bytes, else 4, else 1. With
 * Bypass, the wide loads skip the L1. */
static void copy_bytes(char *dst, const char *src, uint64_t n, uint64_t first,
                       uint64_t step, int Bypass) {
#if PREM_GPU
  uint64_t Align = (uint64_t)(uintptr_t)dst | (uint64_t)(uintptr_t)src;
  if ((Align & 15) == 0) {
    uint64_t Vectors = n / 16;
    for (uint64_t I = first; I < Vectors; I += step)
      ((v4 *)dst)[I] = load_v4((const v4 *)src + I, Bypass);
    for (uint64_t I = Vectors * 16 + first; I < n; I += step)
      dst[I] = src[I];
  } else if ((Align & 3) == 0) {
    uint64_t Words = n / 4;
    for (uint64_t I = first; I < Words; I += step)
      ((uint32_t *)dst)[I] = load_u32((const uint32_t *)src + I, Bypass);
    for (uint64_t I = Words * 4 + first; I < n; I += step)
      dst[I] = src[I];
  } else {
    for (uint64_t I = first; I < n; I += step)
      dst[I] = src[I];
  }
#else
  (void)first;
  (void)step;
  (void)Bypass;        /* a CPU's caches are not bypassed */
  memcpy(dst, src, n); /* libc picks the widest vector moves */
#endif
}

void __prem_copy_1d(void *dst, const void *src, uint64_t bytes) {
  copy_bytes((char *)dst, (const char *)src, bytes, thread_in_block(),
             threads_per_block(), 0);
}

void __prem_copy_1d_streaming(void *dst, const void *src, uint64_t bytes) {
  copy_bytes((char *)dst, (const char *)src, bytes, thread_in_block(),
             threads_per_block(), bypass_moves_less((const char *)src, bytes));
}

static void copy_rows(void *dst, uint64_t dst_pitch, const void *src,
                      uint64_t src_pitch, uint64_t width, uint64_t rows,
                      int Streaming) {
#if PREM_GPU
  /* Rows of a few words (a column block): the block's threads spread over
   * rows and words together, rather than most of them idle on each row. */
  uint64_t Align = (uint64_t)(uintptr_t)dst | (uint64_t)(uintptr_t)src |
                   dst_pitch | src_pitch | width;
  if ((Align & 3) == 0 && width < 4 * (uint64_t)threads_per_block()) {
    uint64_t Words = width / 4, N = Words * rows;
    for (uint64_t I = thread_in_block(); I < N; I += threads_per_block()) {
      uint64_t R = I / Words, W = I % Words;
      const char *Row = (const char *)src + R * src_pitch;
      ((uint32_t *)((char *)dst + R * dst_pitch))[W] =
          load_u32((const uint32_t *)Row + W,
                   Streaming && bypass_moves_less(Row, width));
    }
    return;
  }
#endif
  for (uint64_t R = 0; R < rows; ++R) {
    const char *Row = (const char *)src + R * src_pitch;
    copy_bytes((char *)dst + R * dst_pitch, Row, width, thread_in_block(),
               threads_per_block(), Streaming && bypass_moves_less(Row, width));
  }
}

void __prem_copy_2d(void *dst, uint64_t dst_pitch, const void *src,
                    uint64_t src_pitch, uint64_t width, uint64_t rows) {
  copy_rows(dst, dst_pitch, src, src_pitch, width, rows, 0);
}

void __prem_copy_2d_streaming(void *dst, uint64_t dst_pitch, const void *src,
                              uint64_t src_pitch, uint64_t width,
                              uint64_t rows) {
  copy_rows(dst, dst_pitch, src, src_pitch, width, rows, 1);
}

static void copy_element(char *dst, const char *src, uint64_t elem_bytes) {
  for (uint64_t B = 0; B < elem_bytes; ++B)
    dst[B] = src[B];
}

void __prem_copy_gather(void *dst, const void *src, const uint64_t *offsets,
                        uint64_t count, uint64_t elem_bytes) {
  for (uint64_t I = thread_in_block(); I < count; I += threads_per_block())
    copy_element((char *)dst + I * elem_bytes,
                 (const char *)src + offsets[I] * elem_bytes, elem_bytes);
}

void __prem_copy_scatter(void *dst, const void *src, const uint64_t *offsets,
                         uint64_t count, uint64_t elem_bytes) {
  for (uint64_t I = thread_in_block(); I < count; I += threads_per_block())
    copy_element((char *)dst + offsets[I] * elem_bytes,
                 (const char *)src + I * elem_bytes, elem_bytes);
}
