// A C face over a Box2D v3 build, alike in shape to Box2DShim (Box2D 2.4). scripts/bench compiles it against a
// Box2D v3 checkout given on its command line into a shared library, and luadyn-bench loads that library at run
// time, so the benchmark package builds without Box2D v3 and v3's box2d/box2d.h never meets 2.4's.
// Every length is in metres; y points down as in the scenes (Box2D has no up, so gravity (0, 10) just works).
#include <box2d/box2d.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>

#if defined(__GNUC__)
#define V3S_API __attribute__((visibility("default")))
#else
#define V3S_API
#endif

typedef struct V3SWorld {
    b2WorldId world;
    b2BodyId *bodies;
    int bodyCount;
    int bodyCapacity;
    b2BodyId ground;
    int hasGround;
    int substeps;
    int countsContacts;
    long contactBegins;
    // The restitution the next shapes get (v3s_set_restitution); 0 unless a scene says otherwise.
    double restitution;
    // The collision class the next shapes get (v3s_set_collision_class); 0 meets everything.
    int collisionClass;
} V3SWorld;

enum { V3S_FIXED = 0, V3S_KINEMATIC = 1, V3S_DYNAMIC = 2 };

static b2Rot rotation(double angle) { return b2MakeRot((float)angle); }

// The shape definition every scene shape shares: its density and friction, and for bodies that collide with
// nothing (the joint grid) a filter that matches no category, so only their joints cost.
static b2ShapeDef shapeDef(const V3SWorld *w, double density, double friction, int collides) {
    b2ShapeDef def = b2DefaultShapeDef();
    def.density = (float)density;
    def.material.friction = (float)friction;
    def.material.restitution = (float)w->restitution;
    def.enableContactEvents = w->countsContacts != 0;
    if (!collides) {
        def.filter.categoryBits = 0;
        def.filter.maskBits = 0;
    } else if (w->collisionClass > 0) {
        // Class k: its own category bit, meeting class 0 (v3's default category, bit 0) and class k only.
        def.filter.categoryBits = (uint64_t)1 << w->collisionClass;
        def.filter.maskBits = 1 | ((uint64_t)1 << w->collisionClass);
    }
    return def;
}

V3S_API V3SWorld *v3s_create(double gravityX, double gravityY, int allowSleep, int substeps, int workers) {
    V3SWorld *w = calloc(1, sizeof *w);
    if (w == NULL) return NULL;
    b2WorldDef def = b2DefaultWorldDef();
    def.gravity = (b2Vec2){(float)gravityX, (float)gravityY};
    def.enableSleep = allowSleep != 0;
    // Above 1, v3 runs its own internal scheduler on that many threads (no task callbacks given).
    def.workerCount = workers < 1 ? 1 : workers;
    w->world = b2CreateWorld(&def);
    w->substeps = substeps < 1 ? 4 : substeps;
    return w;
}

V3S_API void v3s_destroy(V3SWorld *w) {
    if (w == NULL) return;
    b2DestroyWorld(w->world);
    free(w->bodies);
    free(w);
}

/// Adds a body and returns its index, or -1.
V3S_API int v3s_add_body(V3SWorld *w, int kind, double x, double y, double angle, double vx, double vy, double spin) {
    if (w->bodyCount == w->bodyCapacity) {
        int capacity = w->bodyCapacity == 0 ? 256 : 2 * w->bodyCapacity;
        b2BodyId *grown = realloc(w->bodies, (size_t)capacity * sizeof *grown);
        if (grown == NULL) return -1;
        w->bodies = grown;
        w->bodyCapacity = capacity;
    }
    b2BodyDef def = b2DefaultBodyDef();
    def.type = kind == V3S_FIXED ? b2_staticBody : kind == V3S_KINEMATIC ? b2_kinematicBody : b2_dynamicBody;
    def.position = (b2Pos){(float)x, (float)y};
    def.rotation = rotation(angle);
    def.linearVelocity = (b2Vec2){(float)vx, (float)vy};
    def.angularVelocity = (float)spin;
    w->bodies[w->bodyCount] = b2CreateBody(w->world, &def);
    return w->bodyCount++;
}

static int validBody(const V3SWorld *w, int body) { return body >= 0 && body < w->bodyCount; }

V3S_API int v3s_add_box(V3SWorld *w, int body, double hw, double hh, double cx, double cy, double angle, double density,
                        double friction, int collides) {
    if (!validBody(w, body)) return -1;
    b2Polygon box = b2MakeOffsetBox((float)hw, (float)hh, (b2Vec2){(float)cx, (float)cy}, rotation(angle));
    b2ShapeDef def = shapeDef(w, density, friction, collides);
    b2CreatePolygonShape(w->bodies[body], &def, &box);
    return 0;
}

V3S_API int v3s_add_circle(V3SWorld *w, int body, double radius, double cx, double cy, double density, double friction,
                           int collides) {
    if (!validBody(w, body)) return -1;
    b2Circle circle = {.center = {(float)cx, (float)cy}, .radius = (float)radius};
    b2ShapeDef def = shapeDef(w, density, friction, collides);
    b2CreateCircleShape(w->bodies[body], &def, &circle);
    return 0;
}

V3S_API int v3s_add_polygon(V3SWorld *w, int body, const double *xy, int count, double density, double friction,
                            int collides) {
    if (!validBody(w, body) || count < 3 || count > B2_MAX_POLYGON_VERTICES) return -1;
    b2Vec2 points[B2_MAX_POLYGON_VERTICES];
    for (int i = 0; i < count; ++i) points[i] = (b2Vec2){(float)xy[2 * i], (float)xy[2 * i + 1]};
    b2Hull hull = b2ComputeHull(points, count);
    if (hull.count == 0) return -1;
    b2Polygon polygon = b2MakePolygon(&hull, 0.0f);
    b2ShapeDef def = shapeDef(w, density, friction, collides);
    b2CreatePolygonShape(w->bodies[body], &def, &polygon);
    return 0;
}

/// Sets the restitution of the shapes added after this call.
V3S_API void v3s_set_restitution(V3SWorld *w, double restitution) { w->restitution = restitution; }

/// Sets the collision class (0...62) of the shapes added after this call: class k > 0 meets class 0 and class k.
V3S_API int v3s_set_collision_class(V3SWorld *w, int collisionClass) {
    if (collisionClass < 0 || collisionClass > 62) return -1;
    w->collisionClass = collisionClass;
    return 0;
}

/// Destroys a body with its shapes and joints; its index stays taken (its pose reads NaN).
V3S_API int v3s_destroy_body(V3SWorld *w, int body) {
    if (!validBody(w, body) || !b2Body_IsValid(w->bodies[body])) return -1;
    b2DestroyBody(w->bodies[body]);
    w->bodies[body] = b2_nullBodyId;
    return 0;
}

/// Sets a body's linear damping (1/s).
V3S_API int v3s_set_linear_damping(V3SWorld *w, int body, double damping) {
    if (!validBody(w, body)) return -1;
    b2Body_SetLinearDamping(w->bodies[body], (float)damping);
    return 0;
}

/// A capsule: everything within `radius` of the segment between two centres, in the body's frame.
V3S_API int v3s_add_capsule(V3SWorld *w, int body, double x1, double y1, double x2, double y2, double radius,
                            double density, double friction, int collides) {
    if (!validBody(w, body)) return -1;
    b2Capsule capsule = {{(float)x1, (float)y1}, {(float)x2, (float)y2}, (float)radius};
    b2ShapeDef def = shapeDef(w, density, friction, collides);
    b2CreateCapsuleShape(w->bodies[body], &def, &capsule);
    return 0;
}

/// A convex polygon grown by `radius` (rounded corners).
V3S_API int v3s_add_rounded_polygon(V3SWorld *w, int body, const double *xy, int count, double radius, double density,
                                    double friction, int collides) {
    if (!validBody(w, body) || count < 3 || count > B2_MAX_POLYGON_VERTICES) return -1;
    b2Vec2 points[B2_MAX_POLYGON_VERTICES];
    for (int i = 0; i < count; ++i) points[i] = (b2Vec2){(float)xy[2 * i], (float)xy[2 * i + 1]};
    b2Hull hull = b2ComputeHull(points, count);
    if (hull.count == 0) return -1;
    b2Polygon polygon = b2MakePolygon(&hull, (float)radius);
    b2ShapeDef def = shapeDef(w, density, friction, collides);
    b2CreatePolygonShape(w->bodies[body], &def, &polygon);
    return 0;
}

static b2BodyId groundBody(V3SWorld *w) {
    if (!w->hasGround) {
        b2BodyDef def = b2DefaultBodyDef();
        w->ground = b2CreateBody(w->world, &def);
        w->hasGround = 1;
    }
    return w->ground;
}

/// A closed chain through `count` points on the shared static body (v3's chain loop).
V3S_API int v3s_add_loop(V3SWorld *w, const double *xy, int count, double friction) {
    if (count < 4) return -1;
    b2Vec2 *points = malloc((size_t)count * sizeof *points);
    if (points == NULL) return -1;
    for (int i = 0; i < count; ++i) points[i] = (b2Vec2){(float)xy[2 * i], (float)xy[2 * i + 1]};
    b2SurfaceMaterial material = b2DefaultSurfaceMaterial();
    material.friction = (float)friction;
    material.restitution = (float)w->restitution;
    b2ChainDef def = b2DefaultChainDef();
    def.points = points;
    def.count = count;
    def.isLoop = true;
    def.materials = &material;
    def.materialCount = 1;
    b2CreateChain(groundBody(w), &def);
    free(points);
    return 0;
}

/// A fixed two-sided segment on one static body shared by every segment.
V3S_API int v3s_add_segment(V3SWorld *w, double ax, double ay, double bx, double by, double friction) {
    b2Segment segment = {{(float)ax, (float)ay}, {(float)bx, (float)by}};
    b2ShapeDef def = shapeDef(w, 0, friction, 1);
    b2CreateSegmentShape(groundBody(w), &def, &segment);
    return 0;
}

/// A revolute joint between two bodies at a world point; the pinned bodies do not collide with each other.
V3S_API int v3s_add_pin(V3SWorld *w, int a, int b, double x, double y) {
    if (!validBody(w, a) || !validBody(w, b)) return -1;
    b2Pos anchor = {(float)x, (float)y};
    b2RevoluteJointDef def = b2DefaultRevoluteJointDef();
    def.base.bodyIdA = w->bodies[a];
    def.base.bodyIdB = w->bodies[b];
    def.base.localFrameA.p = b2Body_GetLocalPoint(w->bodies[a], anchor);
    def.base.localFrameB.p = b2Body_GetLocalPoint(w->bodies[b], anchor);
    def.base.collideConnected = false;
    b2CreateRevoluteJoint(w->world, &def);
    return 0;
}

/// A revolute joint as `v3s_add_pin`, with an angle range when `lower` <= `upper` (radians of B's turn relative to
/// A since the joint was made) and a motor when `maxTorque` > 0 (v3's way: speed and torque cap).
V3S_API int v3s_add_revolute(V3SWorld *w, int a, int b, double x, double y, double lower, double upper,
                             double motorSpeed, double maxTorque) {
    if (!validBody(w, a) || !validBody(w, b)) return -1;
    b2Pos anchor = {(float)x, (float)y};
    b2RevoluteJointDef def = b2DefaultRevoluteJointDef();
    def.base.bodyIdA = w->bodies[a];
    def.base.bodyIdB = w->bodies[b];
    def.base.localFrameA.p = b2Body_GetLocalPoint(w->bodies[a], anchor);
    def.base.localFrameB.p = b2Body_GetLocalPoint(w->bodies[b], anchor);
    // The angle counts from the bodies' relative turn as made, as the scenes and our pins do.
    b2Rot qA = b2Body_GetRotation(w->bodies[a]), qB = b2Body_GetRotation(w->bodies[b]);
    def.base.localFrameA.q = b2InvMulRot(qA, qB);
    def.base.collideConnected = false;
    if (lower <= upper) {
        def.enableLimit = true;
        def.lowerAngle = (float)lower;
        def.upperAngle = (float)upper;
    }
    if (maxTorque > 0) {
        def.enableMotor = true;
        def.motorSpeed = (float)motorSpeed;
        def.maxMotorTorque = maxTorque > FLT_MAX ? FLT_MAX : (float)maxTorque;
    }
    b2CreateRevoluteJoint(w->world, &def);
    return 0;
}

V3S_API void v3s_count_contacts(V3SWorld *w, int on) { w->countsContacts = on; }

V3S_API void v3s_step(V3SWorld *w, double dt) {
    b2World_Step(w->world, (float)dt, w->substeps);
    if (w->countsContacts) w->contactBegins += b2World_GetContactEvents(w->world).beginCount;
}

V3S_API void v3s_body_pose(const V3SWorld *w, int body, double *x, double *y, double *angle) {
    if (!validBody(w, body) || B2_IS_NULL(w->bodies[body])) {
        *x = *y = *angle = NAN;
        return;
    }
    b2Pos p = b2Body_GetPosition(w->bodies[body]);
    b2Rot q = b2Body_GetRotation(w->bodies[body]);
    *x = p.x;
    *y = p.y;
    *angle = b2Rot_GetAngle(q);
}

V3S_API int v3s_body_count(const V3SWorld *w) { return w->bodyCount; }

V3S_API long v3s_contact_begins(const V3SWorld *w) { return w->contactBegins; }
