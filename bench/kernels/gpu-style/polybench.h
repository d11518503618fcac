// Problem sizes of the GPU-style suite (polybench.cu, polybench.c): the
// PolyBench kernels written the way GPU ports of PolyBench are (issue 25),
// not in the shapes prem-llvm was built around. Each size is a macro that
// -D overrides; the kernels that take their sizes as arguments are handed
// these values by the driver.
//
// The defaults are small and deliberately not multiples of 32 (a warp) nor
// of the launch's block sizes, so that the last blocks of every grid are
// partial and the bounds guards matter: they are the sizes of the end-to-end
// tests (test/E2E/gpu-style-*.test). bench/coverage.py compiles at these
// sizes too.
#ifndef PREM_GPU_STYLE_POLYBENCH_H
#define PREM_GPU_STYLE_POLYBENCH_H

#ifndef DATA_TYPE
#define DATA_TYPE float
#endif

// gemm, 2mm, 3mm, symm, convolution-2d: NI x NK times NK x NJ, ...
#ifndef NI
#define NI 70
#endif
#ifndef NJ
#define NJ 74
#endif
#ifndef NK
#define NK 78
#endif
#ifndef NL
#define NL 82
#endif
#ifndef NM
#define NM 86
#endif

// Square kernels: mvt, gemver, gesummv, syrk, syr2k, lu, trmm, jacobi-2d,
// seidel, adi. SYRK_M: the inner dimension of syrk and syr2k.
#ifndef N
#define N 90
#endif
#ifndef SYRK_M
#define SYRK_M 66
#endif

// atax, bicg: an NX x NY matrix.
#ifndef NX
#define NX 98
#endif
#ifndef NY
#define NY 106
#endif

// covariance, correlation: CN observations of CM variables (data is CN x CM).
#ifndef CM
#define CM 66
#endif
#ifndef CN
#define CN 75
#endif

// fdtd-2d: an FDTD_NX x FDTD_NY grid, TMAX time steps.
#ifndef FDTD_NX
#define FDTD_NX 66
#endif
#ifndef FDTD_NY
#define FDTD_NY 78
#endif
#ifndef TMAX
#define TMAX 2
#endif

// doitgen: A is NR x NQ x NP, C4 is NP x NP.
#ifndef NR
#define NR 10
#endif
#ifndef NQ
#define NQ 12
#endif
#ifndef NP
#define NP 38
#endif

// heat-3d, convolution-3d: an N3 x N3 x N3 grid.
#ifndef N3
#define N3 20
#endif

// jacobi-1d: N1 points.
#ifndef N1
#define N1 300
#endif

// Time steps of the stencils (jacobi, heat-3d, seidel, adi), and the
// pivots lu runs (lu-like: the first LU_STEPS steps of the elimination).
#ifndef TSTEPS
#define TSTEPS 2
#endif
#ifndef LU_STEPS
#define LU_STEPS 3
#endif

#endif
