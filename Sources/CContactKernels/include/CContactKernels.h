/*
 * The contact solve's hot passes (warm start, solve, relax) over quads of contact constraints, in C with x86 vector
 * intrinsics: eight lanes (two quads at once) where the processor has AVX2, four (SSE2, every x86-64 processor)
 * otherwise. They do what Dynamics' `WideContactSolver` does, operation for operation and in the same order per
 * lane, so every kernel gives the same bits (`ContactKernel` in Dynamics chooses one; docs/design.md).
 *
 * The quads and the solver bodies are Dynamics' `WideContact` and `SolverBody`, passed as raw pointers; the layout
 * below mirrors theirs, and Dynamics checks that it does before using any of these functions.
 */
#ifndef LUADYN_CCONTACTKERNELS_H
#define LUADYN_CCONTACTKERNELS_H
#include <stdint.h>

/* One manifold point of four constraints (`WidePoint`). */
typedef struct {
  float rAx[4], rAy[4], rBx[4], rBy[4];
  float baseSeparation[4];
  float normalImpulse[4];
  float tangentImpulse[4];
  float normalMass[4];
  float tangentMass[4];
} LuadynWidePoint;

/* Four contact constraints (`WideContact`): body slots, then every per-lane number. */
typedef struct {
  int32_t bodyA[4], bodyB[4];
  float nx[4], ny[4];
  float friction[4];
  float biasRate[4], massScale[4], impulseScale[4];
  float massA[4], inertiaA[4], massB[4], inertiaB[4];
  float k11[4], k12[4], k22[4], softScale[4], rootSoftScale[4];
  LuadynWidePoint p1, p2;
} LuadynWideContact;

/* One body as the quads see it (`SolverBody`): velocity x, y, angular and a zero lane; motion since the step began
   (dx, dy, cosine, sine). */
typedef struct {
  float velocity[4];
  float motion[4];
} LuadynSolverBody;

/* One group of the lanes (`LaneGroup`): quads that share no moving body, from `quadStart` on, block-solved ones
   first, then the other two-point ones, then one-point ones. */
typedef struct {
  int32_t quadStart, blockQuads, twoPointQuads, onePointQuads;
} LuadynLaneGroup;

/* The kinds of quads, as the lanes schedule them: block-solved two-point, other two-point, one-point. */
enum {
  LUADYN_QUADS_BLOCK = 0,
  LUADYN_QUADS_TWO_POINTS = 1,
  LUADYN_QUADS_ONE_POINT = 2,
};

/* Which kernels this processor runs: 0 none (not x86-64), 1 the four-lane SSE2 ones, 2 also the eight-lane AVX2
   ones. Asked of the processor once. */
int luadyn_contact_kernels_supported(void);

/* The kernel the environment asks for: LUADYN_CONTACT_KERNEL=swift, sse2 or avx2 gives 0, 1 or 2; -1 when unset or
   anything else. Read once. */
int luadyn_contact_kernel_requested(void);

/* Warm starts `count` quads of kind `kind` (both points, or the first only for one-point quads) on `bodies`. The
   `_sse2` functions go one quad after another, in order; the `_avx2` ones solve two quads at once and need the
   quads to share no moving body (one group of the lanes: a level or a colour). */
void luadyn_warm_start_sse2(LuadynWideContact *quads, intptr_t count, LuadynSolverBody *bodies, int kind);
void luadyn_warm_start_avx2(LuadynWideContact *quads, intptr_t count, LuadynSolverBody *bodies, int kind);

/* Solves `count` quads of kind `kind` once: with the position feedback when `useBias`, without it (relax) when not.
   `pushFloor` is the lowest bias velocity of an overlap (minus the largest push-out speed). */
void luadyn_solve_sse2(LuadynWideContact *quads, intptr_t count, LuadynSolverBody *bodies, int kind,
                       float inverseH, float pushFloor, int useBias);
void luadyn_solve_avx2(LuadynWideContact *quads, intptr_t count, LuadynSolverBody *bodies, int kind,
                       float inverseH, float pushFloor, int useBias);

/* The eight-lane passes over whole groups, one after another: what calling the functions above for each group's
   quads of each kind gives, without a call per group. */
void luadyn_warm_start_groups_avx2(LuadynWideContact *quads, const LuadynLaneGroup *groups, intptr_t groupCount,
                                   LuadynSolverBody *bodies);
void luadyn_solve_groups_avx2(LuadynWideContact *quads, const LuadynLaneGroup *groups, intptr_t groupCount,
                              LuadynSolverBody *bodies, float inverseH, float pushFloor, int useBias);

/* Asks the processor to start loading the cache line that holds `address` (for reading, or with `_for_write` for
   writing), so a later access in a loop whose addresses are known ahead finds it in the cache instead of waiting
   for memory. A hint only: it never faults and changes no result. Inline, so Swift compiles it to one instruction
   where it is called. */
static inline void luadyn_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }
static inline void luadyn_prefetch_for_write(const void *address) { __builtin_prefetch(address, 1, 3); }

/* Tells the processor that the thread is spinning on a word another thread will change: on x86 the PAUSE
   instruction, which stops the loop from filling the pipeline with loads (and, on a core shared by two hardware
   threads, from taking the other's share of it) and spares the flush when the word changes; on ARM, YIELD. A
   hint only: it changes no result. */
static inline void luadyn_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

#endif
