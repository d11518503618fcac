; The "host" arbitration policy has no AMDGPU runtime (fine-grained host
; memory is not written yet): linking asks for it with an error, not a
; crash, and the policies that exist there link.
; RUN: not %opt_prem -passes=prem-link-runtime -prem-arbiter=host %s -disable-output 2>&1 | FileCheck %s
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
; DEVICE: @__prem_token = weak
; DEVICE: define internal void @__prem_enter_mem(i32
