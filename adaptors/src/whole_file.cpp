#include "whole_file.hpp"
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace plume::catalyst {

namespace {

bool starts_with(const std::string& s, const char* p, std::size_t n) { return s.size() >= n && std::memcmp(s.data(), p, n) == 0; }
bool ends_with(const std::string& s, const char* p, std::size_t n) {
  return s.size() >= n && std::memcmp(s.data() + s.size() - n, p, n) == 0;
}

}  // namespace

std::string not_whole(const std::string& path) {
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec) return "cannot be read: " + ec.message();
  if (size == 0) return "is empty";
  std::ifstream in(path, std::ios::binary);
  constexpr std::size_t kEnd = 64;
  std::string head(std::size_t(std::min<std::uintmax_t>(size, kEnd)), '\0'), tail = head;
  in.read(head.data(), std::streamsize(head.size()));
  in.seekg(std::streamoff(size - tail.size()));
  in.read(tail.data(), std::streamsize(tail.size()));
  if (!in) return "cannot be read";

  static const char kPng[] = "\x89PNG\r\n\x1a\n";
  static const char kIend[] = "\0\0\0\0IEND\xae\x42\x60\x82";  // an empty chunk, its type and CRC
  if (starts_with(head, kPng, 8)) return ends_with(tail, kIend, 12) ? "" : "is cut short (a PNG without its end)";
  if (starts_with(head, "\xff\xd8", 2))
    return ends_with(tail, "\xff\xd9", 2) ? "" : "is cut short (a JPEG without its end-of-image marker)";

  const std::string ext = std::filesystem::path(path).extension().string();
  const bool vtk_xml = (ext.rfind(".vt", 0) == 0 || ext.rfind(".pvt", 0) == 0) && ext != ".vtk";  // not the legacy format
  const std::size_t first = head.find_first_not_of(" \t\r\n");
  const bool xml = first != std::string::npos && head.compare(first, 1, "<") == 0;
  if (vtk_xml && !xml) return "is not a VTK XML file (it does not begin with '<')";
  if (xml && (vtk_xml || head.find("<VTKFile") != std::string::npos)) {
    const std::size_t last = tail.find_last_not_of(" \t\r\n");
    const std::string closing = "</VTKFile>";
    if (last == std::string::npos || last + 1 < closing.size() || tail.compare(last + 1 - closing.size(), closing.size(), closing) != 0)
      return "is cut short (it does not end with </VTKFile>)";
  }
  return "";
}

}  // namespace plume::catalyst
