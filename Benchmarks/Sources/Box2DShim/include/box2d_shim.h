// A C face over Box2D 2.4.1's C++ API, just wide enough to build the benchmark scenes from Swift.
// Units are Box2D's (metres, kilograms, seconds); the y axis points wherever the caller's gravity says.
// Functions that take an index return -1 (or do nothing) when it is out of range, so no input can crash.
#ifndef BOX2D_SHIM_H
#define BOX2D_SHIM_H

#ifdef __cplusplus
extern "C" {
#endif

/// An opaque Box2D world with its bodies, kept in creation order so Swift can address them by index.
typedef struct B2SWorld B2SWorld;

/// Body kinds, in the same order as the other shims and the Swift scene description.
enum { B2S_STATIC = 0, B2S_KINEMATIC = 1, B2S_DYNAMIC = 2 };

/// Makes a world; the iteration counts are used by every later b2s_step.
B2SWorld *b2s_create(double gravityX, double gravityY, int allowSleep, int velocityIterations, int positionIterations);
/// Frees the world and everything in it.
void b2s_destroy(B2SWorld *world);

/// Adds a body and returns its index (or -1 for an unknown kind).
int b2s_add_body(B2SWorld *world, int kind, double x, double y, double angle, double vx, double vy, double angularVelocity);
/// Adds a box fixture (half extents, local centre and angle); returns 0, or -1 for a bad body index.
int b2s_add_box(B2SWorld *world, int body, double halfWidth, double halfHeight, double cx, double cy, double angle,
                double density, double friction, int collides);
/// Adds a circle fixture; returns 0 or -1.
int b2s_add_circle(B2SWorld *world, int body, double radius, double cx, double cy, double density, double friction,
                   int collides);
/// Adds a convex polygon fixture from `count` (x, y) pairs; returns 0, or -1 for a bad index or count.
int b2s_add_polygon(B2SWorld *world, int body, const double *xy, int count, double density, double friction,
                    int collides);
/// Adds a two-sided segment to the world's fixed ground body; returns 0.
int b2s_add_segment(B2SWorld *world, double ax, double ay, double bx, double by, double friction);
/// Pins two bodies together at a world point (a revolute joint); returns 0 or -1.
int b2s_add_pin(B2SWorld *world, int bodyA, int bodyB, double x, double y);

/// Turns on counting of contact begin events (a native contact listener), as a peer of a collision delegate.
void b2s_count_contacts(B2SWorld *world, int enabled);
/// How many contacts have begun since counting was turned on.
long long b2s_contact_begins(const B2SWorld *world);

/// Advances the world by dt seconds.
void b2s_step(B2SWorld *world, double dt);
/// How many bodies were added through b2s_add_body.
int b2s_body_count(const B2SWorld *world);
/// Writes a body's position and angle; leaves them untouched for a bad index.
void b2s_body_pose(const B2SWorld *world, int body, double *x, double *y, double *angle);

#ifdef __cplusplus
}
#endif

#endif
