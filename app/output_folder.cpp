#include "output_folder.hpp"
#include <fmt/format.h>
#include <algorithm>
#include <filesystem>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include "plume/io/field_select.hpp"

namespace plume::app {
namespace {

namespace fs = std::filesystem;

bool digits(const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; }

// `<prefix><digits><suffix>`, the pattern of images and checkpoints.
bool numbered(const std::string& name, const std::string& prefix, const std::string& suffix) {
  return name.size() > prefix.size() + suffix.size() && name.compare(0, prefix.size(), prefix) == 0 &&
         name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0 &&
         digits(name.substr(prefix.size(), name.size() - prefix.size() - suffix.size()));
}

bool is_run_file(const std::string& name, bool is_dir) {
  if (is_dir) return name == "insitu" || name == "vtk";  // the Catalyst pipelines' extracts, the VTK files
  if (name == "config.toml" || name == "diagnostics.csv" || name == "summary.json" || name == "summary.txt")
    return true;
  if (numbered(name, "checkpoint_", ".ckpt")) return true;
  for (const Model* m : models())
    for (const std::string& field : io::field_names(*m))
      if (numbered(name, field + "_", ".png")) return true;
  return false;
}

bool same_folder(const std::string& a, const std::string& b) {
  struct stat sa {}, sb {};
  return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

// "config.toml, diagnostics.csv, 5 images, 2 checkpoints, ..." for the message.
std::string describe(const std::vector<std::string>& files) {
  std::size_t images = 0, checkpoints = 0;
  std::vector<std::string> parts;
  for (const auto& f : files) {
    if (numbered(f, "checkpoint_", ".ckpt"))
      ++checkpoints;
    else if (f.size() > 4 && f.compare(f.size() - 4, 4, ".png") == 0)
      ++images;
    else
      parts.push_back(f == "insitu" || f == "vtk" ? f + "/" : f);
  }
  if (images) parts.push_back(fmt::format("{} image{}", images, images > 1 ? "s" : ""));
  if (checkpoints) parts.push_back(fmt::format("{} checkpoint{}", checkpoints, checkpoints > 1 ? "s" : ""));
  std::string list;
  for (const auto& p : parts) list += (list.empty() ? "" : ", ") + p;
  return list;
}

}  // namespace

std::vector<std::string> run_files(const std::string& dir) {
  std::vector<std::string> found;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename();
    std::error_code type_ec;
    if (is_run_file(name, it->is_directory(type_ec))) found.push_back(name);
  }
  std::sort(found.begin(), found.end());
  return found;
}

bool continues_run_in(const config::RunConfig& cfg, const std::string& dir) {
  if (cfg.restart.empty()) return false;
  const fs::path folder = fs::path(cfg.restart).parent_path();
  return same_folder(folder.empty() ? "." : folder.string(), dir);
}

std::string folder_refusal(const config::RunConfig& cfg, const std::string& dir) {
  if (cfg.overwrite || continues_run_in(cfg, dir)) return "";
  const std::vector<std::string> files = run_files(dir);
  if (files.empty()) return "";
  std::string newest;  // the newest checkpoint, for the example of how to continue
  for (const auto& f : files)
    if (numbered(f, "checkpoint_", ".ckpt")) newest = f;  // sorted: zero-padded steps
  return fmt::format(
      "output folder '{}' holds the files of another run ({}); plume does not replace them\n"
      "to replace them pass --overwrite; to continue that run restart from one of its checkpoints{}; or write "
      "into another folder with -o DIR",
      dir, describe(files), newest.empty() ? "" : fmt::format(" (--restart {}/{})", dir, newest));
}

std::size_t remove_run_files(const std::string& dir) {
  std::size_t n = 0;
  for (const auto& name : run_files(dir)) {
    std::error_code ec;
    fs::remove_all(fs::path(dir) / name, ec);
    if (ec) throw std::runtime_error(fmt::format("cannot remove '{}/{}': {}", dir, name, ec.message()));
    ++n;
  }
  return n;
}

FolderLock::~FolderLock() {
  if (fd_ >= 0) ::close(fd_);  // releases the lock; the file stays, for the next run to lock
}

std::string FolderLock::acquire(const std::string& dir, std::string& note) {
  const std::string path = dir + "/.plume.lock";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    note = fmt::format("cannot create the lock file '{}' ({}): a second run writing into this folder would not be refused",
                       path, std::strerror(errno));
    return "";
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    if (err != EWOULDBLOCK) {
      ::close(fd);
      note = fmt::format("the file system of '{}' takes no locks ({}): a second run writing into it would not be refused",
                         dir, std::strerror(err));
      return "";
    }
    char holder[256] = {};
    const ssize_t n = ::pread(fd, holder, sizeof holder - 1, 0);
    ::close(fd);
    std::string who = n > 0 ? std::string(holder, std::size_t(n)) : std::string();
    while (!who.empty() && (who.back() == '\n' || who.back() == ' ')) who.pop_back();
    return fmt::format("output folder '{}' is in use by another plume run{}: wait for it to end, or choose another "
                       "folder (-o DIR)",
                       dir, who.empty() ? "" : " (" + who + ")");
  }
  fd_ = fd;
  return "";
}

void FolderLock::stamp() {
  if (fd_ < 0) return;
  char host[256] = {};
  ::gethostname(host, sizeof host - 1);
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  char when[32] = {};
  std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  const std::string who = fmt::format("pid {} on {}, started {}\n", ::getpid(), host, when);
  if (::ftruncate(fd_, 0) == 0) (void)!::pwrite(fd_, who.data(), who.size(), 0);  // the lock holds without it
}

}  // namespace plume::app
