/*
 * The body of the contact kernels, written once over a vector type and included once per width and instruction set
 * (ContactKernels.c defines the macros first). Every function mirrors one of Dynamics' `WideContactSolver`
 * (Contacts/WideContactSolver.swift), with the same operations in the same order in each lane, so its results are
 * the same bits; change both together.
 *
 * The macros: V (the vector type), ADD SUB MUL DIV, NEG (exact negation), SPLAT, ZERO, GE GT LT (ordered
 * comparisons giving lane masks), AND XOR NOT (on masks), SEL(m, a, b) (a where m, else b), LOAD(q0, q1, field) and
 * STORE(q0, q1, field, v) (a field of the quad, or of the pair of quads), GATHER_VELOCITY, GATHER_MOTION and
 * STORE_VELOCITY (rows of the solver bodies the slots name, turned into lanes and back), and NAME(x), which
 * suffixes this inclusion's functions.
 *
 * The quads and the bodies are `restrict`: a pass never reads a quad through the bodies or the other way round,
 * and the two quads of an eight-lane call are different quads (a four-lane call passes one quad twice and reads
 * only the first).
 */

typedef struct { V vx, vy, w, invMass, invInertia; } NAME(Side);
typedef struct { V dpx, dpy, qc, qs; } NAME(Motion);

/* Lane-wise max and min with Swift's choice on ties and NaN (`lanesMax`, `lanesMin`). */
static inline __attribute__((always_inline)) V NAME(max)(V x, V y) { return SEL(GE(y, x), y, x); }
static inline __attribute__((always_inline)) V NAME(min)(V x, V y) { return SEL(LT(y, x), y, x); }

/* Applies impulse (px, py) to B at rB and its opposite to A at rA. */
static inline __attribute__((always_inline)) void NAME(apply)(V px, V py, V rAx, V rAy, V rBx, V rBy,
                                                            NAME(Side) *A, NAME(Side) *B) {
  A->vx = SUB(A->vx, MUL(A->invMass, px));
  A->vy = SUB(A->vy, MUL(A->invMass, py));
  A->w = SUB(A->w, MUL(A->invInertia, SUB(MUL(rAx, py), MUL(rAy, px))));
  B->vx = ADD(B->vx, MUL(B->invMass, px));
  B->vy = ADD(B->vy, MUL(B->invMass, py));
  B->w = ADD(B->w, MUL(B->invInertia, SUB(MUL(rBx, py), MUL(rBy, px))));
}

/* Velocity of B's anchor relative to A's, x and y. */
static inline __attribute__((always_inline)) V NAME(relativeX)(V rAy, V rBy, const NAME(Side) *A, const NAME(Side) *B) {
  return SUB(SUB(ADD(B->vx, MUL(NEG(B->w), rBy)), A->vx), MUL(NEG(A->w), rAy));
}
static inline __attribute__((always_inline)) V NAME(relativeY)(V rAx, V rBx, const NAME(Side) *A, const NAME(Side) *B) {
  return SUB(SUB(ADD(B->vy, MUL(B->w, rBx)), A->vy), MUL(A->w, rAx));
}

/* Current separation of a point from how far its anchors moved since the step began. */
static inline __attribute__((always_inline)) V NAME(separation)(V rAx, V rAy, V rBx, V rBy, V base,
                                                              const NAME(Motion) *A, const NAME(Motion) *B,
                                                              V nx, V ny) {
  V prAx = SUB(MUL(A->qc, rAx), MUL(A->qs, rAy)), prAy = ADD(MUL(A->qs, rAx), MUL(A->qc, rAy));
  V prBx = SUB(MUL(B->qc, rBx), MUL(B->qs, rBy)), prBy = ADD(MUL(B->qs, rBx), MUL(B->qc, rBy));
  V dx = SUB(ADD(SUB(B->dpx, A->dpx), prBx), prAx), dy = SUB(ADD(SUB(B->dpy, A->dpy), prBy), prAy);
  return ADD(ADD(MUL(dx, nx), MUL(dy, ny)), base);
}

#define POINT_SEPARATION(q0, q1, p, mA, mB, nx, ny)                                                                \
  NAME(separation)(LOAD(q0, q1, p.rAx), LOAD(q0, q1, p.rAy), LOAD(q0, q1, p.rBx), LOAD(q0, q1, p.rBy),           \
                   LOAD(q0, q1, p.baseSeparation), &mA, &mB, nx, ny)

static inline __attribute__((always_inline)) void NAME(gatherSides)(LuadynWideContact *restrict q0, LuadynWideContact *restrict q1,
                                                                  LuadynSolverBody *restrict bodies, NAME(Side) *A,
                                                                  NAME(Side) *B) {
  (void)q1;
  GATHER_VELOCITY(q0, q1, bodyA, bodies, A->vx, A->vy, A->w);
  GATHER_VELOCITY(q0, q1, bodyB, bodies, B->vx, B->vy, B->w);
  A->invMass = LOAD(q0, q1, massA);
  A->invInertia = LOAD(q0, q1, inertiaA);
  B->invMass = LOAD(q0, q1, massB);
  B->invInertia = LOAD(q0, q1, inertiaB);
}

/* Both sides' velocities back, A then B, each from the last lane to the first (see `WideBody.storeVelocities`). */
static inline __attribute__((always_inline)) void NAME(storeSides)(LuadynWideContact *restrict q0, LuadynWideContact *restrict q1,
                                                                 LuadynSolverBody *restrict bodies, const NAME(Side) *A,
                                                                 const NAME(Side) *B) {
  (void)q1;
  STORE_VELOCITY(q0, q1, bodyA, bodies, A->vx, A->vy, A->w);
  STORE_VELOCITY(q0, q1, bodyB, bodies, B->vx, B->vy, B->w);
}

/* `WideContactSolver.warmStart(_:bodies:points:)`. */
static inline __attribute__((always_inline)) void NAME(warmStart)(LuadynWideContact *restrict q0, LuadynWideContact *restrict q1,
                                                                LuadynSolverBody *restrict bodies, int points) {
  NAME(Side) A, B;
  NAME(gatherSides)(q0, q1, bodies, &A, &B);
  V nx = LOAD(q0, q1, nx), ny = LOAD(q0, q1, ny);
  V tx = ny, ty = NEG(nx);
  {
    V ni = LOAD(q0, q1, p1.normalImpulse), ti = LOAD(q0, q1, p1.tangentImpulse);
    NAME(apply)(ADD(MUL(ni, nx), MUL(ti, tx)), ADD(MUL(ni, ny), MUL(ti, ty)), LOAD(q0, q1, p1.rAx),
                LOAD(q0, q1, p1.rAy), LOAD(q0, q1, p1.rBx), LOAD(q0, q1, p1.rBy), &A, &B);
  }
  if (points > 1) {
    V ni = LOAD(q0, q1, p2.normalImpulse), ti = LOAD(q0, q1, p2.tangentImpulse);
    NAME(apply)(ADD(MUL(ni, nx), MUL(ti, tx)), ADD(MUL(ni, ny), MUL(ti, ty)), LOAD(q0, q1, p2.rAx),
                LOAD(q0, q1, p2.rAy), LOAD(q0, q1, p2.rBx), LOAD(q0, q1, p2.rBy), &A, &B);
  }
  NAME(storeSides)(q0, q1, bodies, &A, &B);
}

/* `WideContactSolver.solveNormal`: the normal impulse of one point. */
#define SOLVE_NORMAL(q0, q1, p, s, A, B, nx, ny, biasRate, massScale, impulseScale, inverseH, pushFloor, useBias)  \
  do {                                                                                                             \
    V rAx = LOAD(q0, q1, p.rAx), rAy = LOAD(q0, q1, p.rAy), rBx = LOAD(q0, q1, p.rBx), rBy = LOAD(q0, q1, p.rBy);  \
    V vn = ADD(MUL(NAME(relativeX)(rAy, rBy, &A, &B), nx), MUL(NAME(relativeY)(rAx, rBx, &A, &B), ny));           \
    V normalMass = LOAD(q0, q1, p.normalMass), old = LOAD(q0, q1, p.normalImpulse);                                \
    V speculative = MUL(NEG(normalMass), ADD(vn, MUL(s, inverseH)));                                               \
    V impulse;                                                                                                     \
    if (useBias) {                                                                                                 \
      V bias = NAME(max)(MUL(biasRate, s), pushFloor);                                                             \
      impulse = SUB(MUL(MUL(NEG(normalMass), massScale), ADD(vn, bias)), MUL(impulseScale, old));                  \
    } else {                                                                                                       \
      impulse = MUL(NEG(normalMass), vn);                                                                          \
    }                                                                                                              \
    impulse = SEL(GT(s, ZERO), speculative, impulse);                                                              \
    V fresh = NAME(max)(ADD(old, impulse), ZERO);                                                                  \
    V applied = SUB(fresh, old);                                                                                   \
    STORE(q0, q1, p.normalImpulse, fresh);                                                                         \
    NAME(apply)(MUL(applied, nx), MUL(applied, ny), rAx, rAy, rBx, rBy, &A, &B);                                   \
  } while (0)

/* `WideContactSolver.solveTangent`: the friction impulse of one point, within the cone of its normal impulse. */
#define SOLVE_TANGENT(q0, q1, p, A, B, tx, ty, friction)                                                           \
  do {                                                                                                             \
    V rAx = LOAD(q0, q1, p.rAx), rAy = LOAD(q0, q1, p.rAy), rBx = LOAD(q0, q1, p.rBx), rBy = LOAD(q0, q1, p.rBy);  \
    V vt = ADD(MUL(NAME(relativeX)(rAy, rBy, &A, &B), tx), MUL(NAME(relativeY)(rAx, rBx, &A, &B), ty));           \
    V maxFriction = MUL(friction, LOAD(q0, q1, p.normalImpulse));                                                  \
    V old = LOAD(q0, q1, p.tangentImpulse);                                                                        \
    V fresh = NAME(min)(NAME(max)(SUB(old, MUL(LOAD(q0, q1, p.tangentMass), vt)), NEG(maxFriction)), maxFriction); \
    V applied = SUB(fresh, old);                                                                                   \
    STORE(q0, q1, p.tangentImpulse, fresh);                                                                        \
    NAME(apply)(MUL(applied, tx), MUL(applied, ty), rAx, rAy, rBx, rBy, &A, &B);                                   \
  } while (0)

static inline __attribute__((always_inline)) void NAME(gatherMotion)(LuadynWideContact *restrict q0, LuadynWideContact *restrict q1,
                                                                   LuadynSolverBody *restrict bodies, NAME(Motion) *A,
                                                                   NAME(Motion) *B) {
  (void)q1;
  GATHER_MOTION(q0, q1, bodyA, bodies, A->dpx, A->dpy, A->qc, A->qs);
  GATHER_MOTION(q0, q1, bodyB, bodies, B->dpx, B->dpy, B->qc, B->qs);
}

/* Both points' separations now, from the bodies' motion since the step began (two-point quads). */
static inline __attribute__((always_inline)) void NAME(separations)(LuadynWideContact *restrict q0, LuadynWideContact *restrict q1,
                                                                  LuadynSolverBody *restrict bodies, V nx, V ny, V *s1,
                                                                  V *s2) {
  NAME(Motion) mA, mB;
  NAME(gatherMotion)(q0, q1, bodies, &mA, &mB);
  *s1 = POINT_SEPARATION(q0, q1, p1, mA, mB, nx, ny);
  *s2 = POINT_SEPARATION(q0, q1, p2, mA, mB, nx, ny);
}

/* `WideContactSolver.solve(_:bodies:inverseH:useBias:)`: point by point, then friction. */
static inline __attribute__((always_inline)) void NAME(solveTwo)(LuadynWideContact *restrict q0, LuadynWideContact *restrict q1,
                                                               LuadynSolverBody *restrict bodies, V inverseH, V pushFloor,
                                                               int useBias) {
  V nx = LOAD(q0, q1, nx), ny = LOAD(q0, q1, ny);
  V s1, s2;
  NAME(separations)(q0, q1, bodies, nx, ny, &s1, &s2);
  NAME(Side) A, B;
  NAME(gatherSides)(q0, q1, bodies, &A, &B);
  V biasRate = LOAD(q0, q1, biasRate), massScale = LOAD(q0, q1, massScale);
  V impulseScale = LOAD(q0, q1, impulseScale);
  SOLVE_NORMAL(q0, q1, p1, s1, A, B, nx, ny, biasRate, massScale, impulseScale, inverseH, pushFloor, useBias);
  SOLVE_NORMAL(q0, q1, p2, s2, A, B, nx, ny, biasRate, massScale, impulseScale, inverseH, pushFloor, useBias);
  V friction = LOAD(q0, q1, friction), tx = ny, ty = NEG(nx);
  SOLVE_TANGENT(q0, q1, p1, A, B, tx, ty, friction);
  SOLVE_TANGENT(q0, q1, p2, A, B, tx, ty, friction);
  NAME(storeSides)(q0, q1, bodies, &A, &B);
}

/* `WideContactSolver.solveOnePoint`. */
static inline __attribute__((always_inline)) void NAME(solveOne)(LuadynWideContact *restrict q0, LuadynWideContact *restrict q1,
                                                               LuadynSolverBody *restrict bodies, V inverseH, V pushFloor,
                                                               int useBias) {
  V nx = LOAD(q0, q1, nx), ny = LOAD(q0, q1, ny);
  V s1;
  {
    NAME(Motion) mA, mB;
    NAME(gatherMotion)(q0, q1, bodies, &mA, &mB);
    s1 = POINT_SEPARATION(q0, q1, p1, mA, mB, nx, ny);
  }
  NAME(Side) A, B;
  NAME(gatherSides)(q0, q1, bodies, &A, &B);
  V biasRate = LOAD(q0, q1, biasRate), massScale = LOAD(q0, q1, massScale);
  V impulseScale = LOAD(q0, q1, impulseScale);
  SOLVE_NORMAL(q0, q1, p1, s1, A, B, nx, ny, biasRate, massScale, impulseScale, inverseH, pushFloor, useBias);
  V friction = LOAD(q0, q1, friction), tx = ny, ty = NEG(nx);
  SOLVE_TANGENT(q0, q1, p1, A, B, tx, ty, friction);
  NAME(storeSides)(q0, q1, bodies, &A, &B);
}

/* `WideContactSolver.target`: a point's bias and whether it is soft. */
static inline __attribute__((always_inline)) V NAME(target)(V s, V biasRate, V inverseH, V pushFloor, int useBias,
                                                          V *soft) {
  V gap = GT(s, ZERO);
  V bias = ZERO;
  *soft = ZERO;
  if (useBias) {
    bias = NAME(max)(MUL(biasRate, s), pushFloor);
    *soft = NOT(gap);
  }
  return SEL(gap, MUL(s, inverseH), bias);
}

/* `WideContactSolver.solveBlock`: both normal impulses at once (the four cases of `ContactBlock`, each computed
   and chosen per lane), then friction. */
static inline __attribute__((always_inline)) void NAME(solveBlock)(LuadynWideContact *restrict q0, LuadynWideContact *restrict q1,
                                                                 LuadynSolverBody *restrict bodies, V inverseH, V pushFloor,
                                                                 int useBias) {
  V nx = LOAD(q0, q1, nx), ny = LOAD(q0, q1, ny);
  V s1, s2;
  NAME(separations)(q0, q1, bodies, nx, ny, &s1, &s2);
  NAME(Side) A, B;
  NAME(gatherSides)(q0, q1, bodies, &A, &B);
  V i1 = LOAD(q0, q1, p1.normalImpulse), i2 = LOAD(q0, q1, p2.normalImpulse);
  V x1, x2;
  {
    V vn1 = ADD(MUL(NAME(relativeX)(LOAD(q0, q1, p1.rAy), LOAD(q0, q1, p1.rBy), &A, &B), nx),
                MUL(NAME(relativeY)(LOAD(q0, q1, p1.rAx), LOAD(q0, q1, p1.rBx), &A, &B), ny));
    V vn2 = ADD(MUL(NAME(relativeX)(LOAD(q0, q1, p2.rAy), LOAD(q0, q1, p2.rBy), &A, &B), nx),
                MUL(NAME(relativeY)(LOAD(q0, q1, p2.rAx), LOAD(q0, q1, p2.rBx), &A, &B), ny));
    V k11 = LOAD(q0, q1, k11), k12 = LOAD(q0, q1, k12), k22 = LOAD(q0, q1, k22);
    V biasRate = LOAD(q0, q1, biasRate);
    V soft1, soft2;
    V bias1 = NAME(target)(s1, biasRate, inverseH, pushFloor, useBias, &soft1);
    V bias2 = NAME(target)(s2, biasRate, inverseH, pushFloor, useBias, &soft2);
    V r1 = SUB(ADD(vn1, bias1), ADD(MUL(k11, i1), MUL(k12, i2)));
    V r2 = SUB(ADD(vn2, bias2), ADD(MUL(k12, i1), MUL(k22, i2)));
    V one = SPLAT(1.0f), softScale = LOAD(q0, q1, softScale);
    V f1 = SEL(soft1, softScale, one), f2 = SEL(soft2, softScale, one);
    V cross = one;
    cross = SEL(XOR(soft1, soft2), LOAD(q0, q1, rootSoftScale), cross);
    cross = SEL(AND(soft1, soft2), softScale, cross);
    /* `WideContactSolver.complementarity`: every case, the first that holds chosen by writing them in reverse. */
    V m11 = MUL(k11, f1), m12 = MUL(k12, cross), m22 = MUL(k22, f2);
    V det = SUB(MUL(m11, m22), MUL(m12, m12));
    V both1 = DIV(SUB(MUL(m12, r2), MUL(m22, r1)), det), both2 = DIV(SUB(MUL(m12, r1), MUL(m11, r2)), det);
    V first = DIV(NEG(r1), m11);
    V second = DIV(NEG(r2), m22);
    x1 = i1;
    x2 = i2;
    V neither = AND(GE(r1, ZERO), GE(r2, ZERO));
    x1 = SEL(neither, ZERO, x1);
    x2 = SEL(neither, ZERO, x2);
    V onlySecond = AND(GE(second, ZERO), GE(ADD(MUL(m12, second), r1), ZERO));
    x1 = SEL(onlySecond, ZERO, x1);
    x2 = SEL(onlySecond, second, x2);
    V onlyFirst = AND(GE(first, ZERO), GE(ADD(MUL(m12, first), r2), ZERO));
    x1 = SEL(onlyFirst, first, x1);
    x2 = SEL(onlyFirst, ZERO, x2);
    V bothPush = AND(GE(both1, ZERO), GE(both2, ZERO));
    x1 = SEL(bothPush, both1, x1);
    x2 = SEL(bothPush, both2, x2);
  }
  V applied1 = SUB(x1, i1), applied2 = SUB(x2, i2);
  STORE(q0, q1, p1.normalImpulse, x1);
  STORE(q0, q1, p2.normalImpulse, x2);
  NAME(apply)(MUL(applied1, nx), MUL(applied1, ny), LOAD(q0, q1, p1.rAx), LOAD(q0, q1, p1.rAy), LOAD(q0, q1, p1.rBx),
              LOAD(q0, q1, p1.rBy), &A, &B);
  NAME(apply)(MUL(applied2, nx), MUL(applied2, ny), LOAD(q0, q1, p2.rAx), LOAD(q0, q1, p2.rAy), LOAD(q0, q1, p2.rBx),
              LOAD(q0, q1, p2.rBy), &A, &B);
  V friction = LOAD(q0, q1, friction), tx = ny, ty = NEG(nx);
  SOLVE_TANGENT(q0, q1, p1, A, B, tx, ty, friction);
  SOLVE_TANGENT(q0, q1, p2, A, B, tx, ty, friction);
  NAME(storeSides)(q0, q1, bodies, &A, &B);
}

#undef POINT_SEPARATION
#undef SOLVE_NORMAL
#undef SOLVE_TANGENT
