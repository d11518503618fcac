// prem-tile names every missed remark after the kind of reason (as
// LoopFuse does), so that a user can filter and count them in the remarks
// YAML; the text is the one the report gives. The inputs are the shapes of
// rejected-unchanged.c (which checks the texts and that the IR is left
// alone). Before issue 24 every one of them was named NotTiled. Where
// prem-tile tried deeper loops (Algorithm 2) the name is the deepest
// attempt's: SKIPPED_LOOP's SIMT iteration stores under a condition
// (ConditionalAccess), and its depth-1 loop has accesses outside it that
// cannot be placed.

// RUN: %omp_host_device_ir -DINDIRECT %S/rejected-unchanged.c -o %t.indirect.ll
// RUN: %opt_prem -passes=prem-tile,verify %t.indirect.ll -disable-output -pass-remarks-output=%t.indirect.yaml
// RUN: FileCheck %s --check-prefix=INDIRECT --input-file %t.indirect.yaml
// INDIRECT: --- !Missed
// INDIRECT-NEXT: Pass: prem
// INDIRECT-NEXT: Name: Indirect
// INDIRECT-NOT: NotTiled

// RUN: %omp_host_device_ir -DINDEX_WRITTEN %S/rejected-unchanged.c -o %t.index_written.ll
// RUN: %opt_prem -passes=prem-tile,verify %t.index_written.ll -disable-output -pass-remarks-output=%t.index_written.yaml
// RUN: FileCheck %s --check-prefix=INDEX_WRITTEN --input-file %t.index_written.yaml
// INDEX_WRITTEN: --- !Missed
// INDEX_WRITTEN-NEXT: Pass: prem
// INDEX_WRITTEN-NEXT: Name: Indirect
// INDEX_WRITTEN-NOT: NotTiled

// RUN: %omp_host_device_ir -DNESTED %S/rejected-unchanged.c -o %t.nested.ll
// RUN: %opt_prem -passes=prem-tile,verify %t.nested.ll -disable-output -pass-remarks-output=%t.nested.yaml
// RUN: FileCheck %s --check-prefix=NESTED --input-file %t.nested.yaml
// NESTED: --- !Missed
// NESTED-NEXT: Pass: prem
// NESTED-NEXT: Name: Indirect
// NESTED-NOT: NotTiled

// RUN: %omp_host_device_ir -DNONAFFINE %S/rejected-unchanged.c -o %t.nonaffine.ll
// RUN: %opt_prem -passes=prem-tile,verify %t.nonaffine.ll -disable-output -pass-remarks-output=%t.nonaffine.yaml
// RUN: FileCheck %s --check-prefix=NONAFFINE --input-file %t.nonaffine.yaml
// NONAFFINE: --- !Missed
// NONAFFINE-NEXT: Pass: prem
// NONAFFINE-NEXT: Name: NotExact
// NONAFFINE-NOT: NotTiled

// RUN: %omp_host_device_ir -DUNKNOWN_TRIP %S/rejected-unchanged.c -o %t.unknown_trip.ll
// RUN: %opt_prem -passes=prem-tile,verify %t.unknown_trip.ll -disable-output -pass-remarks-output=%t.unknown_trip.yaml
// RUN: FileCheck %s --check-prefix=UNKNOWN_TRIP --input-file %t.unknown_trip.yaml
// UNKNOWN_TRIP: --- !Missed
// UNKNOWN_TRIP-NEXT: Pass: prem
// UNKNOWN_TRIP-NEXT: Name: NotExact
// UNKNOWN_TRIP-NOT: NotTiled

// RUN: %omp_host_device_ir -DCALL %S/rejected-unchanged.c -o %t.call.ll
// RUN: %opt_prem -passes=prem-tile,verify %t.call.ll -disable-output -pass-remarks-output=%t.call.yaml
// RUN: FileCheck %s --check-prefix=CALL --input-file %t.call.yaml
// CALL: --- !Missed
// CALL-NEXT: Pass: prem
// CALL-NEXT: Name: NotExact
// CALL-NOT: NotTiled

// RUN: %omp_host_device_ir -DATOMIC %S/rejected-unchanged.c -o %t.atomic.ll
// RUN: %opt_prem -passes=prem-tile,verify %t.atomic.ll -disable-output -pass-remarks-output=%t.atomic.yaml
// RUN: FileCheck %s --check-prefix=ATOMIC --input-file %t.atomic.yaml
// ATOMIC: --- !Missed
// ATOMIC-NEXT: Pass: prem
// ATOMIC-NEXT: Name: NotExact
// ATOMIC-NOT: NotTiled

// RUN: %omp_host_device_ir -DVOLATILE %S/rejected-unchanged.c -o %t.volatile.ll
// RUN: %opt_prem -passes=prem-tile,verify %t.volatile.ll -disable-output -pass-remarks-output=%t.volatile.yaml
// RUN: FileCheck %s --check-prefix=VOLATILE --input-file %t.volatile.yaml
// VOLATILE: --- !Missed
// VOLATILE-NEXT: Pass: prem
// VOLATILE-NEXT: Name: NotExact
// VOLATILE-NOT: NotTiled

// RUN: %omp_host_device_ir -DHUGE %S/rejected-unchanged.c -o %t.huge.ll
// RUN: %opt_prem -passes=prem-tile,verify %t.huge.ll -disable-output -pass-remarks-output=%t.huge.yaml
// RUN: FileCheck %s --check-prefix=HUGE --input-file %t.huge.yaml
// HUGE: --- !Missed
// HUGE-NEXT: Pass: prem
// HUGE-NEXT: Name: NoFit
// HUGE-NOT: NotTiled

// RUN: %omp_host_device_ir -DDYNAMIC %S/rejected-unchanged.c -o %t.dynamic.ll
// RUN: %opt_prem -passes=prem-tile,verify %t.dynamic.ll -disable-output -pass-remarks-output=%t.dynamic.yaml
// RUN: FileCheck %s --check-prefix=DYNAMIC --input-file %t.dynamic.yaml
// DYNAMIC: --- !Missed
// DYNAMIC-NEXT: Pass: prem
// DYNAMIC-NEXT: Name: NoWorksharingLoop
// DYNAMIC-NOT: NotTiled

// RUN: %omp_host_device_ir -DCONTROL %S/rejected-unchanged.c -o %t.control.ll
// RUN: %opt_prem -passes=prem-tile,verify %t.control.ll -disable-output -pass-remarks-output=%t.control.yaml
// RUN: FileCheck %s --check-prefix=CONTROL --input-file %t.control.yaml
// CONTROL: --- !Missed
// CONTROL-NEXT: Pass: prem
// CONTROL-NEXT: Name: ControlOnLoadedData
// CONTROL-NOT: NotTiled

// RUN: %omp_host_device_ir -DGUARDED %S/rejected-unchanged.c -o %t.guarded.ll
// RUN: %opt_prem -passes=prem-tile,verify %t.guarded.ll -disable-output -pass-remarks-output=%t.guarded.yaml
// RUN: FileCheck %s --check-prefix=GUARDED --input-file %t.guarded.yaml
// GUARDED: --- !Missed
// GUARDED-NEXT: Pass: prem
// GUARDED-NEXT: Name: ConditionalAccess
// GUARDED-NOT: NotTiled

// RUN: %omp_host_device_ir -DSKIPPED_LOOP %S/rejected-unchanged.c -o %t.skipped_loop.ll
// RUN: %opt_prem -passes=prem-tile,verify %t.skipped_loop.ll -disable-output -pass-remarks-output=%t.skipped_loop.yaml
// RUN: FileCheck %s --check-prefix=SKIPPED_LOOP --input-file %t.skipped_loop.yaml
// SKIPPED_LOOP: --- !Missed
// SKIPPED_LOOP-NEXT: Pass: prem
// SKIPPED_LOOP-NEXT: Name: OutsideAccess
// SKIPPED_LOOP-NOT: NotTiled
