// Input files read whole (a configuration, seed 001's files, geometry files): only a regular file
// is read, and only up to a size that the kind of file can sensibly have. A FIFO blocks the reader
// until a writer comes and a device (/dev/zero, /dev/urandom) never ends, so either would hang the
// command instead of ending it with a message; a file far larger than its kind would exhaust
// memory. Both are refused before a byte is read.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <sys/stat.h>

namespace plume::io {

// "cannot read <what> '<path>': <why>".
struct InputFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What a file that is not a regular one is, for messages: "a folder", "a FIFO (named pipe)", "a
// character device", "a block device", "a socket"; "" for a regular file.
std::string file_kind(const struct stat& st);

// Opens `path` for reading without waiting for a FIFO's writer and fills `st`; the caller looks at
// st.st_mode before reading. Returns the descriptor (close-on-exec), or -1 with errno set.
int open_for_reading(const std::string& path, struct stat& st);

// The whole of a regular file of at most `max_bytes` bytes. Throws InputFileError naming the file:
// missing or unreadable (the system's reason), not a regular file (what it is), larger than
// `max_bytes` (both sizes).
std::string read_input_file(const std::string& path, const std::string& what, std::uint64_t max_bytes);

}  // namespace plume::io
