#include "plume/parallel/decomposition.hpp"
#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <vector>

namespace plume::parallel {

namespace {
constexpr char kAxisName[kAxes] = {'x', 'y', 'z'};

std::string lattice_name(const Domain& g) {
  return std::to_string(g.NX) + "x" + std::to_string(g.NY) + (g.NZ > 1 ? "x" + std::to_string(g.NZ) : "") +
         " lattice";
}
}  // namespace

const char* face_name(Face f) {
  static const char* names[kFaces] = {"x-low", "x-high", "y-low", "y-high", "z-low", "z-high"};
  return names[f];
}

Tiling parse_tiling(const std::string& text) {
  if (text == "auto") return {};
  const auto bad = [&] {
    return std::invalid_argument("tiling '" + text +
                                 "': expected 'auto' or TXxTY, tiles along x and y (e.g. '2x2'), or TXxTYxTZ for a 3-D lattice");
  };
  std::vector<std::string> parts(1);
  for (char c : text) {
    if (c == 'x')
      parts.emplace_back();
    else
      parts.back() += c;
  }
  if (parts.size() < 2 || parts.size() > 3) throw bad();
  const auto number = [&](const std::string& s) {
    if (s.empty() || s.size() > 6 || !std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); }))
      throw bad();
    const int v = std::stoi(s);
    if (v < 1) throw bad();
    return v;
  };
  return {number(parts[0]), number(parts[1]), parts.size() == 3 ? number(parts[2]) : 1};
}

std::string to_string(const Tiling& t) {
  if (t.automatic()) return "auto";
  const auto side = [](int n) { return n > 0 ? std::to_string(n) : std::string("*"); };
  return side(t.px) + "x" + side(t.py) + (t.pz != 1 ? "x" + side(t.pz) : "");
}

}  // namespace plume::parallel

namespace plume {
std::string size_text(const Domain& g) {
  return std::to_string(g.NX) + " x " + std::to_string(g.NY) + (g.NZ > 1 ? " x " + std::to_string(g.NZ) : "");
}
}  // namespace plume

namespace plume::parallel {

Range split(int n, int parts, int k) {
  const int base = n / parts, extra = n % parts;
  return {k * base + std::min(k, extra), base + (k < extra ? 1 : 0)};
}

namespace {

// "" or the problem of one direction: which tiles are too short.
std::string side_problem(int n, int parts, int axis, int reach) {
  const int min = min_tile_side(reach);
  const Range smallest = split(n, parts, parts - 1);
  if (parts == 1 || smallest.size >= min) return "";
  // The short tiles are the last ones (the larger parts come first).
  int first = 0;
  while (split(n, parts, first).size >= min) ++first;
  const std::string a(1, kAxisName[axis]);
  const std::string which = first == parts - 1
                                ? "tile " + a + "=" + std::to_string(first) + " is "
                                : "tiles " + a + "=" + std::to_string(first) + ".." + std::to_string(parts - 1) + " are ";
  static const char* extent[kAxes] = {" wide", " tall", " deep"};
  return which + std::to_string(smallest.size) + " site" + (smallest.size == 1 ? "" : "s") + extent[axis] +
         "; at most " + std::to_string(std::max(1, n / min)) + " tiles fit along " + a;
}

}  // namespace

std::string tiling_problem(const Domain& g, const Tiling& t, int reach) {
  const std::string lattice = lattice_name(g);
  if (!t.complete()) return "tiling " + to_string(t) + " of the " + lattice + " lacks tile counts";
  std::string problems;
  for (int a = 0; a < kAxes; ++a) {
    const std::string p = side_problem(g.global_size(a), t.along(a), a, reach);
    if (!p.empty()) problems += (problems.empty() ? "" : "; ") + p;
  }
  if (problems.empty()) return "";
  return "tiling " + to_string(t) + " does not fit the " + lattice + ": " + problems + " (every tile needs at least " +
         std::to_string(min_tile_side(reach)) + " = 2 x reach + 1 sites in " + (g.NZ > 1 ? "x, y and z" : "x and in y") +
         ")";
}

Decomposition::Decomposition(const Domain& global, const Tiling& t, const Periodic& periodic, int reach)
    : global_(Domain::whole(global.NX, global.NY, global.NZ)), t_(t), periodic_(periodic), reach_(reach) {
  if (global_.NZ == 1) periodic_[2] = false;  // a 2-D lattice has no z neighbours
  const std::string problem = tiling_problem(global_, t, reach);
  if (!problem.empty()) throw std::invalid_argument(problem);
}

int Decomposition::tile(int rank, int axis) const {
  if (axis == 0) return rank % t_.px;
  if (axis == 1) return (rank / t_.px) % t_.py;
  return rank / (t_.px * t_.py);
}

Domain Decomposition::domain(int rank) const {
  Range r[kAxes];
  for (int a = 0; a < kAxes; ++a) r[a] = split(global_.global_size(a), t_.along(a), tile(rank, a));
  return Domain{r[0].size, r[1].size, r[2].size, r[0].begin, r[1].begin, r[2].begin, global_.NX, global_.NY, global_.NZ};
}

Neighbours Decomposition::neighbours(int rank) const {
  int t[kAxes];
  for (int a = 0; a < kAxes; ++a) t[a] = tile(rank, a);
  Neighbours nb;
  for (int a = 0; a < kAxes; ++a) {
    const int p = t_.along(a);
    const Face low = Face(2 * a), high = Face(2 * a + 1);
    if (p == 1) {
      if (periodic_[a]) nb[low] = nb[high] = {Link::Self, rank};
      continue;
    }
    const auto rank_at = [&](int ta) {
      int c[kAxes] = {t[0], t[1], t[2]};
      c[a] = (ta + p) % p;
      return rank_of(c[0], c[1], c[2]);
    };
    if (t[a] > 0 || periodic_[a]) nb[low] = {Link::Remote, rank_at(t[a] - 1)};
    if (t[a] < p - 1 || periodic_[a]) nb[high] = {Link::Remote, rank_at(t[a] + 1)};
  }
  return nb;
}

std::string Decomposition::describe() const {
  const auto sizes = [](int n, int parts) {
    const int big = split(n, parts, 0).size, small = split(n, parts, parts - 1).size;
    return big == small ? std::to_string(big) : std::to_string(big) + ".." + std::to_string(small);
  };
  std::string s = to_string(Tiling{t_.px, t_.py, t_.pz}) + " tiles of the " + lattice_name(global_) + ", " +
                  sizes(global_.NX, t_.px) + " x " + sizes(global_.NY, t_.py);
  if (global_.NZ > 1) s += " x " + sizes(global_.NZ, t_.pz);
  return s + " sites each";
}

}  // namespace plume::parallel
