// The Chipmunk side of the benchmarks: the calls of chipmunk_shim.h over Chipmunk 7's C API.
#include "chipmunk_shim.h"
#include <chipmunk/chipmunk.h>
#include <math.h>
#include <stdlib.h>

// A growable array of pointers; Chipmunk does not free what it holds, so we keep every object to free it.
typedef struct {
    void **items;
    size_t count, capacity;
} PointerList;

static int list_push(PointerList *list, void *item) {
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 64;
        void **grown = realloc(list->items, capacity * sizeof(void *));
        if (!grown) return -1;
        list->items = grown;
        list->capacity = capacity;
    }
    list->items[list->count++] = item;
    return 0;
}

struct CPSWorld {
    cpSpace *space;
    PointerList bodies, shapes, constraints;
    long long begins;
    int counting;
};

static cpBody *body_at(const CPSWorld *world, int index) {
    if (index < 0 || (size_t)index >= world->bodies.count) return NULL;
    return world->bodies.items[index];
}

// Chipmunk multiplies the two frictions of a pair where Box2D takes their geometric mean; giving Chipmunk
// the square root of each friction makes every pair's friction the same in both engines.
static void finish_shape(CPSWorld *world, cpShape *shape, double density, double friction, int collides) {
    cpShapeSetFriction(shape, sqrt(friction));
    cpShapeSetElasticity(shape, 0);
    if (density > 0 && cpBodyGetType(cpShapeGetBody(shape)) == CP_BODY_TYPE_DYNAMIC) cpShapeSetDensity(shape, density);
    // Shapes in one non-zero group never collide with each other.
    if (!collides) cpShapeSetFilter(shape, cpShapeFilterNew(1, CP_ALL_CATEGORIES, CP_ALL_CATEGORIES));
    cpSpaceAddShape(world->space, shape);
    list_push(&world->shapes, shape);
}

static cpBool count_begin(cpArbiter *arbiter, cpSpace *space, cpDataPointer data) {
    (void)arbiter;
    (void)space;
    CPSWorld *world = data;
    if (world->counting) world->begins += 1;
    return cpTrue;
}

CPSWorld *cps_create(double gravityX, double gravityY, int allowSleep, int iterations, double slop) {
    CPSWorld *world = calloc(1, sizeof(CPSWorld));
    if (!world) return NULL;
    world->space = cpSpaceNew();
    cpSpaceSetGravity(world->space, cpv(gravityX, gravityY));
    cpSpaceSetIterations(world->space, iterations);
    cpSpaceSetCollisionSlop(world->space, slop);
    cpSpaceSetSleepTimeThreshold(world->space, allowSleep ? 0.5 : INFINITY);
    return world;
}

void cps_destroy(CPSWorld *world) {
    if (!world) return;
    for (size_t i = 0; i < world->constraints.count; ++i) cpSpaceRemoveConstraint(world->space, world->constraints.items[i]);
    for (size_t i = 0; i < world->shapes.count; ++i) cpSpaceRemoveShape(world->space, world->shapes.items[i]);
    for (size_t i = 0; i < world->bodies.count; ++i) cpSpaceRemoveBody(world->space, world->bodies.items[i]);
    for (size_t i = 0; i < world->constraints.count; ++i) cpConstraintFree(world->constraints.items[i]);
    for (size_t i = 0; i < world->shapes.count; ++i) cpShapeFree(world->shapes.items[i]);
    for (size_t i = 0; i < world->bodies.count; ++i) cpBodyFree(world->bodies.items[i]);
    cpSpaceFree(world->space);
    free(world->constraints.items);
    free(world->shapes.items);
    free(world->bodies.items);
    free(world);
}

int cps_add_body(CPSWorld *world, int kind, double x, double y, double angle, double vx, double vy,
                 double angularVelocity) {
    cpBody *body;
    switch (kind) {
    case CPS_STATIC: body = cpBodyNewStatic(); break;
    case CPS_KINEMATIC: body = cpBodyNewKinematic(); break;
    case CPS_DYNAMIC: body = cpBodyNew(0, 0); break;
    default: return -1;
    }
    cpBodySetPosition(body, cpv(x, y));
    cpBodySetAngle(body, angle);
    if (kind != CPS_STATIC) {
        cpBodySetVelocity(body, cpv(vx, vy));
        cpBodySetAngularVelocity(body, angularVelocity);
    }
    cpSpaceAddBody(world->space, body);
    if (list_push(&world->bodies, body) != 0) return -1;
    return (int)(world->bodies.count - 1);
}

int cps_add_box(CPSWorld *world, int body, double halfWidth, double halfHeight, double cx, double cy, double angle,
                double density, double friction, int collides) {
    cpBody *b = body_at(world, body);
    if (!b) return -1;
    cpVect corners[4] = {cpv(-halfWidth, -halfHeight), cpv(halfWidth, -halfHeight), cpv(halfWidth, halfHeight),
                         cpv(-halfWidth, halfHeight)};
    cpShape *shape = cpPolyShapeNew(b, 4, corners, cpTransformRigid(cpv(cx, cy), angle), 0);
    finish_shape(world, shape, density, friction, collides);
    return 0;
}

int cps_add_circle(CPSWorld *world, int body, double radius, double cx, double cy, double density, double friction,
                   int collides) {
    cpBody *b = body_at(world, body);
    if (!b) return -1;
    finish_shape(world, cpCircleShapeNew(b, radius, cpv(cx, cy)), density, friction, collides);
    return 0;
}

int cps_add_polygon(CPSWorld *world, int body, const double *xy, int count, double density, double friction,
                    int collides) {
    cpBody *b = body_at(world, body);
    if (!b || !xy || count < 3 || count > 64) return -1;
    cpVect points[64];
    for (int i = 0; i < count; ++i) points[i] = cpv(xy[2 * i], xy[2 * i + 1]);
    finish_shape(world, cpPolyShapeNew(b, count, points, cpTransformIdentity, 0), density, friction, collides);
    return 0;
}

int cps_add_segment(CPSWorld *world, double ax, double ay, double bx, double by, double friction) {
    cpShape *shape = cpSegmentShapeNew(cpSpaceGetStaticBody(world->space), cpv(ax, ay), cpv(bx, by), 0);
    finish_shape(world, shape, 0, friction, 1);
    return 0;
}

int cps_add_pin(CPSWorld *world, int bodyA, int bodyB, double x, double y) {
    cpBody *a = body_at(world, bodyA);
    cpBody *b = body_at(world, bodyB);
    if (!a || !b || a == b) return -1;
    cpConstraint *joint = cpPivotJointNew(a, b, cpv(x, y));
    cpSpaceAddConstraint(world->space, joint);
    list_push(&world->constraints, joint);
    return 0;
}

void cps_count_contacts(CPSWorld *world, int enabled) {
    world->counting = enabled != 0;
    if (enabled) {
        cpCollisionHandler *handler = cpSpaceAddDefaultCollisionHandler(world->space);
        handler->beginFunc = count_begin;
        handler->userData = world;
    }
}

long long cps_contact_begins(const CPSWorld *world) { return world->begins; }

void cps_step(CPSWorld *world, double dt) { cpSpaceStep(world->space, dt); }

int cps_body_count(const CPSWorld *world) { return (int)world->bodies.count; }

void cps_body_pose(const CPSWorld *world, int body, double *x, double *y, double *angle) {
    const cpBody *b = body_at(world, body);
    if (!b) return;
    cpVect p = cpBodyGetPosition(b);
    if (x) *x = p.x;
    if (y) *y = p.y;
    if (angle) *angle = cpBodyGetAngle(b);
}
