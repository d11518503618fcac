/*===- target.c - The runtime's target layer, per target -------------------===*
 *
 * Part of prem-llvm (target.h): NVPTX, AMDGPU, and the host-offload
 * device image.
 *
 *===----------------------------------------------------------------------===*/

#include "target.h"

#if !PREM_GPU
#include <sched.h>
#include <time.h>
#endif

#if defined(__NVPTX__)
uint64_t now_ns(void) {
  uint64_t T;
  __asm__ volatile("mov.u64 %0, %%globaltimer;" : "=l"(T));
  return T;
}
/* Blocks and their threads numbered x fastest, as the footprint numbers a
 * 2-D or 3-D block's threads (KernelInfo.h, BlockShape): one thread 0 per
 * block, and the copies spread over every thread of it. */
uint32_t agent_id(void) {
  return __nvvm_read_ptx_sreg_ctaid_x() +
         __nvvm_read_ptx_sreg_nctaid_x() *
             (__nvvm_read_ptx_sreg_ctaid_y() +
              __nvvm_read_ptx_sreg_nctaid_y() * __nvvm_read_ptx_sreg_ctaid_z());
}
uint32_t thread_in_block(void) {
  return __nvvm_read_ptx_sreg_tid_x() +
         __nvvm_read_ptx_sreg_ntid_x() *
             (__nvvm_read_ptx_sreg_tid_y() +
              __nvvm_read_ptx_sreg_ntid_y() * __nvvm_read_ptx_sreg_tid_z());
}
uint32_t threads_per_block(void) {
  return __nvvm_read_ptx_sreg_ntid_x() * __nvvm_read_ptx_sreg_ntid_y() *
         __nvvm_read_ptx_sreg_ntid_z();
}
#elif defined(__AMDGPU__)
uint64_t now_ns(void) {
  /* The steady counter (s_memrealtime / s_sendmsg_rtn) runs at 100 MHz. */
  return __builtin_readsteadycounter() * 10;
}
uint32_t agent_id(void) {
  return __builtin_amdgcn_workgroup_id_x() +
         __builtin_amdgcn_grid_size_x() / __builtin_amdgcn_workgroup_size_x() *
             (__builtin_amdgcn_workgroup_id_y() +
              __builtin_amdgcn_grid_size_y() /
                  __builtin_amdgcn_workgroup_size_y() *
                  __builtin_amdgcn_workgroup_id_z());
}
uint32_t thread_in_block(void) {
  return __builtin_amdgcn_workitem_id_x() +
         __builtin_amdgcn_workgroup_size_x() *
             (__builtin_amdgcn_workitem_id_y() +
              __builtin_amdgcn_workgroup_size_y() *
                  __builtin_amdgcn_workitem_id_z());
}
uint32_t threads_per_block(void) {
  return __builtin_amdgcn_workgroup_size_x() *
         __builtin_amdgcn_workgroup_size_y() *
         __builtin_amdgcn_workgroup_size_z();
}
#else
uint64_t now_ns(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return (uint64_t)T.tv_sec * 1000000000u + (uint64_t)T.tv_nsec;
}
/* Each host-offload thread is an agent; number them on first use. */
uint32_t agent_id(void) {
  static uint32_t Next;
  static _Thread_local uint32_t Id;
  if (!Id)
    Id = __atomic_add_fetch(&Next, 1, __ATOMIC_RELAXED);
  return Id - 1;
}
uint32_t thread_in_block(void) { return 0; }
uint32_t threads_per_block(void) { return 1; }
#endif

void pause_briefly(void) {
#if defined(__NVPTX__)
  /* sm_70 and later; the module's target is at least that for PREM. */
  __asm__ volatile("nanosleep.u32 64;");
#elif defined(__AMDGPU__)
  __builtin_amdgcn_s_sleep(1);
#else
  /* Host-offload agents are threads, often more than cores: let the holder
   * run. */
  sched_yield();
#endif
}

/* LLVM 22's NVPTX back end drops the ordering and scope of an atomicrmw
 * (it emits a relaxed, GPU-scope atom; llvm-project#179553 came after 22),
 * so the read-modify-writes that must order memory are PTX there. */
void add_release(uint32_t *P, uint32_t V) {
#if defined(__NVPTX__)
  __asm__ volatile("atom.add.release.gpu.u32 %0, [%1], %2;"
                   : "=r"(V)
                   : "l"(P), "r"(V)
                   : "memory");
#else
  __atomic_fetch_add(P, V, __ATOMIC_RELEASE);
#endif
}

void add_seq_cst_sys(uint32_t *P, int32_t V) {
#if defined(__NVPTX__)
  __asm__ volatile("fence.sc.sys;\n\tatom.add.acq_rel.sys.u32 %0, [%1], %2;"
                   : "=r"(V)
                   : "l"(P), "r"(V)
                   : "memory");
#else
  __scoped_atomic_fetch_add(P, (uint32_t)V, __ATOMIC_SEQ_CST,
                            __MEMORY_SCOPE_SYSTEM);
#endif
}

void back_off(uint32_t Ns) {
#if defined(__NVPTX__)
  __asm__ volatile("nanosleep.u32 %0;" ::"r"(Ns));
#else
  (void)Ns;
  pause_briefly();
#endif
}
