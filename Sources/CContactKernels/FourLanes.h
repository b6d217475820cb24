/* The macros the contact kernel body (ContactKernelBody.h) is written in, for four lanes in one 128-bit register:
   everything but the comparisons and the lane select, which the SSE2 and AVX encodings spell differently and the
   includer defines. Undefined again by KernelMacrosEnd.h. */
#define V __m128
#define ADD _mm_add_ps
#define SUB _mm_sub_ps
#define MUL _mm_mul_ps
#define DIV _mm_div_ps
#define NEG(x) _mm_xor_ps((x), _mm_set1_ps(-0.0f))
#define SPLAT _mm_set1_ps
#define ZERO _mm_setzero_ps()
#define AND _mm_and_ps
#define XOR _mm_xor_ps
#define NOT(m) _mm_xor_ps((m), _mm_castsi128_ps(_mm_set1_epi32(-1)))
#define LOAD(q0, q1, field) _mm_load_ps((q0)->field)
#define STORE(q0, q1, field, v) _mm_store_ps((q0)->field, (v))
/* Four rows of four floats, one per lane, turned into four vectors of lanes (and back). */
#define TRANSPOSE_ROWS(r0, r1, r2, r3, c0, c1, c2, c3)                                                              \
  do {                                                                                                             \
    V t0 = _mm_unpacklo_ps(r0, r1), t1 = _mm_unpacklo_ps(r2, r3);                                                  \
    V t2 = _mm_unpackhi_ps(r0, r1), t3 = _mm_unpackhi_ps(r2, r3);                                                  \
    c0 = _mm_movelh_ps(t0, t1); c1 = _mm_movehl_ps(t1, t0);                                                        \
    c2 = _mm_movelh_ps(t2, t3); c3 = _mm_movehl_ps(t3, t2);                                                        \
  } while (0)
#define GATHER_ROWS(q0, q1, side, bodies, part, c0, c1, c2, c3)                                                    \
  do {                                                                                                             \
    V r0 = _mm_load_ps(bodies[(q0)->side[0]].part), r1 = _mm_load_ps(bodies[(q0)->side[1]].part);                  \
    V r2 = _mm_load_ps(bodies[(q0)->side[2]].part), r3 = _mm_load_ps(bodies[(q0)->side[3]].part);                  \
    TRANSPOSE_ROWS(r0, r1, r2, r3, c0, c1, c2, c3);                                                                \
  } while (0)
#define STORE_VELOCITY(q0, q1, side, bodies, vx, vy, w)                                                            \
  do {                                                                                                             \
    V r0, r1, r2, r3;                                                                                              \
    TRANSPOSE_ROWS(vx, vy, w, ZERO, r0, r1, r2, r3);                                                               \
    _mm_store_ps(bodies[(q0)->side[3]].velocity, r3);                                                              \
    _mm_store_ps(bodies[(q0)->side[2]].velocity, r2);                                                              \
    _mm_store_ps(bodies[(q0)->side[1]].velocity, r1);                                                              \
    _mm_store_ps(bodies[(q0)->side[0]].velocity, r0);                                                              \
  } while (0)
