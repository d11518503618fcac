; The "host" arbitration policy has no AMDGPU runtime (fine-grained host
; memory is not written yet), nor has "rtgate" (a block's state needs the
; launch's identity, which AMDGPU code cannot name): linking asks for them
; with an error, not a crash, and the policies that exist there link.
; RUN: not %opt_prem -passes=prem-link-runtime -prem-arbiter=host %s -disable-output 2>&1 | FileCheck %s
; RUN: not %opt_prem -passes=prem-link-runtime -prem-arbiter=rtgate %s -disable-output 2>&1 | FileCheck %s --check-prefix=RTGATE
; RUN: %opt_prem -passes=prem-link-runtime,verify -prem-arbiter=device %s -S | FileCheck %s --check-prefix=DEVICE
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k() {
  call void @__prem_enter_mem(i32 0)
  call void @__prem_exit_mem(i32 0)
  ret void
}

declare void @__prem_enter_mem(i32)
declare void @__prem_exit_mem(i32)

; CHECK: error: prem: the arbitration policy 'host' is built for host offload and NVPTX only
; RTGATE: error: prem: the arbitration policy 'rtgate' is built for host offload and NVPTX only
; DEVICE: @__prem_token = weak
; DEVICE: define internal void @__prem_enter_mem(i32
