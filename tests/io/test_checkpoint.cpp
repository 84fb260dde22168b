// Checkpoint files: layout, round trip, and refusal of corrupt, truncated, foreign or
// mismatched files with a message that says which.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <cmath>
#include <cstring>
#include <random>
#include "plume/io/build_info.hpp"
#include "plume/io/checkpoint.hpp"
#include "d2q37/lattice.hpp"
#include "test_support.hpp"

using namespace plume;
using plume::test::read_file;
using plume::test::TempDir;
using plume::test::write_file;

namespace {

struct Written {
  config::RunConfig cfg;
  std::vector<double> f;
  std::string path;
};

Written write_sample(const TempDir& tmp) {
  Written w;
  w.cfg = plume::test::tiny_config(tmp / "out");
  w.cfg.solver.nx = 8;
  w.cfg.solver.ny = 10;
  w.f.resize(std::size_t(d2q37::D2Q37::Q) * 8 * 10);
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (double& v : w.f) v = u(rng);
  w.f[3] = -0.0;  // signed zero and subnormals must survive too
  w.f[4] = 4.9e-324;
  w.path = tmp / "state.ckpt";
  io::write_checkpoint(w.path, w.cfg.solver, config::to_toml(w.cfg), 1234, w.f);
  return w;
}

std::string read_error(const std::string& path) {
  try {
    io::read_checkpoint(path);
  } catch (const io::CheckpointError& e) {
    return e.what();
  }
  return "";
}

void patch(const std::string& path, std::size_t offset, const std::string& bytes) {
  std::string s = read_file(path);
  s.replace(offset, bytes.size(), bytes);
  write_file(path, s);
}

}  // namespace

TEST(Checkpoint, Fnv1a64MatchesPublishedValues) {
  EXPECT_EQ(io::fnv1a64("", 0), 0xcbf29ce484222325ull);
  EXPECT_EQ(io::fnv1a64("a", 1), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(io::fnv1a64("foobar", 6), 0x85944171f73967e8ull);
  // Hashing in pieces equals hashing at once (the writer streams).
  EXPECT_EQ(io::fnv1a64("bar", 3, io::fnv1a64("foo", 3)), io::fnv1a64("foobar", 6));
}

TEST(Checkpoint, RoundTripIsBitExactAndSelfDescribing) {
  TempDir tmp;
  const Written w = write_sample(tmp);
  const io::Checkpoint c = io::read_checkpoint(w.path);
  ASSERT_EQ(c.populations.size(), w.f.size());
  EXPECT_EQ(std::memcmp(c.populations.data(), w.f.data(), w.f.size() * sizeof(double)), 0);
  EXPECT_EQ(c.header.version, io::kCheckpointVersion);
  EXPECT_EQ(c.header.lattice, "D2Q37");
  EXPECT_EQ(c.header.version, io::kCheckpointVersion);
  EXPECT_EQ(c.header.model, "d2q37");
  EXPECT_EQ(c.header.nz, 1);
  EXPECT_EQ(c.header.Q, 37);
  EXPECT_EQ(c.header.D, 2);
  EXPECT_EQ(c.header.nx, 8);
  EXPECT_EQ(c.header.ny, 10);
  EXPECT_EQ(c.header.step, 1234);
  EXPECT_DOUBLE_EQ(c.header.time, 1234 / d2q37::D2Q37::r);
  EXPECT_EQ(c.header.writer, io::build_description());
  EXPECT_EQ(config::to_toml(config::parse_config(c.header.config_toml, "stored")), config::to_toml(w.cfg));
}

TEST(Checkpoint, LayoutIsTheDocumentedOne) {
  TempDir tmp;
  const Written w = write_sample(tmp);
  const std::string s = read_file(w.path);
  const io::CheckpointHeader h = io::read_checkpoint_header(w.path);
  EXPECT_EQ(s.substr(0, 8), "PLUMECKP");
  EXPECT_EQ(s.substr(8, 4), std::string("\x02\0\0\0", 4)) << "version 2, little-endian";
  EXPECT_EQ(s.substr(12, 4), std::string("\x04\x03\x02\x01", 4)) << "byte-order marker";
  EXPECT_EQ(s.substr(16, 5), "D2Q37");
  EXPECT_EQ(s.substr(32, 5), "d2q37") << "the model";
  std::int64_t nz = 0;
  std::memcpy(&nz, s.data() + 72, 8);
  EXPECT_EQ(nz, 1);
  EXPECT_EQ(s.size(), io::kCheckpointHeaderBytes + h.config_toml.size() + h.writer.size() + 8 * w.f.size() + 8);
  // The first population value sits right after the texts, little-endian.
  double first;
  std::memcpy(&first, s.data() + io::kCheckpointHeaderBytes + h.config_toml.size() + h.writer.size(), 8);
  EXPECT_EQ(first, w.f[0]);
  // The trailer is the FNV-1a of everything before it.
  std::uint64_t stored;
  std::memcpy(&stored, s.data() + s.size() - 8, 8);
  EXPECT_EQ(stored, io::fnv1a64(s.data(), s.size() - 8));
}

TEST(Checkpoint, SolidSitesMakeVersion3WithTheMaskAfterThePopulations) {
  TempDir tmp;
  const Written w = write_sample(tmp);
  std::vector<std::uint8_t> mask(8 * 10, 0);
  mask[0] = mask[17] = mask[79] = 1;
  const std::string path = tmp / "solids.ckpt";
  io::write_checkpoint(path, w.cfg.solver, config::to_toml(w.cfg), 1234, w.f, mask);
  const std::string s = read_file(path), v2 = read_file(w.path);
  const io::CheckpointHeader h = io::read_checkpoint_header(path);
  EXPECT_EQ(s.substr(8, 4), std::string("\x03\0\0\0", 4)) << "version 3";
  std::uint64_t m = 0;
  std::memcpy(&m, s.data() + 128, 8);
  EXPECT_EQ(m, 80u) << "the mask's length after the payload's";
  const std::size_t texts = h.config_toml.size() + h.writer.size(), payload = 8 * w.f.size();
  EXPECT_EQ(s.size(), io::kCheckpointHeaderBytesV3 + texts + payload + 80 + 8);
  // The rest of the header, the texts and the populations are version 2's bytes.
  EXPECT_EQ(s.substr(12, 116), v2.substr(12, 116));
  EXPECT_EQ(s.substr(136, texts + payload), v2.substr(128, texts + payload));
  EXPECT_EQ(s.substr(136 + texts + payload, 80), std::string(mask.begin(), mask.end()));
  std::uint64_t stored;
  std::memcpy(&stored, s.data() + s.size() - 8, 8);
  EXPECT_EQ(stored, io::fnv1a64(s.data(), s.size() - 8));
  const io::Checkpoint c = io::read_checkpoint(path);
  EXPECT_EQ(c.solids, mask);
  EXPECT_EQ(c.populations, w.f);
  EXPECT_TRUE(io::read_checkpoint(w.path).solids.empty());

  // A mask of the wrong size is not written; a flipped mask byte fails the checksum; a mask byte
  // other than 0 and 1 is refused even with a matching checksum.
  EXPECT_THROW(io::write_checkpoint(tmp / "x.ckpt", w.cfg.solver, "", 1, w.f, std::vector<std::uint8_t>(79)),
               io::CheckpointError);
  std::string bad = s;
  bad[136 + texts + payload + 5] = 1;
  write_file(tmp / "flipped.ckpt", bad);
  EXPECT_HAS(read_error(tmp / "flipped.ckpt"), "checksum mismatch");
  bad = s;
  bad[136 + texts + payload + 5] = 2;
  const std::uint64_t fixed = io::fnv1a64(bad.data(), bad.size() - 8);
  std::memcpy(bad.data() + bad.size() - 8, &fixed, 8);
  write_file(tmp / "two.ckpt", bad);
  EXPECT_HAS(read_error(tmp / "two.ckpt"), "is corrupt: a solid site's mask holds 2 (0 or 1 expected)");
  bad = s;
  bad[128] = 81;  // a mask length that is not the lattice's
  write_file(tmp / "length.ckpt", bad);
  EXPECT_HAS(read_error(tmp / "length.ckpt"), "its header is inconsistent");
}

TEST(Checkpoint, WritingLeavesNoTemporaryFile) {
  TempDir tmp;
  write_sample(tmp);
  std::size_t n = 0;
  for (const auto& e : std::filesystem::directory_iterator(tmp.path)) n += e.path().filename() == "state.ckpt" ? 0 : 1;
  EXPECT_EQ(n, 0u);
}

TEST(Checkpoint, CorruptPayloadIsRefused) {
  TempDir tmp;
  const Written w = write_sample(tmp);
  std::string s = read_file(w.path);
  s[s.size() - 100] ^= 0x10;  // one bit of one population
  write_file(w.path, s);
  EXPECT_HAS(read_error(w.path), "is corrupt: checksum mismatch");
}

TEST(Checkpoint, CorruptConfigurationTextIsRefused) {
  TempDir tmp;
  const Written w = write_sample(tmp);
  std::string s = read_file(w.path);
  s[io::kCheckpointHeaderBytes + 20] ^= 0x01;
  write_file(w.path, s);
  EXPECT_HAS(read_error(w.path), "checksum mismatch");
}

TEST(Checkpoint, TruncatedFileIsRefused) {
  TempDir tmp;
  const Written w = write_sample(tmp);
  const std::string s = read_file(w.path);
  write_file(w.path, s.substr(0, s.size() - 100));
  EXPECT_HAS(read_error(w.path), "is truncated: " + std::to_string(s.size() - 100) + " bytes, the header announces " +
                                     std::to_string(s.size()));
  write_file(w.path, s.substr(0, 50));
  EXPECT_HAS(read_error(w.path), "is truncated");
  write_file(w.path, s.substr(0, 3));
  EXPECT_HAS(read_error(w.path), "is truncated");
}

TEST(Checkpoint, TrailingBytesAreRefused) {
  TempDir tmp;
  const Written w = write_sample(tmp);
  write_file(w.path, read_file(w.path) + "extra");
  EXPECT_HAS(read_error(w.path), "is corrupt");
}

TEST(Checkpoint, WrongMagicIsRefused) {
  TempDir tmp;
  const Written w = write_sample(tmp);
  patch(w.path, 0, "NOTPLUME");
  EXPECT_HAS(read_error(w.path), "is not a plume checkpoint (bad magic number)");
  write_file(tmp / "config.toml", "[lattice]\nnx = 64\n" + std::string(200, '#'));
  EXPECT_HAS(read_error(tmp / "config.toml"), "is not a plume checkpoint");
}

TEST(Checkpoint, OtherFormatVersionIsRefused) {
  TempDir tmp;
  const Written w = write_sample(tmp);
  patch(w.path, 8, std::string("\x05\0\0\0", 4));
  EXPECT_HAS(read_error(w.path), "has format version 5; this plume reads versions 1 to 4");
}

TEST(Checkpoint, InconsistentHeaderIsRefusedBeforeAllocating) {
  TempDir tmp;
  const Written w = write_sample(tmp);
  patch(w.path, 56, std::string("\xff\xff\xff\xff\xff\xff\x00\x00", 8));  // nx = 2^48 - 1
  EXPECT_HAS(read_error(w.path), "is corrupt: its header is inconsistent");
}

TEST(Checkpoint, MissingFileIsRefused) {
  EXPECT_HAS(read_error("/nonexistent/x.ckpt"), "cannot be opened: No such file or directory");
}

TEST(Checkpoint, MismatchedLatticeSizeIsRefused) {
  TempDir tmp;
  const Written w = write_sample(tmp);
  config::RunConfig other = w.cfg;
  other.solver.nx = 16;
  const io::CheckpointHeader h = io::read_checkpoint_header(w.path);
  try {
    io::check_compatible(h, other.solver, w.path);
    FAIL() << "accepted";
  } catch (const io::CheckpointError& e) {
    EXPECT_HAS(std::string(e.what()), "is 8 x 10 but this run's lattice is 16 x 10");
  }
  EXPECT_NO_THROW(io::check_compatible(h, w.cfg.solver, w.path));
}

TEST(Checkpoint, OtherLatticeTypeIsRefused) {
  TempDir tmp;
  const Written w = write_sample(tmp);
  io::CheckpointHeader h = io::read_checkpoint_header(w.path);
  h.lattice = "D2Q9";
  h.Q = 9;
  try {
    io::check_compatible(h, w.cfg.solver, w.path);
    FAIL() << "accepted";
  } catch (const io::CheckpointError& e) {
    EXPECT_HAS(std::string(e.what()), "holds a D2Q9 lattice (D=2, Q=9); this run uses D2Q37");
  }
}

TEST(Checkpoint, WrongNumberOfValuesIsNotWritten) {
  TempDir tmp;
  const config::RunConfig cfg = plume::test::tiny_config(tmp / "out");
  EXPECT_THROW(io::write_checkpoint(tmp / "x.ckpt", cfg.solver, "", 0, std::vector<double>(10)), io::CheckpointError);
  EXPECT_FALSE(std::filesystem::exists(tmp / "x.ckpt"));
}

TEST(Checkpoint, DirectoryIsNamedAsADirectory) {
  TempDir tmp;
  EXPECT_HAS(read_error(tmp.path), "checkpoint '" + tmp.path + "' is a directory");
  try {
    io::read_checkpoint_header(tmp.path);
    ADD_FAILURE() << "a directory was read as a checkpoint header";
  } catch (const io::CheckpointError& e) {
    EXPECT_HAS(std::string(e.what()), "is a directory");
  }
}

TEST(Checkpoint, NegativeStepIsRefused) {
  TempDir tmp;
  const Written w = write_sample(tmp);
  // A step of -5 with a checksum that matches, as a writer with a bug would leave it.
  std::string s = read_file(w.path);
  const long long step = -5;
  for (int i = 0; i < 8; ++i) s[80 + i] = char((std::uint64_t(step) >> (8 * i)) & 0xff);
  const std::uint64_t h = io::fnv1a64(s.data(), s.size() - 8);
  for (int i = 0; i < 8; ++i) s[s.size() - 8 + i] = char((h >> (8 * i)) & 0xff);
  write_file(w.path, s);
  EXPECT_HAS(read_error(w.path), "is corrupt: its step is negative (-5)");
  EXPECT_THROW(io::write_checkpoint(tmp / "neg.ckpt", w.cfg.solver, config::to_toml(w.cfg), -1, w.f), io::CheckpointError);
}

TEST(Checkpoint, NonFiniteTimeIsRefused) {
  TempDir tmp;
  const Written w = write_sample(tmp);
  // A NaN time (after the step, at byte 88) with a checksum that matches.
  std::string s = read_file(w.path);
  const double nan = std::nan("");
  std::memcpy(s.data() + 88, &nan, 8);
  const std::uint64_t h = io::fnv1a64(s.data(), s.size() - 8);
  for (int i = 0; i < 8; ++i) s[s.size() - 8 + i] = char((h >> (8 * i)) & 0xff);
  write_file(w.path, s);
  EXPECT_HAS(read_error(w.path), "is corrupt: its time is nan (a finite number >= 0 expected)");
}

// A FIFO would block the reader until a writer came (and `plume check --restart FIFO` hung); a
// device never ends. Both are named, not read.
TEST(Checkpoint, FifoOrDeviceIsRefusedWithoutBeingRead) {
  TempDir tmp;
  const std::string fifo = tmp / "state.ckpt";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_HAS(read_error(fifo), "checkpoint '" + fifo + "' is a FIFO (named pipe), not a checkpoint file");
  EXPECT_HAS(read_error("/dev/zero"), "checkpoint '/dev/zero' is a character device, not a checkpoint file");
  EXPECT_THROW(io::read_checkpoint_header(fifo), io::CheckpointError);
}

// A checksum says that the file is the one written, not that its state is sound: NaN or negative
// populations are refused when restored, before a run makes any output (and calls the file its
// last good checkpoint).
TEST(Checkpoint, UnphysicalStateIsRefusedOnRestore) {
  TempDir tmp;
  const config::RunConfig cfg = plume::test::tiny_config(tmp / "out");  // 32 x 48 sites
  Solver sound(cfg.solver);
  sound.initialize();
  const std::vector<double> f = sound.checkpoint_out().populations;
  for (const auto& [value, what] : {std::pair{std::nan(""), "rho is NaN"}, std::pair{-1.0, "rho = -37"}}) {
    const std::string file = tmp / "bad.ckpt";
    io::write_checkpoint(file, cfg.solver, config::to_toml(cfg), 20, std::vector<double>(f.size(), value));
    Solver restarted(cfg.solver);
    try {
      io::restore_checkpoint(file, restarted, cfg.solver);
      ADD_FAILURE() << what << ": restored";
    } catch (const io::CheckpointError& e) {
      EXPECT_HAS(std::string(e.what()), "checkpoint '" + file + "' holds an unphysical state (step 20): " + what +
                                            " at (x=0, y=0, z=0), 1536 bad sites in all");
    }
  }
  io::write_checkpoint(tmp / "sound.ckpt", cfg.solver, config::to_toml(cfg), 20, f);
  Solver restarted(cfg.solver);
  EXPECT_EQ(io::restore_checkpoint(tmp / "sound.ckpt", restarted, cfg.solver).step, 20);
}
