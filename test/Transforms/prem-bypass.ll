; prem-bypass and prem-bypass-lower on a CUDA kernel (NVPTX IR), one load per
; branch of the rule and per profile problem. The rule (seed 000, Eq. 3.1
; summed over a load's fills): bypass when bytes_bypassed < bytes_cached.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_prem -passes=prem-bypass -verify-each -prem-profile-use=%t/good.json -pass-remarks=prem -pass-remarks-missed=prem -S %t/k.ll -o %t/marked.ll 2> %t/remarks.txt
; RUN: FileCheck %s --check-prefix=MARK < %t/marked.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t/remarks.txt
; RUN: grep -c remark: %t/remarks.txt | FileCheck %s --check-prefix=COUNT
; RUN: %opt_prem -passes=prem-bypass,prem-bypass-lower -verify-each -prem-profile-use=%t/good.json -pass-remarks-missed=prem -S %t/k.ll -o %t/lowered.ll 2> %t/lower-remarks.txt
; RUN: FileCheck %s --check-prefix=LOWER < %t/lowered.ll
; RUN: FileCheck %s --check-prefix=LOWER-REMARK < %t/lower-remarks.txt
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 -mattr=+ptx80 %t/lowered.ll -o %t/k90.s
; RUN: FileCheck %s --check-prefix=PTX < %t/k90.s
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_87 -mattr=+ptx80 %t/lowered.ll -o %t/k87.s
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t/k90.s -o %t/k90.o %}
; RUN: %if ptxas %{ %ptxas -arch=sm_87 %t/k87.s -o %t/k87.o %}

; Without a profile, and with a stale one, the module is unchanged.
; RUN: %opt_prem -passes=prem-bypass,prem-bypass-lower -S %t/k.ll -o %t/plain.ll
; RUN: %opt_prem -passes=prem-bypass,prem-bypass-lower -prem-profile-use=%t/stale.json -S %t/k.ll -o %t/stale.ll 2> %t/stale.txt
; RUN: cmp %t/plain.ll %t/stale.ll
; RUN: FileCheck %s --check-prefix=STALE < %t/stale.txt

; On AMDGPU the bypassed load becomes an agent-scope monotonic atomic load:
; coherent at the device, it skips the CU's L1 and stays in L2 (glc on
; gfx90a, sc1 on gfx942), as ld.global.cg does. A load without debug
; location is named by its ordinal among such loads.
; RUN: %opt_prem -passes=prem-bypass,prem-bypass-lower -verify-each -prem-profile-use=%t/amdgpu.json -pass-remarks=prem -pass-remarks-missed=prem -S %t/amdgpu.ll -o %t/amdgpu-out.ll 2> %t/amdgpu.txt
; RUN: FileCheck %s --check-prefix=AMDGPU < %t/amdgpu.txt
; RUN: FileCheck %s --check-prefix=AMDGPU-IR < %t/amdgpu-out.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t/amdgpu-out.ll -o - | FileCheck %s --check-prefix=GFX90A
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t/amdgpu-out.ll -o - | FileCheck %s --check-prefix=GFX942
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t/amdgpu.ll -o - | FileCheck %s --check-prefix=GFX90A-PLAIN
; AMDGPU: remark: <unknown>:0:0: load at <no debug location> #0: U = 0.25 (lines), 0.25 (sectors), R = 0.00; caching moves 4096 bytes, bypassing 1024: bypasses the L1
; AMDGPU-IR: %v = load atomic float, ptr addrspace(1) %p syncscope("agent") monotonic, align 4{{$}}
; GFX90A: global_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}] glc{{$}}
; GFX942: global_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}] sc1{{$}}
; GFX90A-PLAIN: global_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]{{$}}

; Profiles that cannot be used are errors naming the file and the problem.
; RUN: not %opt_prem -passes=prem-bypass -prem-profile-use=%t/missing.json -disable-output %t/k.ll 2>&1 | FileCheck %s --check-prefix=MISSING
; RUN: not %opt_prem -passes=prem-bypass -prem-profile-use=%t/notjson.json -disable-output %t/k.ll 2>&1 | FileCheck %s --check-prefix=NOTJSON
; RUN: not %opt_prem -passes=prem-bypass -prem-profile-use=%t/badfield.json -disable-output %t/k.ll 2>&1 | FileCheck %s --check-prefix=BADFIELD
; RUN: not %opt_prem -passes=prem-bypass -prem-profile-use=%t/range.json -disable-output %t/k.ll 2>&1 | FileCheck %s --check-prefix=RANGE
; RUN: not %opt_prem -passes=prem-bypass -prem-profile-use=%t/version.json -disable-output %t/k.ll 2>&1 | FileCheck %s --check-prefix=VERSION
; RUN: not %opt_prem -passes=prem-bypass -prem-profile-use=%t/format.json -disable-output %t/k.ll 2>&1 | FileCheck %s --check-prefix=FORMAT
; A file nested 100 000 deep is refused before it is parsed (the JSON
; parser recurses once per level: it overflowed the stack).
; RUN: %python -c "print('[' * 100000)" > %t/deep.json
; RUN: not %opt_prem -passes=prem-bypass -prem-profile-use=%t/deep.json -disable-output %t/k.ll 2>&1 | FileCheck %s --check-prefix=DEEP

; MARK-LABEL: define ptx_kernel void @k(
; MARK: %v.in = load float, ptr %p.in, align 4, !dbg !{{[0-9]+}}, !prem.bypass ![[M:[0-9]+]]
; MARK-NEXT: %v.w = load float, ptr %w, align 4, !dbg !{{[0-9]+}}{{$}}
; MARK: %v.dd = load double, ptr %p.dd, align 8, !dbg !{{[0-9]+}}{{$}}
; MARK: %v.cc = load i8, ptr %p.cc, align 1, !dbg !{{[0-9]+}}, !prem.bypass ![[M]]
; MARK: %v.pp = load ptr, ptr %p.pp, align 8, !dbg !{{[0-9]+}}, !prem.bypass ![[M]]
; MARK-NEXT: %v.pq = load float, ptr %v.pp, align 4, !dbg !{{[0-9]+}}{{$}}
; MARK: %v.g = load float, ptr addrspace(1) %p.g, align 4, !dbg !{{[0-9]+}}, !prem.bypass ![[M]]
; MARK-NEXT: %v.h = load <2 x float>, ptr addrspace(1) %p.g, align 8, !dbg !{{[0-9]+}}, !prem.bypass ![[M]]
; MARK-NEXT: %v.x = load float, ptr %w, align 4, !dbg !{{[0-9]+}}{{$}}
; MARK-LABEL: define ptx_kernel void @other(
; MARK: %v = load float, ptr %p.in, align 4{{$}}
; MARK: ![[M]] = !{}

; REMARK: bypass.cu:5:12: load at bypass.cu:5:12 #0: U = 0.06 (lines), 0.12 (sectors), R = 0.00; caching moves 16384 bytes, bypassing 8192: bypasses the L1
; REMARK: bypass.cu:5:22: load at bypass.cu:5:22 #0: U = 0.03 (lines), 0.12 (sectors), R = 1023.00; caching moves 128 bytes, bypassing 32768: keeps the L1
; REMARK: bypass.cu:6:12: load at bypass.cu:6:12 #0: U = 1.00 (lines), 1.00 (sectors), R = 0.00; caching moves 8192 bytes, bypassing 8192: keeps the L1
; REMARK: bypass.cu:7:12: load at bypass.cu:7:12 #0: {{.*}}: bypasses the L1
; REMARK: bypass.cu:8:12: load at bypass.cu:8:12 #0: {{.*}}: bypasses the L1
; REMARK: bypass.cu:8:12: load at bypass.cu:8:12 #1 reads another size than the profiled one: it keeps the L1
; REMARK: bypass.cu:9:12: load at bypass.cu:9:12 #0: {{.*}}: bypasses the L1
; REMARK: bypass.cu:10:12: load at bypass.cu:10:12 #0: {{.*}}: bypasses the L1
; REMARK: bypass.cu:11:12: load at bypass.cu:11:12 #0 has no profile data: it keeps the L1
; REMARK: remark: <unknown>:0:0: kernel other has no entry in '{{.*}}good.json': its loads keep the L1
; COUNT: 10

; A generic pointer is tested for the global space; an addrspace(1) one is
; loaded directly; 8-bit loads go through a 16-bit register.
; LOWER-LABEL: define ptx_kernel void @k(
; LOWER: %v.in.cg = call float asm "{ .reg .pred %prem_global; isspacep.global %prem_global, $1; @%prem_global ld.global.cg.f32 $0, [$1]; @!%prem_global ld.f32 $0, [$1]; }", "=f,l"(ptr %p.in) #[[RO:[0-9]+]]
; LOWER-NEXT: %v.w = load float, ptr %w
; LOWER: %v.dd = load double, ptr %p.dd
; LOWER: %v.cc.cg = call i16 asm "{{.*}}ld.global.cg.u8 $0, [$1];{{.*}}", "=h,l"(ptr %p.cc) #[[RO]]
; LOWER-NEXT: %0 = trunc i16 %v.cc.cg to i8
; LOWER: %v.pp.cg = call i64 asm "{{.*}}ld.global.cg.b64 $0, [$1];{{.*}}", "=l,l"(ptr %p.pp) #[[RO]]
; LOWER-NEXT: %1 = inttoptr i64 %v.pp.cg to ptr
; LOWER-NEXT: %v.pq = load float, ptr %1
; LOWER: %v.g.cg = call float asm "ld.global.cg.f32 $0, [$1];", "=f,l"(ptr addrspace(1) %p.g) #[[RO]]
; LOWER-NEXT: %v.h = load <2 x float>, ptr addrspace(1) %p.g, align 8, !dbg !{{[0-9]+}}{{$}}
; LOWER-NOT: prem.bypass
; LOWER: attributes #[[RO]] = { nounwind memory(read) }
; LOWER-REMARK: bypass.cu:10:12: no ld.global.cg form for a load of <2 x float>: it keeps the L1

; PTX: isspacep.global %prem_global, %rd{{[0-9]+}}; @%prem_global ld.global.cg.f32 %r{{[0-9]+}}, [%rd{{[0-9]+}}]; @!%prem_global ld.f32
; PTX: ld.global.cg.u8 %rs{{[0-9]+}}
; PTX: ld.global.cg.b64 %rd{{[0-9]+}}
; PTX: ld.global.cg.f32 %r{{[0-9]+}}, [%rd{{[0-9]+}}];

; STALE: warning: prem: the load profile '{{.*}}stale.json' is stale for kernel k (its loads hash to 6a901f1d9344e410, the profile's to 0123456789abcdef); no load of the kernel is bypassed
; MISSING: error: prem: cannot read the load profile '{{.*}}missing.json': No such file or directory
; NOTJSON: error: prem: the load profile '{{.*}}notjson.json' is not JSON: [1:11, byte=11]: Expected : after object key
; DEEP: error: prem: the load profile '{{.*}}deep.json' nests arrays and objects more than 64 levels deep (line 1): not a load profile
; BADFIELD: error: prem: the load profile '{{.*}}badfield.json' is malformed: expected integer at profile.kernels[0].loads[0].bytes_cached
; RANGE: error: prem: the load profile '{{.*}}range.json' is malformed: expected a number in [0, 1] at profile.kernels[0].loads[0].utilization_line
; VERSION: error: prem: the load profile '{{.*}}version.json' is malformed: this plugin reads version 1 at profile.version
; FORMAT: error: prem: the load profile '{{.*}}format.json' is malformed: expected "prem-load-profile" at profile.format

;--- k.ll
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %in, ptr %w, ptr %dd, ptr %cc, ptr %pp, ptr addrspace(1) %g, ptr %out) !dbg !5 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %i64 = sext i32 %i to i64
  %i2 = shl i64 %i64, 1
  %p.in = getelementptr inbounds float, ptr %in, i64 %i2
  %v.in = load float, ptr %p.in, align 4, !dbg !10
  %v.w = load float, ptr %w, align 4, !dbg !11
  %p.dd = getelementptr inbounds double, ptr %dd, i64 %i64
  %v.dd = load double, ptr %p.dd, align 8, !dbg !12
  %p.cc = getelementptr inbounds i8, ptr %cc, i64 %i64
  %v.cc = load i8, ptr %p.cc, align 1, !dbg !13
  %p.pp = getelementptr inbounds ptr, ptr %pp, i64 %i64
  %v.pp = load ptr, ptr %p.pp, align 8, !dbg !14
  %v.pq = load float, ptr %v.pp, align 4, !dbg !14
  %p.g = getelementptr inbounds float, ptr addrspace(1) %g, i64 %i64
  %v.g = load float, ptr addrspace(1) %p.g, align 4, !dbg !15
  %v.h = load <2 x float>, ptr addrspace(1) %p.g, align 8, !dbg !16
  %v.x = load float, ptr %w, align 4, !dbg !17
  %h0 = extractelement <2 x float> %v.h, i32 0
  %s1 = fadd float %v.in, %v.w
  %dd.f = fptrunc double %v.dd to float
  %s2 = fadd float %s1, %dd.f
  %cc.f = sitofp i8 %v.cc to float
  %s3 = fadd float %s2, %cc.f
  %s4 = fadd float %s3, %v.pq
  %s5 = fadd float %s4, %v.g
  %s6 = fadd float %s5, %h0
  %s7 = fadd float %s6, %v.x
  %p.out = getelementptr inbounds float, ptr %out, i64 %i64
  store float %s7, ptr %p.out, align 4
  ret void
}

; Not in the profile.
define ptx_kernel void @other(ptr %in, ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i64 = zext i32 %tid to i64
  %p.in = getelementptr inbounds float, ptr %in, i64 %i64
  %v = load float, ptr %p.in, align 4
  %p.out = getelementptr inbounds float, ptr %out, i64 %i64
  store float %v, ptr %p.out, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "bypass.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !{})
!10 = !DILocation(line: 5, column: 12, scope: !5)
!11 = !DILocation(line: 5, column: 22, scope: !5)
!12 = !DILocation(line: 6, column: 12, scope: !5)
!13 = !DILocation(line: 7, column: 12, scope: !5)
!14 = !DILocation(line: 8, column: 12, scope: !5)
!15 = !DILocation(line: 9, column: 12, scope: !5)
!16 = !DILocation(line: 10, column: 12, scope: !5)
!17 = !DILocation(line: 11, column: 12, scope: !5)

;--- good.json
{"format": "prem-load-profile", "version": 1, "kernels": [{"name": "k", "shape_hash": "6a901f1d9344e410", "loads": [
  {"file": "bypass.cu", "line": 5, "column": 12, "ordinal": 0, "bytes": 4, "utilization_line": 0.0625, "utilization_sector": 0.125, "reuse": 0, "bytes_cached": 16384, "bytes_bypassed": 8192},
  {"file": "bypass.cu", "line": 5, "column": 22, "ordinal": 0, "bytes": 4, "utilization_line": 0.03125, "utilization_sector": 0.125, "reuse": 1023, "bytes_cached": 128, "bytes_bypassed": 32768},
  {"file": "bypass.cu", "line": 6, "column": 12, "ordinal": 0, "bytes": 8, "utilization_line": 1, "utilization_sector": 1, "reuse": 0, "bytes_cached": 8192, "bytes_bypassed": 8192},
  {"file": "bypass.cu", "line": 7, "column": 12, "ordinal": 0, "bytes": 1, "utilization_line": 0.25, "utilization_sector": 1, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 1024},
  {"file": "bypass.cu", "line": 8, "column": 12, "ordinal": 0, "bytes": 8, "utilization_line": 1, "utilization_sector": 1, "reuse": 0.5, "bytes_cached": 8192, "bytes_bypassed": 4096},
  {"file": "bypass.cu", "line": 8, "column": 12, "ordinal": 1, "bytes": 8, "utilization_line": 0.5, "utilization_sector": 0.5, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 2048},
  {"file": "bypass.cu", "line": 9, "column": 12, "ordinal": 0, "bytes": 4, "utilization_line": 0.5, "utilization_sector": 0.5, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 2048},
  {"file": "bypass.cu", "line": 10, "column": 12, "ordinal": 0, "bytes": 8, "utilization_line": 0.5, "utilization_sector": 0.5, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 2048}]}]}

;--- stale.json
{"format": "prem-load-profile", "version": 1, "kernels": [{"name": "k", "shape_hash": "0123456789abcdef", "loads": [
  {"file": "bypass.cu", "line": 5, "column": 12, "ordinal": 0, "bytes": 4, "utilization_line": 0.0625, "utilization_sector": 0.125, "reuse": 0, "bytes_cached": 16384, "bytes_bypassed": 8192},
  {"file": "bypass.cu", "line": 5, "column": 22, "ordinal": 0, "bytes": 4, "utilization_line": 0.03125, "utilization_sector": 0.125, "reuse": 1023, "bytes_cached": 128, "bytes_bypassed": 32768},
  {"file": "bypass.cu", "line": 6, "column": 12, "ordinal": 0, "bytes": 8, "utilization_line": 1, "utilization_sector": 1, "reuse": 0, "bytes_cached": 8192, "bytes_bypassed": 8192},
  {"file": "bypass.cu", "line": 7, "column": 12, "ordinal": 0, "bytes": 1, "utilization_line": 0.25, "utilization_sector": 1, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 1024},
  {"file": "bypass.cu", "line": 8, "column": 12, "ordinal": 0, "bytes": 8, "utilization_line": 1, "utilization_sector": 1, "reuse": 0.5, "bytes_cached": 8192, "bytes_bypassed": 4096},
  {"file": "bypass.cu", "line": 8, "column": 12, "ordinal": 1, "bytes": 8, "utilization_line": 0.5, "utilization_sector": 0.5, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 2048},
  {"file": "bypass.cu", "line": 9, "column": 12, "ordinal": 0, "bytes": 4, "utilization_line": 0.5, "utilization_sector": 0.5, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 2048},
  {"file": "bypass.cu", "line": 10, "column": 12, "ordinal": 0, "bytes": 8, "utilization_line": 0.5, "utilization_sector": 0.5, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 2048}]}]}

;--- notjson.json
{"format" "prem-load-profile"}
;--- badfield.json
{"format": "prem-load-profile", "version": 1, "kernels": [{"name": "k", "shape_hash": "6a901f1d9344e410", "loads": [
  {"file": "bypass.cu", "line": 5, "column": 12, "ordinal": 0, "bytes": 4, "utilization_line": 0.0625, "utilization_sector": 0.125, "reuse": 0, "bytes_cached": "many", "bytes_bypassed": 8192},
  {"file": "bypass.cu", "line": 5, "column": 22, "ordinal": 0, "bytes": 4, "utilization_line": 0.03125, "utilization_sector": 0.125, "reuse": 1023, "bytes_cached": 128, "bytes_bypassed": 32768},
  {"file": "bypass.cu", "line": 6, "column": 12, "ordinal": 0, "bytes": 8, "utilization_line": 1, "utilization_sector": 1, "reuse": 0, "bytes_cached": 8192, "bytes_bypassed": 8192},
  {"file": "bypass.cu", "line": 7, "column": 12, "ordinal": 0, "bytes": 1, "utilization_line": 0.25, "utilization_sector": 1, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 1024},
  {"file": "bypass.cu", "line": 8, "column": 12, "ordinal": 0, "bytes": 8, "utilization_line": 1, "utilization_sector": 1, "reuse": 0.5, "bytes_cached": 8192, "bytes_bypassed": 4096},
  {"file": "bypass.cu", "line": 8, "column": 12, "ordinal": 1, "bytes": 8, "utilization_line": 0.5, "utilization_sector": 0.5, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 2048},
  {"file": "bypass.cu", "line": 9, "column": 12, "ordinal": 0, "bytes": 4, "utilization_line": 0.5, "utilization_sector": 0.5, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 2048},
  {"file": "bypass.cu", "line": 10, "column": 12, "ordinal": 0, "bytes": 8, "utilization_line": 0.5, "utilization_sector": 0.5, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 2048}]}]}

;--- range.json
{"format": "prem-load-profile", "version": 1, "kernels": [{"name": "k", "shape_hash": "6a901f1d9344e410", "loads": [
  {"file": "bypass.cu", "line": 5, "column": 12, "ordinal": 0, "bytes": 4, "utilization_line": 1.5, "utilization_sector": 0.125, "reuse": 0, "bytes_cached": 16384, "bytes_bypassed": 8192},
  {"file": "bypass.cu", "line": 5, "column": 22, "ordinal": 0, "bytes": 4, "utilization_line": 0.03125, "utilization_sector": 0.125, "reuse": 1023, "bytes_cached": 128, "bytes_bypassed": 32768},
  {"file": "bypass.cu", "line": 6, "column": 12, "ordinal": 0, "bytes": 8, "utilization_line": 1, "utilization_sector": 1, "reuse": 0, "bytes_cached": 8192, "bytes_bypassed": 8192},
  {"file": "bypass.cu", "line": 7, "column": 12, "ordinal": 0, "bytes": 1, "utilization_line": 0.25, "utilization_sector": 1, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 1024},
  {"file": "bypass.cu", "line": 8, "column": 12, "ordinal": 0, "bytes": 8, "utilization_line": 1, "utilization_sector": 1, "reuse": 0.5, "bytes_cached": 8192, "bytes_bypassed": 4096},
  {"file": "bypass.cu", "line": 8, "column": 12, "ordinal": 1, "bytes": 8, "utilization_line": 0.5, "utilization_sector": 0.5, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 2048},
  {"file": "bypass.cu", "line": 9, "column": 12, "ordinal": 0, "bytes": 4, "utilization_line": 0.5, "utilization_sector": 0.5, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 2048},
  {"file": "bypass.cu", "line": 10, "column": 12, "ordinal": 0, "bytes": 8, "utilization_line": 0.5, "utilization_sector": 0.5, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 2048}]}]}

;--- version.json
{"format": "prem-load-profile", "version": 2, "kernels": []}
;--- format.json
{"format": "llvm-profdata", "version": 1, "kernels": []}
;--- amdgpu.ll
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ak(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %i = zext i32 %tid to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i
  %v = load float, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  store float %v, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
;--- amdgpu.json
{"format": "prem-load-profile", "version": 1, "kernels": [{"name": "ak", "shape_hash": "17e5fc330bbed168", "loads": [
  {"file": "", "line": 0, "column": 0, "ordinal": 0, "bytes": 4, "utilization_line": 0.25, "utilization_sector": 0.25, "reuse": 0, "bytes_cached": 4096, "bytes_bypassed": 1024}]}]}
