#include "plume/parallel/decomposition.hpp"
#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace plume::parallel {

const char* face_name(Face f) {
  static const char* names[kFaces] = {"x-low", "x-high", "y-low", "y-high"};
  return names[f];
}

Tiling parse_tiling(const std::string& text) {
  if (text == "auto") return {};
  const auto bad = [&] {
    return std::invalid_argument("tiling '" + text + "': expected 'auto' or TXxTY, tiles along x and y (e.g. '2x2')");
  };
  const std::size_t cut = text.find('x');
  if (cut == std::string::npos || cut == 0 || cut + 1 == text.size()) throw bad();
  const auto number = [&](const std::string& s) {
    if (s.size() > 6 || !std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); }))
      throw bad();
    const int v = std::stoi(s);
    if (v < 1) throw bad();
    return v;
  };
  return {number(text.substr(0, cut)), number(text.substr(cut + 1))};
}

std::string to_string(const Tiling& t) {
  if (t.automatic()) return "auto";
  const auto side = [](int n) { return n > 0 ? std::to_string(n) : std::string("*"); };
  return side(t.px) + "x" + side(t.py);
}

Range split(int n, int parts, int k) {
  const int base = n / parts, extra = n % parts;
  return {k * base + std::min(k, extra), base + (k < extra ? 1 : 0)};
}

namespace {

// "" or the problem of one direction: which tiles are too narrow.
std::string side_problem(int n, int parts, char axis, int reach) {
  const int min = min_tile_side(reach);
  const Range smallest = split(n, parts, parts - 1);
  if (parts == 1 || smallest.size >= min) return "";
  // The short tiles are the last ones (the larger parts come first).
  int first = 0;
  while (split(n, parts, first).size >= min) ++first;
  const std::string a(1, axis);
  const std::string which = first == parts - 1
                                ? "tile " + a + "=" + std::to_string(first) + " is "
                                : "tiles " + a + "=" + std::to_string(first) + ".." + std::to_string(parts - 1) + " are ";
  return which + std::to_string(smallest.size) + " site" + (smallest.size == 1 ? "" : "s") +
         (axis == 'x' ? " wide" : " tall") + "; at most " +
         std::to_string(std::max(1, n / min)) + " tiles fit along " + a;
}

}  // namespace

std::string tiling_problem(int NX, int NY, const Tiling& t, int reach) {
  const std::string lattice = std::to_string(NX) + "x" + std::to_string(NY) + " lattice";
  if (!t.complete()) return "tiling " + to_string(t) + " of the " + lattice + " lacks tile counts";
  std::string problems;
  for (const std::string& p : {side_problem(NX, t.px, 'x', reach), side_problem(NY, t.py, 'y', reach)})
    if (!p.empty()) problems += (problems.empty() ? "" : "; ") + p;
  if (problems.empty()) return "";
  return "tiling " + to_string(t) + " does not fit the " + lattice + ": " + problems +
         " (every tile needs at least " + std::to_string(min_tile_side(reach)) +
         " = 2 x reach + 1 sites in x and in y)";
}

Decomposition::Decomposition(int NX, int NY, const Tiling& t, bool periodic_y, int reach)
    : NX_(NX), NY_(NY), px_(t.px), py_(t.py), reach_(reach), periodic_y_(periodic_y) {
  const std::string problem = tiling_problem(NX, NY, t, reach);
  if (!problem.empty()) throw std::invalid_argument(problem);
}

Domain Decomposition::domain(int rank) const {
  const Range x = split(NX_, px_, tile_x(rank)), y = split(NY_, py_, tile_y(rank));
  return Domain{x.size, y.size, x.begin, y.begin, NX_, NY_};
}

Neighbours Decomposition::neighbours(int rank) const {
  const int tx = tile_x(rank), ty = tile_y(rank);
  Neighbours nb;
  // x is periodic: the ring of tiles along x closes.
  if (px_ == 1) {
    nb[XLow] = nb[XHigh] = {Link::Self, rank};
  } else {
    nb[XLow] = {Link::Remote, rank_of((tx + px_ - 1) % px_, ty)};
    nb[XHigh] = {Link::Remote, rank_of((tx + 1) % px_, ty)};
  }
  if (py_ == 1) {
    if (periodic_y_) nb[YLow] = nb[YHigh] = {Link::Self, rank};
  } else {
    if (ty > 0 || periodic_y_) nb[YLow] = {Link::Remote, rank_of(tx, (ty + py_ - 1) % py_)};
    if (ty < py_ - 1 || periodic_y_) nb[YHigh] = {Link::Remote, rank_of(tx, (ty + 1) % py_)};
  }
  return nb;
}

std::string Decomposition::describe() const {
  const auto sizes = [](int n, int parts) {
    const int big = split(n, parts, 0).size, small = split(n, parts, parts - 1).size;
    return big == small ? std::to_string(big) : std::to_string(big) + ".." + std::to_string(small);
  };
  return std::to_string(px_) + "x" + std::to_string(py_) + " tiles of the " + std::to_string(NX_) + "x" +
         std::to_string(NY_) + " lattice, " + sizes(NX_, px_) + " x " + sizes(NY_, py_) + " sites each";
}

}  // namespace plume::parallel
