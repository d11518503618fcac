; -prem-report writes one versioned JSON document per device module: the
; kernels, their SIMT dimension, and the footprint with its reasons.
; RUN: %opt_prem -passes=prem-report -prem-report=%t.json -disable-output %s
; RUN: FileCheck %s < %t.json
; RUN: %opt_prem -passes=prem-report -prem-report=%t.small.json -prem-spm-bytes=256 -disable-output %s
; RUN: FileCheck %s --check-prefix=SMALL < %t.small.json
; 260 bytes per thread do not fit 256.
; Without -prem-report the pass writes nothing and changes nothing.
; RUN: %opt_prem -passes=prem-report -S %s -o %t.ll
; RUN: opt -S %s -o %t.orig.ll
; RUN: diff %t.orig.ll %t.ll

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @rowsum(ptr noalias %y, ptr noalias %A) "nvvm.maxntid"="128" {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %row = mul nuw nsw i64 %i, 64
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %idx = add nuw nsw i64 %row, %j
  %p = getelementptr inbounds float, ptr %A, i64 %idx
  %v = load float, ptr %p
  %s.next = fadd float %s, %v
  %j.next = add nuw nsw i64 %j, 1
  %done = icmp eq i64 %j.next, 64
  br i1 %done, label %exit, label %loop
exit:
  %q = getelementptr inbounds float, ptr %y, i64 %i
  store float %s.next, ptr %q
  ret void
}

define ptx_kernel void @accumulate(ptr %y, ptr %x) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %xp = getelementptr float, ptr %x, i64 %i
  %v = load float, ptr %xp
  %old = atomicrmw fadd ptr %y, float %v monotonic
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK:      "kernels": [
; CHECK:          "block_iteration_fits_spm": true,
; CHECK-NEXT:     "block_size": 128,
; CHECK-NEXT:     "footprint": {
; CHECK-NEXT:       "arrays": [
; CHECK-NEXT:         {
; CHECK-NEXT:           "access": "read",
; CHECK-NEXT:           "accesses": 1,
; CHECK-NEXT:           "byte_range": "first { [(0)] }, last { [(32767)] }",
; CHECK-NEXT:           "bytes_per_tile": 256,
; CHECK-NEXT:           "element_bytes": 4,
; CHECK-NEXT:           "elements": "{ A[o] : 0 <= o <= 8191 }",
; CHECK-NEXT:           "invariant": false,
; CHECK-NEXT:           "name": "A"
; CHECK:          "bytes_per_tile": 260,
; CHECK-NEXT: "bytes_per_tile_exact": true,
; CHECK-NEXT:     "exact": true,
; CHECK:          "reasons": [],
; CHECK:        "kind": "cuda",
; CHECK-NEXT:   "name": "rowsum",
; CHECK:        "simt": {
; CHECK-NEXT:     "expression": "%tid.x",
; CHECK-NEXT:     "function": "rowsum",
; CHECK-NEXT:     "kind": "thread-index"
; CHECK-NEXT:   },
; CHECK-NEXT:   "tiling": {
; CHECK-NEXT:     "depth": 0,
; CHECK-NEXT:     "scratchpad_bytes_per_tile": 33280,
; CHECK-NEXT:     "tile_iterations": 128,
; CHECK-NEXT:     "tiled": true,
; CHECK-NEXT:     "why": "one tile per thread block (a full block of threads that all pass the bounds guard)"
; CHECK:          "exact": false,
; CHECK:          "reasons": [
; CHECK-NEXT:       {
; CHECK-NEXT:         "kind": "Atomic",
; CHECK-NEXT:         "message": "atomic read-modify-write"
; CHECK:        "name": "accumulate",
; CHECK:        "tiling": {
; CHECK-NEXT:     "refusal": "NotExact",
; CHECK-NEXT:     "tiled": false,
; CHECK-NEXT:     "why": "the footprint is not exact: atomic read-modify-write"
; CHECK:      "prem_report_version": 1,
; CHECK-NEXT: "spm_bytes": 49152,
; CHECK-NEXT: "target": "nvptx64-nvidia-cuda"

; SMALL: "block_iteration_fits_spm": false,
; SMALL: "spm_bytes": 256,
