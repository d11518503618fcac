# -*- Python -*-
# lit configuration of prem-llvm. Substitutions:
#   %omp_host_device_ir / %omp_nvptx_device_ir / %cuda_device_ir /
#   %cuda_bare_ir (CUDA without headers; %cuda_bare: its flags)
#                 clang flags that emit the device IR of one front end
#   %prem_plugin  the plugin (.so)
#   %opt_prem     opt with the plugin loaded
#   %clang        clang 22;  %clang_prem: clang with -fpass-plugin
#   %prem_cc      the prem-cc driver of the build tree
#   %prem_guard   the GPUguard arbiter as a command (build/bin/prem-guard)
#   %ptxas        CUDA's ptxas (tests using it say REQUIRES: ptxas)
#   %cuda_path    the CUDA installation (REQUIRES: cuda)
#   %nvptx_feature  --cuda-feature=+ptx80 where no CUDA is installed
#   %cuda_stub_env  env LD_LIBRARY_PATH=... that makes libcuda.so.1 CUDA's
#                 stub library: a program linked with libprem_gpu starts
#                 and every driver call fails, as without a driver
#                 (REQUIRES: cuda-stub)
#   %mlir_prem    mlir-opt with PremMLIRPlugin.so loaded (REQUIRES: mlir);
#                 %mlir_plugin: the plugin
#   %cxx_mlir_plugin  PremMLIRPlugin.so built with clang++ (REQUIRES:
#                 mlir-plugin-clangxx; $PREM_MLIR_PLUGIN_CLANGXX)
#   %cxx_plugin   the plugin built with clang++ (REQUIRES:
#                 plugin-clangxx; $PREM_PLUGIN_CLANGXX, set by scripts/test.sh)
#   %omp_nvptx_rtl  LLVM's OpenMP device runtime for NVPTX (REQUIRES:
#                 omp-nvptx-rtl; scripts/build-omp-device-rtl.sh)
# Features: prem-gpu (libprem_gpu is built), cuda-stub, plugin-clangxx,
# mlir (PremMLIRPlugin.so is built), omp-nvptx-rtl.
import os
import shutil
import sys

import lit.formats
import lit.util

config.name = "prem-llvm"
config.test_format = lit.formats.ShTest(not lit.util.which("bash") is None)
config.suffixes = [".ll", ".c", ".cu", ".test", ".mlir"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "LibPremTest.cpp"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.prem_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
# Deterministic output whatever the caller's locale and terminal.
config.environment["LC_ALL"] = "C"
# Driver/fuzz-inputs.test: another seed, or more runs, from the caller.
for var in ("PREM_FUZZ_SEED", "PREM_FUZZ_RUNS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

config.substitutions.append(("%prem_plugin", config.prem_plugin))
config.substitutions.append(
    ("%prem_guard", os.path.join(config.prem_obj_root, "bin", "prem-guard")))
config.substitutions.append(
    ("%prem_cc", sys.executable + " " + os.path.join(config.prem_obj_root, "bin", "prem-cc")))
config.substitutions.append(("%prem_src", config.prem_src_root))
config.substitutions.append(("%prem_obj", config.prem_obj_root))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(
    ("%opt_prem", "opt -load-pass-plugin " + config.prem_plugin))
config.substitutions.append(
    ("%clang_prem", config.clang + " -fpass-plugin=" + config.prem_plugin))
# Device IR as the plugin sees it under clang: the optimisation pipeline
# starts after loop canonicalisation and before unrolling and vectorisation.
device_ir = (config.clang + " -O2 -fno-unroll-loops -fno-vectorize"
             " -fno-discard-value-names -S -emit-llvm -Wno-unknown-cuda-version")
config.substitutions.append(
    ("%omp_host_device_ir", device_ir +
     " -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu --offload-device-only"))
# Without a CUDA installation clang assumes PTX ISA 4.2, which cannot express
# sm_90 or sm_87: name a PTX version there (with CUDA, clang takes the one
# the installation supports).
has_cuda = os.path.exists(os.path.join(config.cuda_path, "include", "cuda_runtime.h"))
nvptx_feature = "" if has_cuda else " --cuda-feature=+ptx80"
config.substitutions.append(("%nvptx_feature", nvptx_feature))
config.substitutions.append(
    ("%omp_nvptx_device_ir", device_ir +
     " -fopenmp --offload-arch=sm_90 --offload-device-only -nogpulib" +
     nvptx_feature))
config.substitutions.append(
    ("%cuda_device_ir", device_ir + " -x cuda --cuda-gpu-arch=sm_90"
     " --cuda-device-only --cuda-path=" + config.cuda_path))
# CUDA kernels that include no CUDA header (the thread index through clang's
# __nvvm_read_ptx_sreg_* builtins) compile without a CUDA installation.
cuda_bare = (" -x cuda --cuda-gpu-arch=sm_90 --cuda-device-only -nocudainc"
             " -nocudalib --cuda-path=/nonexistent --cuda-feature=+ptx80")
config.substitutions.append(("%cuda_bare_ir", device_ir + cuda_bare))
config.substitutions.append(("%cuda_bare", cuda_bare))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%cuda_path", config.cuda_path))
config.substitutions.append(("%ptxas", config.ptxas or "ptxas-not-found"))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(
    ("%cuda_stub_env", "env LD_LIBRARY_PATH=" + config.cuda_stub_dir))

# The plugin built by another C++ compiler (scripts/test.sh builds it with
# clang++): host-compiler-ir.test compares the IR of the two.
plugin_clangxx = os.environ.get("PREM_PLUGIN_CLANGXX", "")
if plugin_clangxx and os.path.exists(plugin_clangxx):
    config.available_features.add("plugin-clangxx")
    config.substitutions.append(("%cxx_plugin", plugin_clangxx))
if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
if has_cuda:
    config.available_features.add("cuda")
if config.prem_have_gpu:
    config.available_features.add("prem-gpu")
if config.cuda_stub_dir and os.path.exists(
        os.path.join(config.cuda_stub_dir, "libcuda.so.1")):
    config.available_features.add("cuda-stub")

# LLVM's OpenMP device runtime for NVPTX, which Debian does not ship
# (scripts/build-omp-device-rtl.sh builds it into a cache; PREM_OMP_NVPTX_RTL
# names another directory): OpenMP NVPTX programs link with it.
omp_rtl = os.environ.get("PREM_OMP_NVPTX_RTL", "")
if not omp_rtl:
    version = lit.util.executeCommand([config.clang, "-dumpversion"])[0].strip()
    omp_rtl = "/var/cache/prem-llvm/omp-device-" + version
if os.path.exists(os.path.join(omp_rtl, "libomptarget-nvptx.bc")):
    config.available_features.add("omp-nvptx-rtl")
    config.substitutions.append(("%omp_nvptx_rtl", omp_rtl))

# The MLIR path (passes/MLIR): mlir-opt-22 with the plugin. Its passes are
# not command-line flags of mlir-opt (the plugin loads after they are
# made), so tests name them in --pass-pipeline.
if (config.prem_have_mlir and os.path.exists(config.prem_mlir_plugin) and
        shutil.which("mlir-opt", path=config.llvm_tools_dir)):
    config.available_features.add("mlir")
    config.substitutions.append(("%mlir_plugin", config.prem_mlir_plugin))
    config.substitutions.append(
        ("%mlir_prem", "mlir-opt --load-pass-plugin=" + config.prem_mlir_plugin))
    mlir_clangxx = os.environ.get("PREM_MLIR_PLUGIN_CLANGXX", "")
    if mlir_clangxx and os.path.exists(mlir_clangxx):
        config.available_features.add("mlir-plugin-clangxx")
        config.substitutions.append(("%cxx_mlir_plugin", mlir_clangxx))
