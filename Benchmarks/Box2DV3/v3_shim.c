// A C face over a Box2D v3 build, alike in shape to Box2DShim (Box2D 2.4). scripts/bench compiles it against a
// Box2D v3 checkout given on its command line into a shared library, and luadyn-bench loads that library at run
// time, so the benchmark package builds without Box2D v3 and v3's box2d/box2d.h never meets 2.4's.
// Every length is in metres; y points down as in the scenes (Box2D has no up, so gravity (0, 10) just works).
#include <box2d/box2d.h>
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
} V3SWorld;

enum { V3S_FIXED = 0, V3S_KINEMATIC = 1, V3S_DYNAMIC = 2 };

static b2Rot rotation(double angle) { return b2MakeRot((float)angle); }

// The shape definition every scene shape shares: its density and friction, and for bodies that collide with
// nothing (the joint grid) a filter that matches no category, so only their joints cost.
static b2ShapeDef shapeDef(const V3SWorld *w, double density, double friction, int collides) {
    b2ShapeDef def = b2DefaultShapeDef();
    def.density = (float)density;
    def.material.friction = (float)friction;
    def.enableContactEvents = w->countsContacts != 0;
    if (!collides) {
        def.filter.categoryBits = 0;
        def.filter.maskBits = 0;
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

/// A fixed two-sided segment on one static body shared by every segment.
V3S_API int v3s_add_segment(V3SWorld *w, double ax, double ay, double bx, double by, double friction) {
    if (!w->hasGround) {
        b2BodyDef def = b2DefaultBodyDef();
        w->ground = b2CreateBody(w->world, &def);
        w->hasGround = 1;
    }
    b2Segment segment = {{(float)ax, (float)ay}, {(float)bx, (float)by}};
    b2ShapeDef def = shapeDef(w, 0, friction, 1);
    b2CreateSegmentShape(w->ground, &def, &segment);
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

V3S_API void v3s_count_contacts(V3SWorld *w, int on) { w->countsContacts = on; }

V3S_API void v3s_step(V3SWorld *w, double dt) {
    b2World_Step(w->world, (float)dt, w->substeps);
    if (w->countsContacts) w->contactBegins += b2World_GetContactEvents(w->world).beginCount;
}

V3S_API void v3s_body_pose(const V3SWorld *w, int body, double *x, double *y, double *angle) {
    if (!validBody(w, body)) {
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
