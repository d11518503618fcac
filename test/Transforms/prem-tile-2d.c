// Seed 003's 2-D transfer. atax's second product reads A by columns: the
// tile of j has one column block of A, which as one byte interval spans the
// whole array (64 rows of 256 bytes) but as rows is 64 x 4 bytes per SIMT
// iteration. prem-tile makes A a 2-D slot (pitch 256, the stride of i) and
// fits 6 SIMT iterations in 2 KiB: A 64 x 24 = 1536, x 256, y 24 -> 64.
// prem-les copies A with __prem_copy_2d and finds an element of A in the
// scratchpad by its row (offset / pitch) and column (offset % pitch).
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,verify -prem-spm-bytes=2048 %t.ll -S -o - -pass-remarks=prem 2>%t.remarks | FileCheck %s --check-prefix=TILE
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=sdma -prem-spm-bytes=2048 %t.ll -S -o - | FileCheck %s --check-prefix=SDMA
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=dae -prem-spm-bytes=2048 %t.ll -S -o - | FileCheck %s --check-prefix=DAE
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-report,verify -prem-spm-bytes=2048 -prem-report=%t.json %t.ll -disable-output
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// Rows need not be the array's: a column read along a band (rows j..j+2 of
// column 63-j, elements 63j + 64i + 63) is, with the pitch of j (252
// bytes), 3 floats of rows j+1..j+3.
// RUN: %omp_host_device_ir -DBAND %s -o %t.band.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-spm-bytes=2048 %t.band.ll -S -o - | FileCheck %s --check-prefix=BAND
// BAND: call void @__prem_copy_2d(ptr %{{[0-9]+}}, i64 %prem.rowbytes, ptr %prem.begin, i64 252, i64 %prem.width, i64 %prem.rows)
// BAND: !{!"A", i1 true, i1 false, i1 false, i64 252}
// A column block written (B[i][j] for every i of the tile's columns): B is a
// 2-D slot too, and the tile writes every byte of its rectangle, so the
// Store phase is the Load phase's 2-D copy the other way.
// RUN: %omp_host_device_ir -DCOLWRITE %s -o %t.colwrite.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-spm-bytes=2048 %t.colwrite.ll -S -o - | FileCheck %s --check-prefix=COLWRITE
// COLWRITE: prem.store:
// COLWRITE-NEXT: call void @__prem_enter_mem(
// COLWRITE-NEXT: [[B:%[0-9]+]] = getelementptr i8, ptr %prem.spm, i64 %prem.slot7
// COLWRITE-NEXT: call void @__prem_copy_2d(ptr %prem.begin5, i64 256, ptr [[B]], i64 %prem.rowbytes4, i64 %prem.width3, i64 %prem.rows2)
// COLWRITE-NEXT: br label %prem.store.end
// COLWRITE: !{!"B", i1 false, i1 true, i1 true, i64 256}
// Every other column written (B[i][2j]): the rectangle holds the odd
// columns, which the tile neither writes nor loads, so B is stored element
// by element, each from its row and column of the slot.
// RUN: %omp_host_device_ir -DCOLSKIP %s -o %t.colskip.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-spm-bytes=2048 %t.colskip.ll -S -o - | FileCheck %s --check-prefix=COLSKIP
// COLSKIP: prem.store:
// COLSKIP-NEXT: call void @__prem_enter_mem(
// COLSKIP-NEXT: br label %for.cond.preheader.store
// COLSKIP: for.body.store:
// COLSKIP: %prem.row{{[0-9]+}} = udiv i64 %prem.off{{[0-9]+}}, 256
// COLSKIP: %[[V:[0-9]+]] = load float, ptr %prem.spm.addr{{[0-9]+}}, align 4
// COLSKIP-NEXT: store float %[[V]], ptr %gep{{[0-9]+}}.store, align 4
// COLSKIP: !{!"B", i1 false, i1 true, i1 false, i64 256}
// A tile whose rows make a rectangle starting before the first byte it
// reads (row j's column 5 and row j+1's column 2: row j0 from column 2
// reaches before A[j0][5], and for j0 = 0 it could be before the array)
// and ending after its last: the rectangle is clipped to the interval. The
// rows between are one 2-D copy, the first row is copied from the
// interval's first byte (prem.skip bytes in), the last up to its last byte
// (prem.cut bytes short); with one row, both.
// RUN: %omp_host_device_ir -DCORNER %s -o %t.corner.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-spm-bytes=2048 %t.corner.ll -S -o - | FileCheck %s --check-prefix=CORNER
// CORNER: %prem.skip = freeze i64
// CORNER-NEXT: %prem.cut = freeze i64
// CORNER: prem.load:
// CORNER-NEXT: call void @__prem_enter_mem(
// CORNER-NEXT: [[SPM:%[0-9]+]] = getelementptr i8, ptr %prem.spm, i64 %prem.slot{{$}}
// CORNER-NEXT: [[MANY:%[0-9]+]] = icmp ugt i64 %prem.rows, 1
// CORNER-NEXT: [[MIDDLE:%[0-9]+]] = getelementptr i8, ptr [[SPM]], i64 %prem.rowbytes
// CORNER-NEXT: [[SECOND:%[0-9]+]] = getelementptr i8, ptr %prem.begin, i64 256
// CORNER-NEXT: [[INNER:%[0-9]+]] = sub i64 %prem.rows, 2
// CORNER-NEXT: [[ROWS:%[0-9]+]] = select i1 [[MANY]], i64 [[INNER]], i64 0
// CORNER-NEXT: call void @__prem_copy_2d(ptr [[MIDDLE]], i64 %prem.rowbytes, ptr [[SECOND]], i64 256, i64 %prem.width, i64 [[ROWS]])
// CORNER-NEXT: [[LASTW:%[0-9]+]] = sub i64 %prem.width, %prem.cut
// CORNER-NEXT: [[FIRSTEND:%[0-9]+]] = select i1 [[MANY]], i64 %prem.width, i64 [[LASTW]]
// CORNER-NEXT: [[TO:%[0-9]+]] = getelementptr i8, ptr [[SPM]], i64 %prem.skip
// CORNER-NEXT: [[FROM:%[0-9]+]] = getelementptr i8, ptr %prem.begin, i64 %prem.skip
// CORNER-NEXT: [[FIRSTW:%[0-9]+]] = sub i64 [[FIRSTEND]], %prem.skip
// CORNER-NEXT: [[NONE:%[0-9]+]] = icmp eq i64 %prem.rows, 0
// CORNER-NEXT: [[FIRSTN:%[0-9]+]] = select i1 [[NONE]], i64 0, i64 [[FIRSTW]]
// CORNER-NEXT: call void @__prem_copy_1d(ptr [[TO]], ptr [[FROM]], i64 [[FIRSTN]])
// CORNER-NEXT: [[L:%[0-9]+]] = sub i64 %prem.rows, 1
// CORNER-NEXT: [[LAST:%[0-9]+]] = select i1 [[MANY]], i64 [[L]], i64 0
// CORNER-NEXT: [[LASTOFF:%[0-9]+]] = mul i64 [[LAST]], %prem.rowbytes
// CORNER-NEXT: [[LASTTO:%[0-9]+]] = getelementptr i8, ptr [[SPM]], i64 [[LASTOFF]]
// CORNER-NEXT: [[LASTSRC:%[0-9]+]] = mul i64 [[LAST]], 256
// CORNER-NEXT: [[LASTFROM:%[0-9]+]] = getelementptr i8, ptr %prem.begin, i64 [[LASTSRC]]
// CORNER-NEXT: [[LASTN:%[0-9]+]] = select i1 [[MANY]], i64 [[LASTW]], i64 0
// CORNER-NEXT: call void @__prem_copy_1d(ptr [[LASTTO]], ptr [[LASTFROM]], i64 [[LASTN]])
// CORNER-NEXT: br label %prem.execute
// CORNER: !{!"A", i1 true, i1 false, i1 false, i64 256}
// Two column reads of one array (covariance's D[k][i] and D[k][j]): as
// one rectangle they span columns i..j, nearly the whole array; each shape
// gets a 2-D slot of its own. One SIMT iteration (columns i..63 of D) does
// not fit 2 KiB, so the j loop is tiled: 6 iterations read 64 rows x 4
// bytes of column i and 64 x 24 of columns j, plus cov's 24 bytes: 256 +
// 1536 + 64 = 1856 bytes. (Before, D was one interval of the whole array
// and the loop was refused.)
// RUN: %omp_host_device_ir -DCOLUMNS %s -o %t.columns.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-spm-bytes=2048 %t.columns.ll -S -o - -pass-remarks=prem 2>%t.columns.remarks | FileCheck %s --check-prefix=COLUMNS
// RUN: FileCheck %s --check-prefix=COLUMNS-REMARK < %t.columns.remarks
// COLUMNS: icmp ule i64 %{{[0-9]+}}, 1856
// COLUMNS: prem.load:
// COLUMNS-NEXT: call void @__prem_enter_mem(
// COLUMNS-NEXT: getelementptr i8, ptr %prem.spm, i64 %prem.slot{{$}}
// COLUMNS-NEXT: call void @__prem_copy_2d(ptr %{{[0-9]+}}, i64 %prem.rowbytes, ptr %prem.begin, i64 256, i64 %prem.width, i64 %prem.rows)
// COLUMNS-NEXT: getelementptr i8, ptr %prem.spm, i64 %prem.slot7
// COLUMNS-NEXT: call void @__prem_copy_2d(ptr %{{[0-9]+}}, i64 %prem.rowbytes4, ptr %prem.begin5, i64 256, i64 %prem.width3, i64 %prem.rows2)
// COLUMNS-NEXT: br label %prem.execute
// cov's written bytes within the tile's one SIMT iteration (cov[i][j] for
// 6 values of j) have no hole: one interval copy back.
// COLUMNS: prem.store:
// COLUMNS-NEXT: call void @__prem_enter_mem(
// COLUMNS-NEXT: getelementptr i8, ptr %prem.spm, i64 %prem.slot{{[0-9]+}}
// COLUMNS-NEXT: ptrtoint ptr %prem.begin{{[0-9]+}} to i64
// COLUMNS-NEXT: ptrtoint ptr %prem.wbegin to i64
// COLUMNS-NEXT: sub i64
// COLUMNS-NEXT: getelementptr i8
// COLUMNS-NEXT: call void @__prem_copy_1d(ptr %prem.wbegin, ptr %{{[0-9]+}}, i64 %prem.wlength)
// COLUMNS-NEXT: br label %prem.store.end
// The Execute phase reads D[k][i] from the first slot, D[k][j] from the
// second, each by row and column.
// COLUMNS: %prem.row = udiv i64 %prem.off, 256
// COLUMNS-NEXT: %prem.column = urem i64 %prem.off, 256
// COLUMNS-NEXT: mul i64 %prem.row, %prem.rowbytes
// COLUMNS: load float, ptr %prem.spm.addr, align 4, {{.*}}!prem.array
// COLUMNS: %[[ROW:prem.row[0-9]+]] = udiv i64 %[[OFF:prem.off[0-9]+]], 256
// COLUMNS-NEXT: %prem.column{{[0-9]+}} = urem i64 %[[OFF]], 256
// COLUMNS-NEXT: mul i64 %[[ROW]], %prem.rowbytes4
// COLUMNS: load float, ptr %prem.spm.addr{{[0-9]+}}, align 4, {{.*}}!prem.array
// COLUMNS: !{!"D#1", i1 true, i1 false, i1 false, i64 256}
// COLUMNS-NEXT: !{!"D#2", i1 true, i1 false, i1 false, i64 256}
// COLUMNS-NEXT: !{!"cov", i1 false, i1 true, i1 true}
// COLUMNS-REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_covariance_l{{[0-9]+}}: depth-1 loop tiled, one SIMT iteration and 6 of its iterations per PREM interval
// On NVPTX the tile is a block's chunk of 8 values of i, whose j run from
// i to the last column: split, D would be 64 rows of 32 bytes plus nearly
// the whole array, so it stays one interval (16 KiB from D[0][i], and 2 KiB
// of cov's rows).
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_90 --offload-device-only -nogpulib %nvptx_feature -DCOLUMNS -DGPU -S %s -o %t.columns.s -mllvm -prem-gpu-tiles -mllvm -prem-spm-bytes=32768
// RUN: FileCheck %s --check-prefix=COLUMNS-PTX < %t.columns.s
// RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t.columns.s -o %t.columns.o %}
// COLUMNS-PTX: .shared .align 64 .b8 prem_$_spm_$___omp_offloading_{{.*}}_covariance_l{{[0-9]+}}_omp_outlined_omp_outlined[18432];
// COLUMNS-PTX-NOT: __prem_copy_2d
// COLUMNS-PTX: call.uni __prem_copy_1d,
// COLUMNS-PTX-NOT: __prem_copy_2d
#define N 64
#ifdef GPU
#define BLOCK thread_limit(8)
#else
#define BLOCK
#endif
#if defined(COLUMNS)
void covariance(float *restrict cov, const float *restrict D) {
#pragma omp target teams distribute parallel for BLOCK map(to: D[0:N*N]) map(tofrom: cov[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = i; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < N; k++)
        s += D[k * N + i] * D[k * N + j];
      cov[i * N + j] = s;
    }
}
#elif defined(BAND)
void band(float *restrict y, const float *restrict A) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N+2*N]) map(from: y[0:N])
  for (int j = 0; j < N; j++) {
    float s = 0.0f;
    for (int i = 0; i < 3; i++)
      s += A[(j + i) * N + (N - 1 - j)];
    y[j] = s;
  }
}
#elif defined(COLWRITE)
void colwrite(float *restrict B, const float *restrict A) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(tofrom: B[0:N*N])
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      B[i * N + j] = 2.0f * A[i * N + j];
}
#elif defined(COLSKIP)
void colskip(float *restrict B, const float *restrict A) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(tofrom: B[0:N*N])
  for (int j = 0; j < N / 2; j++)
    for (int i = 0; i < N; i++)
      B[i * N + 2 * j] = A[i * N + j];
}
#elif defined(CORNER)
void corner(float *restrict y, const float *restrict A) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N+N]) map(from: y[0:N])
  for (int j = 0; j < N; j++)
    y[j] = A[j * N + 5] + A[(j + 1) * N + 2];
}
#else
// On NVPTX (-prem-gpu-tiles), blocks of 8 threads: a block's chunk is 8
// columns, A's slot 64 rows of 32 bytes in shared memory, copied by the
// block's threads spread over rows and words.
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_90 --offload-device-only -nogpulib %nvptx_feature -DGPU -S %s -o %t.s -mllvm -prem-gpu-tiles -mllvm -prem-spm-bytes=4096
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t.s -o %t.sm90.o %}
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_87 --offload-device-only -nogpulib %nvptx_feature -DGPU -S %s -o %t.sm87.s -mllvm -prem-gpu-tiles -mllvm -prem-spm-bytes=4096
// RUN: %if ptxas %{ %ptxas -c -arch=sm_87 %t.sm87.s -o %t.sm87.o %}
// PTX: .shared .align 64 .b8 prem_$_spm_$___omp_offloading_{{.*}}_atax_t_l{{[0-9]+}}_omp_outlined_omp_outlined[2368];
// PTX: call.uni __prem_copy_2d,
void atax_t(float *restrict y, const float *restrict A,
            const float *restrict x) {
#pragma omp target teams distribute parallel for BLOCK map(to: A[0:N*N], x[0:N]) map(from: y[0:N])
  for (int j = 0; j < N; j++) {
    float s = 0.0f;
    for (int i = 0; i < N; i++)
      s += A[i * N + j] * x[i];
    y[j] = s;
  }
}
#endif

// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_atax_t_l{{[0-9]+}}: worksharing loop tiled, 6 SIMT iterations per PREM interval

// The tile header: A's rows [r0, r1) and columns [c0, c1) (isl's minimum
// and maximum of floor(b / 256) and b mod 256 over the tile's bytes), rows
// of c1 - c0 bytes rounded to A's 4-byte alignment in the scratchpad, the
// first byte r0 * 256 + c0, and for the alias check the bytes the rows span
// in the array.
// TILE-LABEL: prem.tile:
// TILE: %prem.rows = freeze i64 %{{[0-9]+}}, !prem.value ![[ROWS:[0-9]+]]
// TILE-NEXT: %[[W:[0-9]+]] = sub i64 %{{[0-9]+}}, %[[C0:[0-9]+]]
// TILE-NEXT: %prem.width = freeze i64 %[[W]], !prem.value ![[WIDTH:[0-9]+]]
// TILE-NEXT: %[[UP:[0-9]+]] = add i64 %prem.width, 3
// TILE-NEXT: %[[ROUND:[0-9]+]] = and i64 %[[UP]], -4
// TILE-NEXT: %prem.rowbytes = freeze i64 %[[ROUND]], !prem.value ![[ROWBYTES:[0-9]+]]
// TILE-NEXT: %[[R0P:[0-9]+]] = mul i64 %{{[0-9]+}}, 256
// TILE-NEXT: %[[FIRST:[0-9]+]] = add i64 %[[R0P]], %[[C0]]
// TILE-NEXT: %[[BEGIN:[0-9]+]] = getelementptr i8, ptr %A, i64 %[[FIRST]]
// TILE-NEXT: %[[LEN:[0-9]+]] = mul i64 %prem.rows, %prem.rowbytes
// TILE-NEXT: %[[LASTROW:[0-9]+]] = sub i64 %prem.rows, 1
// TILE-NEXT: %[[LASTROWAT:[0-9]+]] = mul i64 %[[LASTROW]], 256
// TILE-NEXT: %[[SPANLEN:[0-9]+]] = add i64 %[[LASTROWAT]], %prem.width
// TILE-NEXT: %[[NONE:[0-9]+]] = icmp eq i64 %prem.rows, 0
// TILE-NEXT: %[[SPAN:[0-9]+]] = select i1 %[[NONE]], i64 0, i64 %[[SPANLEN]]
// TILE-NEXT: %prem.begin = freeze ptr %[[BEGIN]], !prem.value
// TILE-NEXT: %prem.length = freeze i64 %[[LEN]], !prem.value
// TILE-NEXT: %prem.slot = freeze i64 0, !prem.value
// TILE: %[[ABEGIN:[0-9]+]] = ptrtoint ptr %[[BEGIN]] to i64
// TILE-NEXT: %[[AEND:[0-9]+]] = add i64 %[[ABEGIN]], %[[SPAN]]
// x: its 256-byte interval; y: the tile's 6 floats, written.
// TILE: %prem.length3 = freeze i64 256, !prem.value
// TILE: %prem.wlength = freeze i64
// y's interval must not meet A's rows (nor x).
// TILE-NEXT: %{{[0-9]+}} = icmp ule i64 %[[AEND]], %[[YBEGIN:[0-9]+]]
// TILE-NEXT: %{{[0-9]+}} = icmp ule i64 %[[YEND:[0-9]+]], %[[ABEGIN]]
// TILE: %[[USED:[0-9]+]] = icmp ule i64 %{{[0-9]+}}, 1856
// TILE-NEXT: %prem.fits = and i1 %[[USED]], %{{[0-9]+}}
// TILE-NEXT: br i1 %prem.fits, label %prem.load, label %prem.global, !prem.tile ![[TILE:[0-9]+]]
// TILE: ![[ROWS]] = !{i32 0, i32 0, !"rows"}
// TILE-NEXT: ![[WIDTH]] = !{i32 0, i32 0, !"width"}
// TILE-NEXT: ![[ROWBYTES]] = !{i32 0, i32 0, !"rowbytes"}
// TILE: ![[TILE]] = !{i32 0, i64 6, i64 1856, ![[A:[0-9]+]], ![[X:[0-9]+]], ![[Y:[0-9]+]]}
// TILE-NEXT: ![[A]] = !{!"A", i1 true, i1 false, i1 false, i64 256}
// TILE-NEXT: ![[X]] = !{!"x", i1 true, i1 false, i1 false}
// TILE-NEXT: ![[Y]] = !{!"y", i1 false, i1 true, i1 true}

// SoftDMA: A's rows by the 2-D copy (scratchpad rows rowbytes apart, array
// rows 256 apart), x by the 1-D one; in the Execute phase (the loop, first
// in the function) an element of A is at its row times rowbytes plus its
// column.
// SDMA: %prem.off = sub i64 %{{[0-9]+}}, %{{[0-9]+}}
// SDMA-NEXT: %prem.row = udiv i64 %prem.off, 256
// SDMA-NEXT: %prem.column = urem i64 %prem.off, 256
// SDMA-NEXT: %[[ROWAT:[0-9]+]] = mul i64 %prem.row, %prem.rowbytes
// SDMA-NEXT: %[[OFF:[0-9]+]] = add i64 %[[ROWAT]], %prem.column
// SDMA-NEXT: %[[INSLOT:[0-9]+]] = add i64 %prem.slot, %[[OFF]]
// SDMA-NEXT: %prem.spm.addr = getelementptr i8, ptr %prem.spm, i64 %[[INSLOT]]
// SDMA-NEXT: load float, ptr %prem.spm.addr, align 4
// SDMA-LABEL: prem.load:
// SDMA-NEXT: call void @__prem_enter_mem(i32 %prem.interval1)
// SDMA-NEXT: %[[ASPM:[0-9]+]] = getelementptr i8, ptr %prem.spm, i64 %prem.slot
// SDMA-NEXT: call void @__prem_copy_2d(ptr %[[ASPM]], i64 %prem.rowbytes, ptr %prem.begin, i64 256, i64 %prem.width, i64 %prem.rows)
// SDMA-NEXT: %[[XSPM:[0-9]+]] = getelementptr i8, ptr %prem.spm, i64 %prem.slot4
// SDMA-NEXT: call void @__prem_copy_1d(ptr %[[XSPM]], ptr %prem.begin2, i64 %prem.length3)
// SDMA-NEXT: br label %prem.execute
// SDMA-NOT: __prem_copy_2d
// SDMA: declare void @__prem_copy_2d(ptr, i64, ptr, i64, i64, i64)

// In dae, the Load phase copies each element A's loads read to the same row
// and column of the slot.
// DAE: %[[V:[0-9]+]] = load float, ptr %gep.load, align 4
// DAE-NEXT: %[[B:[0-9]+]] = ptrtoint ptr %prem.begin to i64
// DAE-NEXT: %[[P:[0-9]+]] = ptrtoint ptr %gep.load to i64
// DAE-NEXT: %prem.off = sub i64 %[[P]], %[[B]]
// DAE-NEXT: %prem.row = udiv i64 %prem.off, 256
// DAE-NEXT: %prem.column = urem i64 %prem.off, 256
// DAE-NEXT: %[[ROWAT:[0-9]+]] = mul i64 %prem.row, %prem.rowbytes
// DAE-NEXT: %[[OFF:[0-9]+]] = add i64 %[[ROWAT]], %prem.column
// DAE-NEXT: %[[INSLOT:[0-9]+]] = add i64 %prem.slot, %[[OFF]]
// DAE-NEXT: %prem.spm.addr = getelementptr i8, ptr %prem.spm, i64 %[[INSLOT]]
// DAE-NEXT: store float %[[V]], ptr %prem.spm.addr, align 4
// DAE-NOT: __prem_copy_2d

// The report: A moves 64 rows of 24 bytes per tile, every byte one the
// tile reads (an interval would have been 15 KiB).
// JSON: "interval_bytes": 1536,
// JSON-NEXT: "name": "A",
// JSON-NEXT: "pitch": 256,
// JSON-NEXT: "read": true,
// JSON-NEXT: "rows": 64,
// JSON-NEXT: "store": "none",
// JSON-NEXT: "transfer": "2d",
// JSON-NEXT: "unique_bytes": 1536,
// JSON-NEXT: "written": false
