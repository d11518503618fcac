// dae: the Load phase is the tile stripped to its loads, each also storing
// its element into the buffer at the same offset; the Store phase the tile
// stripped to its stores, storing the final values from the buffer.
// cmpt: the tile unchanged inside one memory phase.
// RUN: %mlir_prem --pass-pipeline="builtin.module(prem-affine{spm-bytes=100 mode=dae})" %s 2>/dev/null | FileCheck --check-prefix=DAE %s
// RUN: %mlir_prem --pass-pipeline="builtin.module(prem-affine{spm-bytes=100 mode=cmpt})" %s 2>/dev/null | FileCheck --check-prefix=CMPT %s
// REQUIRES: mlir

func.func @smooth(%a: memref<64xf32>, %b: memref<64xf32>) {
  affine.for %i = 0 to 63 {
    %x = affine.load %a[%i] : memref<64xf32>
    %y = affine.load %a[%i + 1] : memref<64xf32>
    %s = arith.addf %x, %y : f32
    affine.store %s, %b[%i] : memref<64xf32>
  }
  return
}
// 12 iterations: a's box of 13 elements and b's of 12 (100 bytes).
// DAE-LABEL: func.func @smooth(
// DAE-SAME: %[[A:.*]]: memref<64xf32>, %[[B:.*]]: memref<64xf32>)
// DAE-NEXT: %[[BA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<13xf32>
// DAE-NEXT: %[[BB:.*]] = memref.alloc() {alignment = 64 : i64} : memref<12xf32>
// DAE-NEXT: affine.for %[[T:.*]] = 0 to 63 step 12 {
// DAE-NEXT: %[[N:.*]] = affine.apply #{{.*}}(%[[T]])
// DAE-NEXT: %[[N32:.*]] = arith.index_cast %[[N]]
// DAE-NEXT: func.call @__prem_enter_mem(%[[N32]])
// DAE-NEXT: affine.for %[[I:.*]] = #{{.*}}(%[[T]]) to min #{{.*}}(%[[T]]) {
// DAE-NEXT: %[[X:.*]] = affine.load %[[A]][%[[I]]]
// DAE-NEXT: affine.store %[[X]], %[[BA]][-%[[T]] + %[[I]]]
// DAE-NEXT: %[[Y:.*]] = affine.load %[[A]][%[[I]] + 1]
// DAE-NEXT: affine.store %[[Y]], %[[BA]][-%[[T]] + %[[I]] + 1]
// DAE-NEXT: }
// DAE-NEXT: func.call @__prem_enter_comp(%[[N32]])
// DAE-NEXT: affine.for %[[I:.*]] = #{{.*}}(%[[T]]) to min #{{.*}}(%[[T]]) {
// DAE-NEXT: %[[X:.*]] = affine.load %[[BA]][-%[[T]] + %[[I]]]
// DAE: %[[Y:.*]] = affine.load %[[BA]][-%[[T]] + %[[I]] + 1]
// DAE-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[Y]]
// DAE-NEXT: affine.store %[[S]], %[[BB]][-%[[T]] + %[[I]]]
// DAE-NEXT: }
// DAE-NEXT: func.call @__prem_enter_mem(%[[N32]])
// DAE-NEXT: affine.for %[[I:.*]] = #{{.*}}(%[[T]]) to min #{{.*}}(%[[T]]) {
// DAE-NEXT: %[[F:.*]] = affine.load %[[BB]][-%[[T]] + %[[I]]]
// DAE-NEXT: affine.store %[[F]], %[[B]][%[[I]]]
// DAE-NEXT: }
// DAE-NEXT: func.call @__prem_exit_mem(%[[N32]])
// DAE-NEXT: }
// DAE-NEXT: memref.dealloc %[[BA]]
// DAE-NEXT: memref.dealloc %[[BB]]

// CMPT-NOT: __prem_enter_comp
// CMPT-LABEL: func.func @smooth(
// CMPT-SAME: %[[A:.*]]: memref<64xf32>, %[[B:.*]]: memref<64xf32>)
// CMPT-NEXT: affine.for %[[T:.*]] = 0 to 63 step 12 {
// CMPT-NEXT: %[[N:.*]] = affine.apply
// CMPT-NEXT: %[[N32:.*]] = arith.index_cast %[[N]]
// CMPT-NEXT: func.call @__prem_enter_mem(%[[N32]])
// CMPT-NEXT: affine.for %[[I:.*]] = #{{.*}}(%[[T]]) to min #{{.*}}(%[[T]]) {
// CMPT-NEXT: affine.load %[[A]][%[[I]]]
// CMPT-NEXT: affine.load %[[A]][%[[I]] + 1]
// CMPT-NEXT: arith.addf
// CMPT-NEXT: affine.store {{.*}}, %[[B]][%[[I]]]
// CMPT-NEXT: }
// CMPT-NEXT: func.call @__prem_exit_mem(%[[N32]])
// CMPT-NEXT: }
// CMPT-NEXT: return
