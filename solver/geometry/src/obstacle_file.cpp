#include "plume/geometry/obstacle_file.hpp"
#include <fmt/format.h>
#include <charconv>
#include <optional>
#include <string_view>
#include <vector>
#include "plume/geometry/error.hpp"
#include "plume/io/printable.hpp"
#include "read_file.hpp"

namespace plume::geometry {

namespace {

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The fields of a line, separated by spaces or tabs.
std::vector<std::string_view> fields_of(std::string_view line) {
  std::vector<std::string_view> f;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && blank(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !blank(line[i])) ++i;
    if (i > start) f.push_back(line.substr(start, i - start));
  }
  return f;
}

// The field as a whole number, with a leading + as in the parameter file (and as the benchmark's
// own fscanf reads both); nullopt when it is not one (all of it: "12abc", "+-1" are not). `huge`:
// a whole number too large for 64 bits.
std::optional<long long> whole_number(std::string_view s, bool& huge) {
  if (s.size() > 1 && s[0] == '+' && s[1] != '-') s.remove_prefix(1);
  long long v = 0;
  const auto [end, err] = std::from_chars(s.data(), s.data() + s.size(), v);
  huge = err == std::errc::result_out_of_range && end == s.data() + s.size();
  if (err != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace

std::shared_ptr<SiteBitmap> read_obstacle_file(const std::string& path, int nx, int ny) {
  // A line per solid site, "x y 1": 64 bytes a site leave room for any spacing and line ends.
  const std::string text = read_input_file(path, "obstacle file", (1u << 20) + 64 * std::uint64_t(nx) * std::uint64_t(ny));
  auto bitmap = std::make_shared<SiteBitmap>(nx, ny);
  std::size_t start = 0;
  for (long line_number = 1; start < text.size(); ++line_number) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::vector<std::string_view> f = fields_of(std::string_view(text).substr(start, end - start));
    start = end + 1;
    if (f.empty()) continue;
    const auto bad = [&](const std::string& problem) {
      return GeometryError(fmt::format("{}:{}: {}", path, line_number, problem));
    };
    if (f.size() < 3)
      throw bad(fmt::format("expected three fields 'x y 1', found {}", f.size()));
    if (f.size() > 3) throw bad(fmt::format("unexpected '{}' after the three fields 'x y 1'", io::printable(f[3])));
    const char* names[3] = {"x", "y", "the third field"};
    const std::string ranges[2] = {fmt::format("0 <= x < nx = {}", nx), fmt::format("0 <= y < ny = {}", ny)};
    long long v[3];
    for (int i = 0; i < 3; ++i) {
      bool huge = false;
      const std::optional<long long> n = whole_number(f[i], huge);
      if (huge && i < 2) throw bad(fmt::format("{} = {} is out of range: {}", names[i], f[i], ranges[i]));
      if (huge) throw bad(fmt::format("the third field is {}; it must be 1 (the cell is solid)", f[i]));
      if (!n) throw bad(fmt::format("{} is '{}', not a whole number", names[i], io::printable(f[i])));
      v[i] = *n;
    }
    if (v[0] < 0 || v[0] >= nx) throw bad(fmt::format("x = {} is out of range: 0 <= x < nx = {}", v[0], nx));
    if (v[1] < 0 || v[1] >= ny) throw bad(fmt::format("y = {} is out of range: 0 <= y < ny = {}", v[1], ny));
    if (v[2] != 1) throw bad(fmt::format("the third field is {}; it must be 1 (the cell is solid)", v[2]));
    bitmap->set(int(v[0]), int(v[1]));
  }
  bitmap->set_description(fmt::format("{} solid sites from {}", bitmap->count(), path));
  return bitmap;
}

}  // namespace plume::geometry
