#include "plume/geometry/stl_check.hpp"
#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string_view>
#include "plume/geometry/error.hpp"
#include "read_file.hpp"

namespace plume::geometry {

namespace {

// Binary STL: an 80-byte header, a little-endian uint32 count, then 50 bytes per triangle (a
// normal and three vertices, 12 floats, and a 16-bit attribute).
constexpr std::uint64_t kHeader = 84, kTriangle = 50;

struct Bounds {
  double lo[3] = {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
                  std::numeric_limits<double>::infinity()};
  double hi[3] = {-lo[0], -lo[1], -lo[2]};
  long long triangles = 0;
  void add(const double p[3]) {
    for (int a = 0; a < 3; ++a) lo[a] = std::min(lo[a], p[a]), hi[a] = std::max(hi[a], p[a]);
  }
};

std::uint32_t uint32_le(const unsigned char* p) {
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}

float float_le(const unsigned char* p) {
  const std::uint32_t u = uint32_le(p);
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// The vertex's problem, or "".
std::string vertex_problem(long long triangle, const double p[3]) {
  if (std::isfinite(p[0]) && std::isfinite(p[1]) && std::isfinite(p[2])) return "";
  return fmt::format("triangle {} has a vertex that is not a finite number ({}, {}, {})", triangle, p[0], p[1], p[2]);
}

// A binary file's vertices, or what is wrong ("" when it reads).
std::string read_binary(const std::string& bytes, Bounds& b) {
  const auto* u = reinterpret_cast<const unsigned char*>(bytes.data());
  for (std::uint64_t t = 0, n = uint32_le(u + 80); t < n; ++t) {
    const unsigned char* v = u + kHeader + kTriangle * t + 12;  // after the normal
    for (int k = 0; k < 3; ++k) {
      const double p[3] = {float_le(v + 12 * k), float_le(v + 12 * k + 4), float_le(v + 12 * k + 8)};
      if (std::string w = vertex_problem((long long)t + 1, p); !w.empty()) return w;
      b.add(p);
    }
  }
  b.triangles = uint32_le(u + 80);
  return "";
}

// An ASCII file, read as VTK's reader reads it (keywords in any case):
//   solid NAME / (facet normal X Y Z / outer loop / (vertex X Y Z) x3 / endloop / endfacet)* /
//   endsolid NAME, one or more such solids. Returns "" or "line N: what was wrong".
std::string read_ascii(const std::string& text, Bounds& b) {
  std::size_t at = 0;
  long line = 1;
  const auto skip_space = [&] {
    while (at < text.size() && std::isspace((unsigned char)text[at])) line += text[at++] == '\n';
  };
  const auto token = [&]() -> std::string_view {
    skip_space();
    const std::size_t start = at;
    while (at < text.size() && !std::isspace((unsigned char)text[at])) ++at;
    return std::string_view(text).substr(start, at - start);
  };
  const auto rest_of_line = [&] {
    while (at < text.size() && text[at] != '\n') ++at;
  };
  const auto shown = [](std::string_view t) {
    if (t.empty()) return std::string("the end of the file");
    std::string s;
    for (char c : t.substr(0, 24)) s += std::isprint((unsigned char)c) ? c : '?';
    return "'" + s + (t.size() > 24 ? "...'" : "'");
  };
  const auto is = [](std::string_view t, std::string_view word) {
    return t.size() == word.size() &&
           std::equal(t.begin(), t.end(), word.begin(), [](char a, char w) { return std::tolower((unsigned char)a) == w; });
  };
  std::string problem;
  const auto expect = [&](std::string_view word) {
    const std::string_view t = token();
    if (!is(t, word)) problem = fmt::format("line {}: expected '{}' but found {}", line, word, shown(t));
    return problem.empty();
  };
  const auto number = [&](double& v) {
    const std::string_view t = token();
    const std::string s(t);
    char* end = nullptr;
    v = std::strtod(s.c_str(), &end);
    if (t.empty() || end != s.c_str() + s.size()) problem = fmt::format("line {}: expected a number but found {}", line, shown(t));
    return problem.empty();
  };
  if (!expect("solid")) return problem;
  while (true) {
    rest_of_line();  // the solid's name
    while (true) {
      const std::string_view t = token();
      if (is(t, "endsolid")) break;
      if (!is(t, "facet"))
        return fmt::format("line {}: expected 'facet' or 'endsolid' but found {}", line, shown(t));
      double n[3], p[3];
      if (!expect("normal") || !number(n[0]) || !number(n[1]) || !number(n[2]) || !expect("outer") || !expect("loop"))
        return problem;
      ++b.triangles;
      for (int k = 0; k < 3; ++k) {
        if (!expect("vertex") || !number(p[0]) || !number(p[1]) || !number(p[2])) return problem;
        if (std::string w = vertex_problem(b.triangles, p); !w.empty()) return fmt::format("line {}: {}", line, w);
        b.add(p);
      }
      if (!expect("endloop") || !expect("endfacet")) return problem;
    }
    rest_of_line();  // the name after endsolid
    const std::string_view t = token();
    if (t.empty()) return "";
    if (!is(t, "solid")) return fmt::format("line {}: expected 'solid' or the end of the file but found {}", line, shown(t));
  }
}

bool starts_with_solid(const std::string& bytes) {
  std::size_t i = 0;
  while (i < bytes.size() && std::isspace((unsigned char)bytes[i])) ++i;
  if (bytes.size() - i < 5) return false;
  for (int k = 0; k < 5; ++k)
    if (std::tolower((unsigned char)bytes[i + k]) != "solid"[k]) return false;
  return true;
}

}  // namespace

void check_stl_file(const std::string& path, double scale, double x, double y, double z, int nx, int ny, int nz) {
  // 40 million triangles in binary, some 8 million in ASCII: far more than a lattice resolves.
  const std::string bytes = read_input_file(path, "STL file", 2ull << 30);
  const std::uint64_t size = bytes.size();
  const std::uint64_t announced = size >= kHeader ? uint32_le(reinterpret_cast<const unsigned char*>(bytes.data()) + 80) : 0;
  const bool binary = size >= kHeader && size == kHeader + kTriangle * announced;
  const bool ascii = starts_with_solid(bytes);
  const std::string binary_text =
      size < kHeader ? fmt::format("at {} bytes it is shorter than a binary STL's header and count (84 bytes)", size)
                     : fmt::format("read as a binary STL it announces {} triangles, but its {} bytes hold room for {} "
                                   "(84 bytes of header and count, then 50 per triangle)",
                                   announced, size, (size - kHeader) / kTriangle);
  Bounds b;
  // A binary file whose size matches its count is binary, even when its header starts with
  // "solid", as many writers' do.
  if (binary) {
    if (const std::string w = read_binary(bytes, b); !w.empty())
      throw GeometryError(fmt::format("STL file '{}' is not a valid STL file: {}", path, w));
  } else if (ascii) {
    if (const std::string w = read_ascii(bytes, b); !w.empty())
      throw GeometryError(fmt::format("STL file '{}' is not a valid STL file: read as ASCII STL (it starts with "
                                      "'solid'), {}{}",
                                      path, w, size >= kHeader ? "; " + binary_text : ""));
  } else if (size < kHeader) {
    throw GeometryError(fmt::format("STL file '{}' holds no triangles (is it an STL file?): it does not start with "
                                    "'solid' as an ASCII STL does, and {}",
                                    path, binary_text));
  } else {
    throw GeometryError(fmt::format("STL file '{}' is not a valid STL file: {}", path, binary_text));
  }
  if (b.triangles == 0) throw GeometryError(fmt::format("STL file '{}' holds no triangles", path));

  // Placed on the lattice: each axis's span must hold a site, and stay within reach of the lattice.
  const double origin[3] = {x, y, z};
  const int n[3] = {nx, ny, nz};
  const char* axis = "xyz";
  double lo[3], hi[3];
  for (int a = 0; a < 3; ++a) {
    const double p = origin[a] + scale * b.lo[a], q = origin[a] + scale * b.hi[a];
    lo[a] = std::min(p, q);
    hi[a] = std::max(p, q);
  }
  const auto spans = [&] {
    std::string s;
    for (int a = 0; a < 3; ++a) s += fmt::format("{}{} {:.6g} to {:.6g}", a ? ", " : "", axis[a], lo[a], hi[a]);
    return s;
  };
  const std::string placed = fmt::format("STL file '{}', placed with scale {:.6g} at origin ({:.6g}, {:.6g}, {:.6g}) (geometry.stl.scale, x, y, z)",
                                         path, scale, x, y, z);
  for (int a = 0; a < 3; ++a)
    if (!(std::ceil(lo[a]) <= std::floor(hi[a]) && std::ceil(lo[a]) <= n[a] - 1 && std::floor(hi[a]) >= 0))
      throw GeometryError(fmt::format("{}, spans {}: it holds none of the lattice's sites (0 <= {} <= {}), so it "
                                      "would add no solid site",
                                      placed, spans(), axis[a], n[a] - 1));
  for (int a = 0; a < 3; ++a)
    if (!(lo[a] >= -kStlReach && hi[a] <= n[a] - 1 + kStlReach))
      throw GeometryError(fmt::format("{}, spans {}: it reaches more than {:g} sites beyond the lattice along {}, "
                                      "where the voxelisation's coordinates lose their precision",
                                      placed, spans(), kStlReach, axis[a]));
}

}  // namespace plume::geometry
