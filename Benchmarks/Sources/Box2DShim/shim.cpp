// The Box2D side of the benchmarks: turns the C calls of box2d_shim.h into Box2D 2.4.1 C++ calls.
#include "box2d_shim.h"
#include <box2d/box2d.h>
#include <vector>

namespace {

// Counts begin events only; doing any real work here would measure the callback, not the engine.
class BeginCounter final : public b2ContactListener {
public:
    long long begins = 0;
    void BeginContact(b2Contact *) override { ++begins; }
};

} // namespace

struct B2SWorld {
    b2World world;
    b2Body *ground;
    std::vector<b2Body *> bodies;
    BeginCounter counter;
    int velocityIterations;
    int positionIterations;

    B2SWorld(b2Vec2 gravity, int velocity, int position)
        : world(gravity), ground(nullptr), velocityIterations(velocity), positionIterations(position) {
        b2BodyDef def;
        ground = world.CreateBody(&def);
    }

    b2Body *body(int index) const {
        if (index < 0 || static_cast<size_t>(index) >= bodies.size()) return nullptr;
        return bodies[static_cast<size_t>(index)];
    }
};

namespace {

// Group -1 on every non-colliding fixture: Box2D never collides two fixtures of the same negative group.
void attach(b2Body *body, const b2Shape &shape, double density, double friction, int collides) {
    b2FixtureDef def;
    def.shape = &shape;
    def.density = static_cast<float>(density);
    def.friction = static_cast<float>(friction);
    def.restitution = 0.0f;
    if (!collides) def.filter.groupIndex = -1;
    body->CreateFixture(&def);
}

} // namespace

extern "C" {

B2SWorld *b2s_create(double gravityX, double gravityY, int allowSleep, int velocityIterations, int positionIterations) {
    auto *w = new B2SWorld(b2Vec2(static_cast<float>(gravityX), static_cast<float>(gravityY)),
                           velocityIterations, positionIterations);
    w->world.SetAllowSleeping(allowSleep != 0);
    return w;
}

void b2s_destroy(B2SWorld *world) { delete world; }

int b2s_add_body(B2SWorld *world, int kind, double x, double y, double angle, double vx, double vy,
                 double angularVelocity) {
    b2BodyDef def;
    switch (kind) {
    case B2S_STATIC: def.type = b2_staticBody; break;
    case B2S_KINEMATIC: def.type = b2_kinematicBody; break;
    case B2S_DYNAMIC: def.type = b2_dynamicBody; break;
    default: return -1;
    }
    def.position.Set(static_cast<float>(x), static_cast<float>(y));
    def.angle = static_cast<float>(angle);
    def.linearVelocity.Set(static_cast<float>(vx), static_cast<float>(vy));
    def.angularVelocity = static_cast<float>(angularVelocity);
    world->bodies.push_back(world->world.CreateBody(&def));
    return static_cast<int>(world->bodies.size() - 1);
}

int b2s_add_box(B2SWorld *world, int body, double halfWidth, double halfHeight, double cx, double cy, double angle,
                double density, double friction, int collides) {
    b2Body *b = world->body(body);
    if (!b) return -1;
    b2PolygonShape shape;
    shape.SetAsBox(static_cast<float>(halfWidth), static_cast<float>(halfHeight),
                   b2Vec2(static_cast<float>(cx), static_cast<float>(cy)), static_cast<float>(angle));
    attach(b, shape, density, friction, collides);
    return 0;
}

int b2s_add_circle(B2SWorld *world, int body, double radius, double cx, double cy, double density, double friction,
                   int collides) {
    b2Body *b = world->body(body);
    if (!b) return -1;
    b2CircleShape shape;
    shape.m_radius = static_cast<float>(radius);
    shape.m_p.Set(static_cast<float>(cx), static_cast<float>(cy));
    attach(b, shape, density, friction, collides);
    return 0;
}

int b2s_add_polygon(B2SWorld *world, int body, const double *xy, int count, double density, double friction,
                    int collides) {
    b2Body *b = world->body(body);
    if (!b || !xy || count < 3 || count > b2_maxPolygonVertices) return -1;
    b2Vec2 points[b2_maxPolygonVertices];
    for (int i = 0; i < count; ++i) points[i].Set(static_cast<float>(xy[2 * i]), static_cast<float>(xy[2 * i + 1]));
    b2PolygonShape shape;
    shape.Set(points, count);
    attach(b, shape, density, friction, collides);
    return 0;
}

int b2s_add_segment(B2SWorld *world, double ax, double ay, double bx, double by, double friction) {
    b2EdgeShape shape;
    shape.SetTwoSided(b2Vec2(static_cast<float>(ax), static_cast<float>(ay)),
                      b2Vec2(static_cast<float>(bx), static_cast<float>(by)));
    attach(world->ground, shape, 0.0, friction, 1);
    return 0;
}

int b2s_add_pin(B2SWorld *world, int bodyA, int bodyB, double x, double y) {
    b2Body *a = world->body(bodyA);
    b2Body *b = world->body(bodyB);
    if (!a || !b || a == b) return -1;
    b2RevoluteJointDef def;
    def.Initialize(a, b, b2Vec2(static_cast<float>(x), static_cast<float>(y)));
    def.collideConnected = false;
    world->world.CreateJoint(&def);
    return 0;
}

void b2s_count_contacts(B2SWorld *world, int enabled) {
    world->world.SetContactListener(enabled ? &world->counter : nullptr);
}

long long b2s_contact_begins(const B2SWorld *world) { return world->counter.begins; }

void b2s_step(B2SWorld *world, double dt) {
    world->world.Step(static_cast<float>(dt), world->velocityIterations, world->positionIterations);
}

int b2s_body_count(const B2SWorld *world) { return static_cast<int>(world->bodies.size()); }

void b2s_body_pose(const B2SWorld *world, int body, double *x, double *y, double *angle) {
    const b2Body *b = world->body(body);
    if (!b) return;
    if (x) *x = b->GetPosition().x;
    if (y) *y = b->GetPosition().y;
    if (angle) *angle = b->GetAngle();
}

} // extern "C"
