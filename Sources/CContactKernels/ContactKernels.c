/* The contact kernels (see include/CContactKernels.h): the body in ContactKernelBody.h, included once per width. */
#include "CContactKernels.h"
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>

/* Nothing here may fuse a multiply and an add (the Swift kernel never does): this file is compiled with
   -ffp-contract=off, and no function is built for a target with FMA. */

/* The solver bodies' velocity and motion rows of one side of a quad (or two), as lanes: the same at every width,
   over the width's GATHER_ROWS. */
#define GATHER_VELOCITY(q0, q1, side, bodies, vx, vy, w)                                                           \
  do {                                                                                                             \
    V unused_;                                                                                                     \
    GATHER_ROWS(q0, q1, side, bodies, velocity, vx, vy, w, unused_);                                               \
    (void)unused_;                                                                                                 \
  } while (0)
#define GATHER_MOTION(q0, q1, side, bodies, dpx, dpy, qc, qs) GATHER_ROWS(q0, q1, side, bodies, motion, dpx, dpy, qc, qs)

/* Runs RUN(kernel, useBias) with the kernel for quads of `kind` and the bias as a constant, so the loop RUN makes
   holds no branch on either. */
#define SOLVE_BY_KIND(RUN)                                                                                         \
  do {                                                                                                             \
    switch (kind) {                                                                                                \
    case LUADYN_QUADS_BLOCK:                                                                                       \
      if (useBias) RUN(solveBlock, 1); else RUN(solveBlock, 0);                                                    \
      break;                                                                                                       \
    case LUADYN_QUADS_TWO_POINTS:                                                                                  \
      if (useBias) RUN(solveTwo, 1); else RUN(solveTwo, 0);                                                        \
      break;                                                                                                       \
    default:                                                                                                       \
      if (useBias) RUN(solveOne, 1); else RUN(solveOne, 0);                                                        \
      break;                                                                                                       \
    }                                                                                                              \
  } while (0)

/* ---- Four lanes, SSE2: one quad at a time; q1 is ignored. ---- */
#define GE _mm_cmpge_ps
#define GT _mm_cmpgt_ps
#define LT _mm_cmplt_ps
#define SEL(m, a, b) _mm_or_ps(_mm_and_ps((m), (a)), _mm_andnot_ps((m), (b)))
#include "FourLanes.h"
#define NAME(x) x##_sse2
#include "ContactKernelBody.h"
#include "KernelMacrosEnd.h"

#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)

/* ---- Four lanes with AVX encodings, for the last quad of an odd run in the eight-lane passes. ---- */
#define GE(a, b) _mm_cmp_ps((a), (b), _CMP_GE_OQ)
#define GT(a, b) _mm_cmp_ps((a), (b), _CMP_GT_OQ)
#define LT(a, b) _mm_cmp_ps((a), (b), _CMP_LT_OQ)
#define SEL(m, a, b) _mm_blendv_ps((b), (a), (m))
#include "FourLanes.h"
#define NAME(x) x##_avx2quad
#include "ContactKernelBody.h"
#include "KernelMacrosEnd.h"

/* ---- Eight lanes, AVX2: quad q0 in the low four, quad q1 in the high four. ---- */
#define V __m256
#define ADD _mm256_add_ps
#define SUB _mm256_sub_ps
#define MUL _mm256_mul_ps
#define DIV _mm256_div_ps
#define NEG(x) _mm256_xor_ps((x), _mm256_set1_ps(-0.0f))
#define SPLAT _mm256_set1_ps
#define ZERO _mm256_setzero_ps()
#define GE(a, b) _mm256_cmp_ps((a), (b), _CMP_GE_OQ)
#define GT(a, b) _mm256_cmp_ps((a), (b), _CMP_GT_OQ)
#define LT(a, b) _mm256_cmp_ps((a), (b), _CMP_LT_OQ)
#define AND _mm256_and_ps
#define XOR _mm256_xor_ps
#define NOT(m) _mm256_xor_ps((m), _mm256_castsi256_ps(_mm256_set1_epi32(-1)))
#define SEL(m, a, b) _mm256_blendv_ps((b), (a), (m))
#define PAIR(lo, hi) _mm256_insertf128_ps(_mm256_castps128_ps256(lo), (hi), 1)
#define LOAD(q0, q1, field) PAIR(_mm_load_ps((q0)->field), _mm_load_ps((q1)->field))
#define STORE(q0, q1, field, v)                                                                                    \
  do {                                                                                                             \
    V v_ = (v);                                                                                                    \
    _mm_store_ps((q0)->field, _mm256_castps256_ps128(v_));                                                         \
    _mm_store_ps((q1)->field, _mm256_extractf128_ps(v_, 1));                                                       \
  } while (0)
/* The four-by-four transpose in each half: lanes 0-3 from q0's rows, 4-7 from q1's. */
#define TRANSPOSE_ROWS(r0, r1, r2, r3, c0, c1, c2, c3)                                                              \
  do {                                                                                                             \
    V t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpacklo_ps(r2, r3);                                            \
    V t2 = _mm256_unpackhi_ps(r0, r1), t3 = _mm256_unpackhi_ps(r2, r3);                                            \
    c0 = _mm256_shuffle_ps(t0, t1, 0x44); c1 = _mm256_shuffle_ps(t0, t1, 0xEE);                                    \
    c2 = _mm256_shuffle_ps(t2, t3, 0x44); c3 = _mm256_shuffle_ps(t2, t3, 0xEE);                                    \
  } while (0)
#define ROW(q0, q1, side, k, bodies, part)                                                                         \
  PAIR(_mm_load_ps(bodies[(q0)->side[k]].part), _mm_load_ps(bodies[(q1)->side[k]].part))
#define GATHER_ROWS(q0, q1, side, bodies, part, c0, c1, c2, c3)                                                    \
  do {                                                                                                             \
    V r0 = ROW(q0, q1, side, 0, bodies, part), r1 = ROW(q0, q1, side, 1, bodies, part);                            \
    V r2 = ROW(q0, q1, side, 2, bodies, part), r3 = ROW(q0, q1, side, 3, bodies, part);                            \
    TRANSPOSE_ROWS(r0, r1, r2, r3, c0, c1, c2, c3);                                                                \
  } while (0)
/* q1's bodies first, then q0's, each quad's last lane first: the two quads share no moving body, so this is what
   storing q0's and then q1's gives. */
#define STORE_VELOCITY(q0, q1, side, bodies, vx, vy, w)                                                            \
  do {                                                                                                             \
    V r0, r1, r2, r3;                                                                                              \
    TRANSPOSE_ROWS(vx, vy, w, ZERO, r0, r1, r2, r3);                                                               \
    _mm_store_ps(bodies[(q1)->side[3]].velocity, _mm256_extractf128_ps(r3, 1));                                    \
    _mm_store_ps(bodies[(q1)->side[2]].velocity, _mm256_extractf128_ps(r2, 1));                                    \
    _mm_store_ps(bodies[(q1)->side[1]].velocity, _mm256_extractf128_ps(r1, 1));                                    \
    _mm_store_ps(bodies[(q1)->side[0]].velocity, _mm256_extractf128_ps(r0, 1));                                    \
    _mm_store_ps(bodies[(q0)->side[3]].velocity, _mm256_castps256_ps128(r3));                                      \
    _mm_store_ps(bodies[(q0)->side[2]].velocity, _mm256_castps256_ps128(r2));                                      \
    _mm_store_ps(bodies[(q0)->side[1]].velocity, _mm256_castps256_ps128(r1));                                      \
    _mm_store_ps(bodies[(q0)->side[0]].velocity, _mm256_castps256_ps128(r0));                                      \
  } while (0)
#define NAME(x) x##_avx2
#include "ContactKernelBody.h"
#undef NAME

/* The eight-lane passes: pairs of quads, then the last quad of an odd run in four lanes. */
static inline __attribute__((always_inline)) void warmStartRun_avx2(LuadynWideContact *quads, intptr_t count,
                                                                  LuadynSolverBody *bodies, int points) {
  intptr_t i = 0;
  for (; i + 2 <= count; i += 2) warmStart_avx2(quads + i, quads + i + 1, bodies, points);
  if (i < count) warmStart_avx2quad(quads + i, quads + i, bodies, points);
}

void luadyn_warm_start_avx2(LuadynWideContact *quads, intptr_t count, LuadynSolverBody *bodies, int kind) {
  if (kind == LUADYN_QUADS_ONE_POINT) {
    warmStartRun_avx2(quads, count, bodies, 1);
  } else {
    warmStartRun_avx2(quads, count, bodies, 2);
  }
}

void luadyn_warm_start_groups_avx2(LuadynWideContact *quads, const LuadynLaneGroup *groups, intptr_t groupCount,
                                   LuadynSolverBody *bodies) {
  for (intptr_t g = 0; g < groupCount; g++) {
    LuadynWideContact *q = quads + groups[g].quadStart;
    intptr_t two = (intptr_t)groups[g].blockQuads + groups[g].twoPointQuads;
    /* Block-solved quads warm start both points, like other two-point quads. */
    warmStartRun_avx2(q, two, bodies, 2);
    warmStartRun_avx2(q + two, groups[g].onePointQuads, bodies, 1);
  }
}

/* A run of `count` quads from `quads`, with `kernel`. */
#define SOLVE_RUN(kernel, quads, count, useBias)                                                                   \
  do {                                                                                                             \
    LuadynWideContact *q_ = (quads);                                                                               \
    intptr_t n_ = (count), k_ = 0;                                                                                 \
    for (; k_ + 2 <= n_; k_ += 2) kernel##_avx2(q_ + k_, q_ + k_ + 1, bodies, h8, floor8, useBias);                \
    if (k_ < n_) kernel##_avx2quad(q_ + k_, q_ + k_, bodies, h4, floor4, useBias);                                 \
  } while (0)

static inline __attribute__((always_inline)) void solveGroups_avx2(LuadynWideContact *quads,
                                                                 const LuadynLaneGroup *groups, intptr_t groupCount,
                                                                 LuadynSolverBody *bodies, float inverseH,
                                                                 float pushFloor, int useBias) {
  __m256 h8 = _mm256_set1_ps(inverseH), floor8 = _mm256_set1_ps(pushFloor);
  __m128 h4 = _mm_set1_ps(inverseH), floor4 = _mm_set1_ps(pushFloor);
  for (intptr_t g = 0; g < groupCount; g++) {
    LuadynWideContact *q = quads + groups[g].quadStart;
    intptr_t block = groups[g].blockQuads, two = groups[g].twoPointQuads;
    SOLVE_RUN(solveBlock, q, block, useBias);
    SOLVE_RUN(solveTwo, q + block, two, useBias);
    SOLVE_RUN(solveOne, q + block + two, groups[g].onePointQuads, useBias);
  }
}

/* All `count` quads are of one kind: one run. */
void luadyn_solve_avx2(LuadynWideContact *quads, intptr_t count, LuadynSolverBody *bodies, int kind,
                       float inverseH, float pushFloor, int useBias) {
  __m256 h8 = _mm256_set1_ps(inverseH), floor8 = _mm256_set1_ps(pushFloor);
  __m128 h4 = _mm_set1_ps(inverseH), floor4 = _mm_set1_ps(pushFloor);
#define SOLVE_ALL(kernel, useBias) SOLVE_RUN(kernel, quads, count, useBias)
  SOLVE_BY_KIND(SOLVE_ALL);
#undef SOLVE_ALL
}

void luadyn_solve_groups_avx2(LuadynWideContact *quads, const LuadynLaneGroup *groups, intptr_t groupCount,
                              LuadynSolverBody *bodies, float inverseH, float pushFloor, int useBias) {
  if (useBias) {
    solveGroups_avx2(quads, groups, groupCount, bodies, inverseH, pushFloor, 1);
  } else {
    solveGroups_avx2(quads, groups, groupCount, bodies, inverseH, pushFloor, 0);
  }
}
#undef SOLVE_RUN

#pragma clang attribute pop

/* The four-lane passes: one quad after another. */
void luadyn_warm_start_sse2(LuadynWideContact *quads, intptr_t count, LuadynSolverBody *bodies, int kind) {
  if (kind == LUADYN_QUADS_ONE_POINT) {
    for (intptr_t i = 0; i < count; i++) warmStart_sse2(quads + i, quads + i, bodies, 1);
  } else {
    for (intptr_t i = 0; i < count; i++) warmStart_sse2(quads + i, quads + i, bodies, 2);
  }
}

#define SOLVE_LOOP(kernel, useBias)                                                                                \
  for (intptr_t i = 0; i < count; i++) kernel##_sse2(quads + i, quads + i, bodies, h4, floor4, useBias)

void luadyn_solve_sse2(LuadynWideContact *quads, intptr_t count, LuadynSolverBody *bodies, int kind,
                       float inverseH, float pushFloor, int useBias) {
  __m128 h4 = _mm_set1_ps(inverseH), floor4 = _mm_set1_ps(pushFloor);
  SOLVE_BY_KIND(SOLVE_LOOP);
}
#undef SOLVE_LOOP

int luadyn_contact_kernels_supported(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") ? 2 : 1;
}

#else

/* Not x86-64: Dynamics keeps its Swift kernel and never calls these. */
int luadyn_contact_kernels_supported(void) { return 0; }
void luadyn_warm_start_sse2(LuadynWideContact *q, intptr_t n, LuadynSolverBody *b, int k) { (void)q; (void)n; (void)b; (void)k; abort(); }
void luadyn_warm_start_avx2(LuadynWideContact *q, intptr_t n, LuadynSolverBody *b, int k) { (void)q; (void)n; (void)b; (void)k; abort(); }
void luadyn_solve_sse2(LuadynWideContact *q, intptr_t n, LuadynSolverBody *b, int k, float h, float f, int u) {
  (void)q; (void)n; (void)b; (void)k; (void)h; (void)f; (void)u; abort();
}
void luadyn_solve_avx2(LuadynWideContact *q, intptr_t n, LuadynSolverBody *b, int k, float h, float f, int u) {
  (void)q; (void)n; (void)b; (void)k; (void)h; (void)f; (void)u; abort();
}
void luadyn_warm_start_groups_avx2(LuadynWideContact *q, const LuadynLaneGroup *g, intptr_t n, LuadynSolverBody *b) {
  (void)q; (void)g; (void)n; (void)b; abort();
}
void luadyn_solve_groups_avx2(LuadynWideContact *q, const LuadynLaneGroup *g, intptr_t n, LuadynSolverBody *b,
                              float h, float f, int u) {
  (void)q; (void)g; (void)n; (void)b; (void)h; (void)f; (void)u; abort();
}

#endif

int luadyn_contact_kernel_requested(void) {
  const char *name = getenv("LUADYN_CONTACT_KERNEL");
  if (name == NULL) return -1;
  if (strcmp(name, "swift") == 0) return 0;
  if (strcmp(name, "sse2") == 0) return 1;
  if (strcmp(name, "avx2") == 0) return 2;
  return -1;
}
