// The physics of one tracer, in one place and free of messages: the flow's velocity at a point
// (bilinear in 2-D, trilinear in 3-D, of the sites around it) and one update of its position by
// Heun's method (the explicit trapezoid rule) over dt steps:
//   p* = p + dt u(p),   p' = p + dt/2 (u(p) + u(p*)),
// with the velocity of the current state (the tracers are updated after the flow's steps, with
// the flow they arrive in). Along a bounded axis a position is held in [0, N - 1], where the sites
// are; along a periodic one it is kept in [-1/2, N - 1/2), the positions whose nearest site is a
// site of the lattice. A tracer whose new nearest site is solid stays where it was.
#pragma once
#include <array>
#include <string>
#include "tracer.hpp"
#include "window.hpp"

namespace plume::tracers {

// The velocity at p, which must lie within one site of the window's block (the sites it reads lie
// in the window). Each axis interpolates as a + f (b - a), so that a uniform flow gives its
// velocity to the bit.
std::array<double, 3> velocity_at(const Window& w, const Lattice& l, const std::array<double, 3>& p);
// Whether the site nearest p (within one site of the block) is solid.
bool solid_at(const Window& w, const Lattice& l, const std::array<double, 3>& p);

// p held in the lattice along bounded axes (clamped) and wrapped into [-1/2, N - 1/2) along
// periodic ones.
std::array<double, 3> hold(const Lattice& l, std::array<double, 3> p);

// One update of t over dt steps (t.u: the velocity at its new place). "" when done; otherwise why
// it cannot be (a velocity that would carry it more than one site in dt steps: the window would
// not hold the sites it needs), and t is unchanged.
std::string advect(Tracer& t, const Window& w, const Lattice& l, double dt);

}  // namespace plume::tracers
