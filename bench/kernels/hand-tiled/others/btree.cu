// bench/kernels/hand-tiled/others/btree.cu: the style imitated is Rodinia's
// (b+tree). Written for this project (a probe of its hand-tiled support,
// issue 29), not copied: the shapes are the collection's. Builds without
// CUDA's headers (-nocudainc -include test/E2E/Inputs/cuda-builtins.h). Run
// on the CPU by test/E2E/Inputs/others/btree-main.c (cuda-emu.h) in
// test/E2E/hand-tiled-others.test.
//
// Rodinia b+tree findK (one block per query, one thread per key slot,
// walking the tree with branches on keys read from global memory), and the
// same walk with each node staged through shared memory first (the branch
// then reads shared memory only). Block: ORDER threads.
#define ORDER 32
typedef struct knode {
  int location;
  int indices[ORDER + 1];
  int keys[ORDER + 1];
  bool is_leaf;
  int num_keys;
} knode;
typedef struct record { int value; } record;

extern "C" {
__global__ void findK(long height, knode *knodesD, long knodes_elem, record *recordsD,
                      long *currKnodeD, long *offsetD, int *keysD, record *ansD) {
  int thid = threadIdx.x;
  int bid = blockIdx.x;
  for (int i = 0; i < height; i++) {
    if ((knodesD[currKnodeD[bid]].keys[thid]) <= keysD[bid] &&
        (knodesD[currKnodeD[bid]].keys[thid + 1] > keysD[bid])) {
      if (knodesD[offsetD[bid]].indices[thid] < knodes_elem)
        offsetD[bid] = knodesD[offsetD[bid]].indices[thid];
    }
    __syncthreads();
    if (thid == 0) currKnodeD[bid] = offsetD[bid];
    __syncthreads();
  }
  if (knodesD[currKnodeD[bid]].keys[thid] == keysD[bid])
    ansD[bid].value = recordsD[knodesD[currKnodeD[bid]].indices[thid]].value;
}

__global__ void findK_shared(long height, const knode *knodesD, long knodes_elem,
                             const record *recordsD, const int *keysD, record *ansD) {
  __shared__ int s_keys[ORDER + 1], s_idx[ORDER + 1];
  __shared__ int s_key;
  __shared__ long s_cur;
  int thid = threadIdx.x;
  int bid = blockIdx.x;
  if (thid == 0) { s_key = keysD[bid]; s_cur = 0; }
  __syncthreads();
  for (int i = 0; i < height; i++) {
    const knode *n = &knodesD[s_cur];
    s_keys[thid] = n->keys[thid];
    s_idx[thid] = n->indices[thid];
    if (thid == 0) { s_keys[ORDER] = n->keys[ORDER]; s_idx[ORDER] = n->indices[ORDER]; }
    __syncthreads();
    long next = -1;
    if (s_keys[thid] <= s_key && s_keys[thid + 1] > s_key && s_idx[thid] < knodes_elem)
      next = s_idx[thid];
    __syncthreads();
    if (next >= 0) s_cur = next;
    __syncthreads();
  }
  const knode *n = &knodesD[s_cur];
  s_keys[thid] = n->keys[thid];
  s_idx[thid] = n->indices[thid];
  __syncthreads();
  if (s_keys[thid] == s_key)
    ansD[bid].value = recordsD[s_idx[thid]].value;
}
}
