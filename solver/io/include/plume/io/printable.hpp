// Text from an input file, made safe to quote in a message: a binary or damaged file's bytes were
// echoed raw (a control byte, or half of a UTF-8 sequence, into the terminal). Header-only, for
// the readers of seed 001's files, of obstacle files and of PNG masks.
#pragma once
#include <cstdio>
#include <string>
#include <string_view>

namespace plume::io {

// `text` with every byte outside printable ASCII written as \xNN ("\x01", "\xff").
inline std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if (b >= 0x20 && b < 0x7f) {
      out += c;
    } else {
      char esc[5];
      std::snprintf(esc, sizeof esc, "\\x%02x", b);
      out += esc;
    }
  }
  return out;
}

}  // namespace plume::io
