// Accesses under conditions inside the body (issue 25: fdtd-2d's
// if (i == 0) ... else ...), for conditions-cuda.test and
// Transforms/prem-cuda-conditions.cu. Each condition is affine in the
// thread's index and the kernel's arguments: the footprint takes it into
// the access's domain.

// a[i - 1] only where i > 0: without the condition the footprint would
// reach a[-1].
extern "C" __global__ void __launch_bounds__(32)
shift(const float *a, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (i > 0)
      b[i] = a[i - 1];
    else
      b[i] = 0;
  }
}

// fdtd-2d's first kernel in 1-D: the first element from a scalar, the
// others from a difference with their left neighbour.
extern "C" __global__ void __launch_bounds__(32)
top(const float *x, float *y, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (i == 0)
      y[i] = x[k];
    else
      y[i] = y[i] - 0.5f * (x[i] - x[i - 1]);
  }
}

// Every other element (a red-black sweep's colour): the tile writes half of
// its interval of y, and stores it element by element.
extern "C" __global__ void __launch_bounds__(32)
colour(const float *x, float *y, float *z, int n, int c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  z[i] = x[i];
  if ((i & 1) == c)
    y[i] = 2.0f * x[i];
}

// A red-black sweep in place, the colour in the guard as seidel writes it
// (if (i >= 1 && i < n - 1 && (i & 1) == c)): the colour test is no part of
// the bounds guard (half of every block fails it), so it is the accesses'
// condition. Each element of one colour reads its neighbours, of the other.
extern "C" __global__ void __launch_bounds__(32)
redblack(float *a, int n, int c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 1 && i < n - 1 && (i & 1) == c)
    a[i] = (a[i - 1] + a[i] + a[i + 1]) * (1.0f / 3.0f);
}

// Two conditions, one inside the other, and an || (clang's select).
extern "C" __global__ void __launch_bounds__(32)
window(const float *x, float *y, float *z, int n, int lo, int hi) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    z[i] = x[i];
    if (i >= lo) {
      z[i] = x[i] + 1.0f;
      if (i < hi || i == n - 1)
        y[i] = z[i] + x[i - lo];
    }
  }
}

// Not affine (i * i): refused, the kernel left as it was.
extern "C" __global__ void __launch_bounds__(32)
square(const float *x, float *y, float *z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    z[i] = 0;
    if (i * i < n)
      y[i] = x[i];
  }
}

// A product of the thread index by a large constant wraps: threads 8-15
// and 24-31 of each block see the sign bit set and store nothing. Read as a
// thread's index that does not wrap, the test held in every thread, and
// the Store phase wrote back elements nobody wrote (review finding):
// refused, the kernel left as it was.
extern "C" __global__ void __launch_bounds__(32)
wrapmul(const float *x, float *y, float *z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  z[i] = x[i];
  if ((int)(threadIdx.x * 0x10000001u) >= 0)
    y[i] = 2.0f * x[i];
}

// The global index scaled by 60000 wraps once the grid has 35792 threads
// (1119 blocks): a constant that scales a grid-wide term makes no thread's
// index, and the test is refused (review finding; the 5 blocks run here
// do not reach it, prem-cuda-conditions.cu checks the reading).
extern "C" __global__ void __launch_bounds__(32)
wrapgrid(const float *x, float *y, float *z, int n) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= (unsigned)n)
    return;
  z[g] = x[g];
  if ((int)(g * 60000u) >= 0)
    y[g] = 2.0f * x[g];
}
