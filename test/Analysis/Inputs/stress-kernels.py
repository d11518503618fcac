"""Turn llvm-stress output into NVPTX kernels that read their thread index.

Usage: stress-kernels.py IN.ll OUT.ll
llvm-stress writes random functions (loops, vectors, casts, selects, memory
through arguments); made kernels, they exercise the analyses on IR no front
end would write.
"""
import re
import sys

text = open(sys.argv[1]).read()
text = 'target triple = "nvptx64-nvidia-cuda"\n' + text
text = re.sub(
    r"define void @(\w+)\(([^)]*)\) \{\nBB:\n",
    lambda m: "define ptx_kernel void @%s(%s) {\nBB:\n"
    "  %%prem.tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    % (m.group(1), m.group(2)),
    text,
)
text += "\ndeclare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
open(sys.argv[2], "w").write(text)
