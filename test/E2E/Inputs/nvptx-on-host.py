#!/usr/bin/env python3
"""NVPTX device IR as host IR, for cuda-emu.c to run on the CPU.

  nvptx-on-host.py kernels.ll > kernels.host.ll

The target lines go (the host compiler supplies its own), kernels lose the
PTX calling convention, the special registers, the block barrier and the
block-wide or of a barrier become calls to the emulator's
emu_<register>_<dim>, emu_barrier and emu_barrier_or, and the
sm_* CPU and its PTX features go from the attributes. Shared memory stays
addrspace(3), which x86 treats as ordinary memory. Any other NVVM
intrinsic has no host form: the script says which and exits 1.

The other intrinsics of cuda-builtins.h (bench/kernels/hand-tiled/others)
become calls to cuda-emu.h too: the block barrier's count and and
(__syncthreads_count/_and), the warp barrier (__syncwarp), the shuffles
(__shfl_down_sync, shfl.sync.idx), the fences (__threadfence[_block]: a
full fence on the host) and the lane registers (laneid, lanemask.lt). A
__constant__ array becomes a writable global, for a driver to fill as
cudaMemcpyToSymbol would (x86 places a constant in read-only pages).

The inline PTX loads and stores with a cache operator that
prem-streaming-lower and prem-bypass-lower emit (ld.cs, st.cs, ld.global.cg:
performance hints only) become the plain loads and stores they stand for.

An OpenMP target region's parallel region (the function its SPMD kernel
hands to __kmpc_parallel_60, where prem-tile tiles) becomes an external
function omp_region_<name> (<name>: the function around the target
construct) for omp-gpu-emu.h to run a team's chunk with.
"""
import itertools
import re
import sys

REGISTER = re.compile(
    r"@llvm\.nvvm\.read\.ptx\.sreg\.(tid|ctaid|ntid|nctaid)\.([xyz])\b")
BARRIER = "@llvm.nvvm.barrier.cta.sync.aligned.all"
BARRIER_CALL = re.compile(r"@llvm\.nvvm\.barrier\.cta\.sync\.aligned\.all"
                          r"\(i32 (?:noundef )?\d+\)")
BARRIER_OR = "@llvm.nvvm.barrier.cta.red.or.aligned.all"
# Intrinsic -> (emulator function, its declaration). An i1 is C's _Bool:
# zero-extended both ways.
EXTRA = {
    "@llvm.nvvm.barrier.cta.red.popc.aligned.all":
        ("@emu_barrier_popc", "declare i32 @emu_barrier_popc(i32, i1 zeroext)"),
    "@llvm.nvvm.barrier.cta.red.and.aligned.all":
        ("@emu_barrier_and",
         "declare zeroext i1 @emu_barrier_and(i32, i1 zeroext)"),
    "@llvm.nvvm.bar.warp.sync":
        ("@emu_syncwarp", "declare void @emu_syncwarp(i32)"),
    "@llvm.nvvm.shfl.sync.down.f32":
        ("@emu_shfl_down_f32",
         "declare float @emu_shfl_down_f32(i32, float, i32, i32)"),
    "@llvm.nvvm.shfl.sync.down.i32":
        ("@emu_shfl_down_i32",
         "declare i32 @emu_shfl_down_i32(i32, i32, i32, i32)"),
    "@llvm.nvvm.shfl.sync.idx.i32":
        ("@emu_shfl_idx_i32",
         "declare i32 @emu_shfl_idx_i32(i32, i32, i32, i32)"),
    "@llvm.nvvm.membar.gl": ("@emu_membar", "declare void @emu_membar()"),
    "@llvm.nvvm.membar.cta": ("@emu_membar", "declare void @emu_membar()"),
    "@llvm.nvvm.read.ptx.sreg.laneid":
        ("@emu_laneid", "declare i32 @emu_laneid()"),
    "@llvm.nvvm.read.ptx.sreg.lanemask.lt":
        ("@emu_lanemask_lt", "declare i32 @emu_lanemask_lt()"),
}
EXTRA_NAME = re.compile(
    "(" + "|".join(re.escape(k) for k in EXTRA) + r")(?=\()")
CONSTANT = "addrspace(4) externally_initialized constant"
REGION = re.compile(
    r"@__omp_offloading_[0-9a-f]+_[0-9a-f]+_(\w+)_l\d+_omp_outlined_omp_outlined\b")


# %x = call T asm "...ld...", "..."(P %p) / call void asm sideeffect
# "...st... [$0], ...", "..."(P %p, T1 %v1, ...): Support/PTXAccess.cpp's forms.
PTX_LOAD = re.compile(
    r'^(\s*)(%[\w.]+) = call (.+?) asm "([^"]*\bld\.[^"]*)", "[^"]*"'
    r'\((ptr(?: addrspace\(\d+\))?) (%[\w.]+)\)( #\d+)?\s*$')
PTX_STORE = re.compile(
    r'^(\s*)call void asm sideeffect "(st\.[^"]*)", "[^"]*"'
    r'\((ptr(?: addrspace\(\d+\))?) (%[\w.]+), (.*)\)( #\d+)?\s*$')


def plain_access(line, names):
    """The plain load or store an inline PTX access stands for; None when
    line is not one."""
    m = PTX_LOAD.match(line)
    if m:
        pad, res, ty, asm, pty, ptr = m.group(1, 2, 3, 4, 5, 6)
        if ".u8 " in asm:  # a byte in a 16-bit register
            tmp = f"%prem.emu.{next(names)}"
            return (f"{pad}{tmp} = load i8, {pty} {ptr}, align 1\n"
                    f"{pad}{res} = zext i8 {tmp} to {ty}\n")
        return f"{pad}{res} = load {ty}, {pty} {ptr}, align 1\n"
    m = PTX_STORE.match(line)
    if not m:
        return None
    pad, asm, pty, ptr, values = m.group(1, 2, 3, 4, 5)
    values = [v.rsplit(" ", 1) for v in values.split(", ")]
    if len(values) == 1:
        ty, v = values[0]
        if ".u8 " in asm:
            tmp = f"%prem.emu.{next(names)}"
            return (f"{pad}{tmp} = trunc {ty} {v} to i8\n"
                    f"{pad}store i8 {tmp}, {pty} {ptr}, align 1\n")
        return f"{pad}store {ty} {v}, {pty} {ptr}, align 1\n"
    out = ""
    for k, (ty, v) in enumerate(values):
        tmp = f"%prem.emu.{next(names)}"
        out += (f"{pad}{tmp} = getelementptr {ty}, {pty} {ptr}, i64 {k}\n"
                f"{pad}store {ty} {v}, {pty} {tmp}, align 1\n")
    return out


def main():
    lines, declarations = [], set()
    sites = itertools.count(1)
    names = itertools.count(1)
    with open(sys.argv[1]) as f:
        for line in f:
            if line.startswith(("target datalayout", "target triple")):
                continue
            if line.startswith("declare") and BARRIER_OR in line:
                # (C's _Bool: zero-extended both ways.)
                declarations.add("declare zeroext i1 @emu_barrier_or(i32, "
                                 "i1 zeroext)\n")
                continue
            if line.startswith("declare") and (REGISTER.search(line) or
                                               BARRIER in line):
                m = REGISTER.search(line)
                declarations.add(
                    f"declare i32 @emu_{m.group(1)}_{m.group(2)}()\n" if m
                    else "declare void @emu_barrier(i32)\n")
                continue
            m = EXTRA_NAME.search(line)
            if line.startswith("declare") and m:
                declarations.add(EXTRA[m.group(1)][1] + "\n")
                continue
            line = EXTRA_NAME.sub(lambda m: EXTRA[m.group(1)][0], line)
            line = line.replace(CONSTANT,
                                "addrspace(4) externally_initialized global")
            line = REGISTER.sub(lambda m: f"@emu_{m.group(1)}_{m.group(2)}",
                                line)
            # Each call site of the block barrier gets its own number, so
            # that the emulator can tell threads at different barriers apart
            # (CUDA's barriers are aligned: every thread meets the same one).
            line = BARRIER_CALL.sub(
                lambda m: f"@emu_barrier(i32 {next(sites)})", line)
            line = line.replace(BARRIER, "@emu_barrier")
            line = line.replace(BARRIER_OR, "@emu_barrier_or")
            line = line.replace("ptx_kernel ", "")
            if " asm " in line and ("ld." in line or "st." in line):
                plain = plain_access(line, names)
                if plain is None:
                    sys.exit("nvptx-on-host.py: no host form for: " +
                             line.strip())
                line = plain
            if line.startswith("define internal") and REGION.search(line):
                line = line.replace("define internal", "define", 1)
            line = REGION.sub(lambda m: f"@omp_region_{m.group(1)}", line)
            line = re.sub(r' "target-(cpu|features)"="[^"]*"', "", line)
            if "llvm.nvvm." in line:
                sys.exit("nvptx-on-host.py: no host form for: " + line.strip())
            lines.append(line)
    sys.stdout.write("".join(lines) + "".join(sorted(declarations)))


if __name__ == "__main__":
    main()
