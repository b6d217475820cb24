// A C face over Chipmunk 7 with the same shape as box2d_shim.h, so the Swift side of both peers reads alike.
// Units are the caller's (the benchmarks use metres); indices out of range return -1 or do nothing.
#ifndef CHIPMUNK_SHIM_H
#define CHIPMUNK_SHIM_H

#ifdef __cplusplus
extern "C" {
#endif

/// An opaque Chipmunk space with its bodies in creation order, and everything it owns.
typedef struct CPSWorld CPSWorld;

/// Body kinds, in the same order as box2d_shim.h.
enum { CPS_STATIC = 0, CPS_KINEMATIC = 1, CPS_DYNAMIC = 2 };

/// Makes a space that solves with `iterations` per step; slop is the allowed overlap in the caller's units.
CPSWorld *cps_create(double gravityX, double gravityY, int allowSleep, int iterations, double slop);
/// Frees the space and every body, shape and constraint in it.
void cps_destroy(CPSWorld *world);

/// Adds a body and returns its index (or -1). Dynamic bodies take their mass from their shapes' densities.
int cps_add_body(CPSWorld *world, int kind, double x, double y, double angle, double vx, double vy, double angularVelocity);
/// Adds a box shape (half extents, local centre and angle); returns 0 or -1.
int cps_add_box(CPSWorld *world, int body, double halfWidth, double halfHeight, double cx, double cy, double angle,
                double density, double friction, int collides);
/// Adds a circle shape; returns 0 or -1.
int cps_add_circle(CPSWorld *world, int body, double radius, double cx, double cy, double density, double friction,
                   int collides);
/// Adds a convex polygon from `count` (x, y) pairs; returns 0 or -1.
int cps_add_polygon(CPSWorld *world, int body, const double *xy, int count, double density, double friction,
                    int collides);
/// Adds a segment to the space's static body; returns 0.
int cps_add_segment(CPSWorld *world, double ax, double ay, double bx, double by, double friction);
/// Pins two bodies together at a world point (a pivot joint); returns 0 or -1.
int cps_add_pin(CPSWorld *world, int bodyA, int bodyB, double x, double y);

/// Turns on counting of collision begin events through the default collision handler.
void cps_count_contacts(CPSWorld *world, int enabled);
/// How many collisions have begun since counting was turned on.
long long cps_contact_begins(const CPSWorld *world);

/// Advances the space by dt seconds.
void cps_step(CPSWorld *world, double dt);
/// How many bodies were added through cps_add_body.
int cps_body_count(const CPSWorld *world);
/// Writes a body's position and angle; leaves them untouched for a bad index.
void cps_body_pose(const CPSWorld *world, int body, double *x, double *y, double *angle);

#ifdef __cplusplus
}
#endif

#endif
