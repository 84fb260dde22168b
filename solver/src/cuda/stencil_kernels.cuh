// Step kernels of a 3-D axis stencil of one plane (the diffusion model without walls; its traits
// give next_value<V>(params, t, n): the new value of a site from its own and its six axis
// neighbours', -x, +x, -y, +y, -z, +z). They differ from the column kernel (kernels.cuh) only in
// how they gather the neighbours, so every site gets the same arithmetic: the same bits.
// plume/grid/stencil_kernel.hpp names them; kernels.cuh launches them (launch_box).
//
// Both update the box [x_begin, x_end) x [y_begin, y_end) x [z_begin, z_end) of a block whose
// ghost layers are filled, and read the sites of the box and the one layer around it only (where
// the block's halos are), so any box of a decomposed tile may run them.
#pragma once
#include <cuda_runtime.h>
#include "plume/grid/step_args.hpp"

namespace plume::cuda {

// A shared-memory tile per z layer: block (bx, by, bz) of BX x BY threads updates the sites
// (x0 + tx, y0 + ty + j BY), j < R, of Layers layers from z_begin + bz * Layers up. Each layer's
// tile of (BX + 2) x (BY R + 2) values (the sites and their x and y neighbours; the corners unused)
// is read from memory once, as doubles (FP32 storage is converted once per value, not once per
// neighbour that reads it), and each site reads its four x and y neighbours from it; T below and
// at the site stay in registers, and above comes with the next layer's tile. A thread reads its R
// sites and at most one site of the tile's edge; it loads them Ahead layers before they are used
// (registers), so that each thread has R + 1 times that many loads in flight. Three tiles rotate:
// a thread writes the next layer's while the others may still read the current one, with one
// barrier per layer.
template <class M, int V, class Real, int BX, int BY, int R, int Layers, int Ahead, int MinBlocks>
__global__ void __launch_bounds__(BX * BY, MinBlocks)
    tile_kernel(const StepArgs<Real, typename M::Params> a, int x_begin, int x_end, int y_begin, int y_end,
                int z_begin, int z_end) {
  constexpr int TY = BY * R;  // the tile's rows
  static_assert(BX * BY >= 2 * (BX + TY), "a thread reads at most one site of the tile's edge");
  static_assert(Ahead >= 1, "the next layer at least is read ahead");
  __shared__ double tile[3][TY + 2][BX + 2];
  const Layout& l = a.layout;
  const int pz = l.step(2), py = l.step(1);
  const int tx = int(threadIdx.x), ty = int(threadIdx.y);
  const int bx = x_begin + int(blockIdx.x) * BX, by = y_begin + int(blockIdx.y) * TY;
  const int x = bx + tx;
  const int z0 = z_begin + int(blockIdx.z) * Layers, z1 = min(z_end, z0 + Layers);
  // A site is read where it is the box's or a neighbour of one (x <= x_end, y <= y_end: the
  // tile's part beyond a partial box is neither).
  bool active[R], own[R];
#pragma unroll
  for (int j = 0; j < R; ++j) {
    const int y = by + ty + j * BY;
    active[j] = x < x_end && y < y_end;
    own[j] = x <= x_end && y <= y_end;
  }
  // The edge site this thread reads, in tile coordinates (-1 .. BX, -1 .. TY): rows -1 and TY,
  // then columns -1 and BX.
  const int k = ty * BX + tx;
  int ex = 0, ey = 0;
  bool edge = true;
  if (k < BX) {
    ex = k, ey = -1;
  } else if (k < 2 * BX) {
    ex = k - BX, ey = TY;
  } else if (k < 2 * BX + TY) {
    ex = -1, ey = k - 2 * BX;
  } else if (k < 2 * (BX + TY)) {
    ex = BX, ey = k - 2 * BX - TY;
  } else {
    edge = false;
  }
  edge = edge && bx + ex <= x_end && by + ey <= y_end;
  const int s0 = l.site(x, by + ty, z0), e0 = edge ? l.site(bx + ex, by + ey, z0) : 0;  // site j: s0 + j BY py

  // Layer z0 - 1 (below) and z0 at the sites, z0's tile, and the layers z0 + 1 .. z0 + Ahead.
  double below[R], t[R];
  Real ahead[R][Ahead], ahead_edge[Ahead];
#pragma unroll
  for (int j = 0; j < R; ++j) {
    const int s = s0 + j * BY * py;
    below[j] = own[j] ? double(load_ro(a.src[0] + s - pz)) : 0.0;
    t[j] = own[j] ? double(load_ro(a.src[0] + s)) : 0.0;
    tile[0][ty + j * BY + 1][tx + 1] = t[j];
#pragma unroll
    for (int i = 0; i < Ahead; ++i) ahead[j][i] = own[j] && z0 + 1 + i <= z1 ? load_ro(a.src[0] + s + (1 + i) * pz) : Real(0);
  }
  if (edge) tile[0][ey + 1][ex + 1] = double(load_ro(a.src[0] + e0));
#pragma unroll
  for (int i = 0; i < Ahead; ++i) ahead_edge[i] = edge && z0 + 1 + i <= z1 ? load_ro(a.src[0] + e0 + (1 + i) * pz) : Real(0);

  int cur = 0;
  for (int z = z0, s = s0, e = e0; z < z1; ++z, s += pz, e += pz) {
    // The next layer's tile, then the loads of layer z + 1 + Ahead (layers up to z1, the last
    // one's above).
    const int next = cur == 2 ? 0 : cur + 1;
    const bool in = z + 1 + Ahead <= z1;
    double above[R];
#pragma unroll
    for (int j = 0; j < R; ++j) {
      above[j] = double(ahead[j][0]);
      tile[next][ty + j * BY + 1][tx + 1] = above[j];
#pragma unroll
      for (int i = 0; i + 1 < Ahead; ++i) ahead[j][i] = ahead[j][i + 1];
      ahead[j][Ahead - 1] = own[j] && in ? load_ro(a.src[0] + s + j * BY * py + (1 + Ahead) * pz) : Real(0);
    }
    if (edge) tile[next][ey + 1][ex + 1] = double(ahead_edge[0]);
#pragma unroll
    for (int i = 0; i + 1 < Ahead; ++i) ahead_edge[i] = ahead_edge[i + 1];
    ahead_edge[Ahead - 1] = edge && in ? load_ro(a.src[0] + e + (1 + Ahead) * pz) : Real(0);
    // Layer z's tile is complete (written in the step before, or before the loop), and every
    // thread is done with the tile that the step after this one overwrites.
    __syncthreads();
    const double(&c)[TY + 2][BX + 2] = tile[cur];
#pragma unroll
    for (int j = 0; j < R; ++j) {
      const int r = ty + j * BY + 1;  // the site's row in the tile
      if (active[j]) {
        const double n[6] = {c[r][tx], c[r][tx + 2], c[r - 1][tx + 1], c[r + 1][tx + 1], below[j], above[j]};
        a.dst[0][s + j * BY * py] = Real(M::template next_value<V>(a.params, t[j], n));
      }
      below[j] = t[j];
      t[j] = above[j];
    }
    cur = next;
  }
}

// W neighbouring sites of a row as one load or store: 8 or 16 bytes (32 or 64 in 16-byte parts),
// aligned where x is a multiple of W (a row's interior starts on 256 bytes, plume/grid/layout.hpp).
template <class Real, int W>
struct Vec {
  static_assert(W * sizeof(Real) == 8 || W * sizeof(Real) == 16 || W * sizeof(Real) == 32 || W * sizeof(Real) == 64,
                "8, 16, 32 or 64 bytes");
  using Part = std::conditional_t<sizeof(Real) == 4, std::conditional_t<W == 2, float2, float4>, double2>;
  static constexpr int parts = W * int(sizeof(Real)) / int(sizeof(Part));
  static __device__ __forceinline__ void load(const Real* p, Real (&v)[W]) {
#pragma unroll
    for (int q = 0; q < parts; ++q) {
      const Part u = __ldg(reinterpret_cast<const Part*>(p) + q);
      static_assert(sizeof(Part) == 8 || sizeof(Part) == 16, "");
      const Real* r = reinterpret_cast<const Real*>(&u);
#pragma unroll
      for (int i = 0; i < int(sizeof(Part) / sizeof(Real)); ++i) v[q * int(sizeof(Part) / sizeof(Real)) + i] = r[i];
    }
  }
  static __device__ __forceinline__ void store(Real* p, const Real (&v)[W]) {
#pragma unroll
    for (int q = 0; q < parts; ++q) {
      Part u;
      Real* r = reinterpret_cast<Real*>(&u);
#pragma unroll
      for (int i = 0; i < int(sizeof(Part) / sizeof(Real)); ++i) r[i] = v[q * int(sizeof(Part) / sizeof(Real)) + i];
      reinterpret_cast<Part*>(p)[q] = u;
    }
  }
};

// W sites per thread along x: thread t of block (bx, by, bz) updates the W sites from
// x = g = W floor(x_begin / W) + (bx BX + t) W of the rows y_begin + by, y_begin + by + gridDim.y,
// ..., each marching Layers layers from z_begin + bz Layers up, as the column kernel does (T below,
// at and above in registers). Its loads and stores are vectors of W values (FP32: 16 bytes with
// W = 4, four times the bytes in flight of one site per thread); the x neighbours at its ends are
// its lane neighbours' sites (shuffles), read from memory at a warp's ends only. Sites of a vector
// outside the box are read (they lie in the row) but not written. A layer's loads (the +z, -y and
// +y neighbours' vectors) are issued Ahead layers before the layer is updated (0: in its own
// iteration), so that a thread waits on memory once for Ahead + 1 layers' loads; the values wait
// in registers as stored (Real: their conversion to double is exact, so the bits do not change).
//
// a.wrap (plume/grid/wrap.hpp: a block spanning the lattice along the periodic axes it names;
// along x its width a multiple of W): the neighbours across those boundaries are read where they
// are, at the row's, the layer's or the block's other end, instead of from the ghost sites, which
// then need no filling. The fill of the x ghost columns touches a few bytes of every row of the
// block: it took 0.07 ms of a 0.55 ms FP32 step at 512^3 on an H100.
template <class M, int V, class Real, int BX, int W, int Layers, int Ahead, int MinBlocks>
__global__ void __launch_bounds__(BX, MinBlocks)
    vector_kernel(const StepArgs<Real, typename M::Params> a, int x_begin, int x_end, int y_begin, int y_end,
                  int z_begin, int z_end) {
  static_assert(BX % 32 == 0, "whole warps: every lane takes part in the shuffles");
  static_assert(Ahead >= 0, "layers loaded ahead: 0 or more");
  using Vw = Vec<Real, W>;
  const Layout& l = a.layout;
  const int py = l.step(1), pz = l.step(2);
  const int lane = int(threadIdx.x) & 31;
  const int g = (x_begin / W) * W + (int(blockIdx.x) * BX + int(threadIdx.x)) * W;
  const int z0 = z_begin + int(blockIdx.z) * Layers, z1 = min(z_end, z0 + Layers);
  // Read where one of the sites is the box's or its +x neighbour (g <= x_end: the vector then
  // lies in the row's interior and halo, whose length is a multiple of 256 bytes).
  const bool own = g <= x_end;
  const bool whole = g >= x_begin && g + W <= x_end;  // every site of the vector is the box's
  const int nx = a.wrap.n[0], ny = a.wrap.n[1], nz = a.wrap.n[2];
  // From a site of layer zl to the one above: across the periodic z boundary from the top layer.
  const auto above_of = [&](int zl) { return nz && zl == nz - 1 ? -(nz - 1) * pz : pz; };
  for (int y = y_begin + int(blockIdx.y); y < y_end; y += int(gridDim.y)) {
    int s = l.site(g, y, z0);
    // From a site to the rows -y and +y, across the periodic y boundary at the first and last row.
    const int to_ym = ny && y == 0 ? (ny - 1) * py : -py, to_yp = ny && y == ny - 1 ? -(ny - 1) * py : py;
    // T below and at the site, as doubles: each value is converted once, when it is loaded as the
    // layer above, not again as the site, its neighbours' x neighbour and the layer below (FP32:
    // the conversions from float were most of the instructions of a site); its ends as stored, for
    // the shuffles (one 32-bit shuffle, not two). up/ym/yp[k]: the +z, -y and +y neighbours of
    // layer z + k, as stored.
    double below[W], t[W];
    Real t_first, t_last, up[Ahead + 1][W] = {}, ym[Ahead + 1][W] = {}, yp[Ahead + 1][W] = {};
    {
      Real b[W] = {}, c[W] = {};
      if (own) {
        Vw::load(a.src[0] + s + (nz && z0 == 0 ? (nz - 1) * pz : -pz), b);
        Vw::load(a.src[0] + s, c);
      }
#pragma unroll
      for (int i = 0; i < W; ++i) below[i] = double(b[i]), t[i] = double(c[i]);
      t_first = c[0];
      t_last = c[W - 1];
    }
#pragma unroll
    for (int k = 0; k < Ahead; ++k)
      if (own && z0 + k < z1) {
        const int at = s + k * pz;
        Vw::load(a.src[0] + at + above_of(z0 + k), up[k]);
        Vw::load(a.src[0] + at + to_ym, ym[k]);
        Vw::load(a.src[0] + at + to_yp, yp[k]);
      }
    for (int z = z0; z < z1; ++z, s += pz) {
      if (own && z + Ahead < z1) {
        const int at = s + Ahead * pz;
        Vw::load(a.src[0] + at + above_of(z + Ahead), up[Ahead]);
        Vw::load(a.src[0] + at + to_ym, ym[Ahead]);
        Vw::load(a.src[0] + at + to_yp, yp[Ahead]);
      }
      double left = double(__shfl_up_sync(0xffffffffu, t_last, 1));
      double right = double(__shfl_down_sync(0xffffffffu, t_first, 1));
      if (lane == 0 && own) left = double(load_ro(a.src[0] + s + (nx && g == 0 ? nx - 1 : -1)));
      if (nx && g + W == nx)
        right = double(load_ro(a.src[0] + s + W - nx));
      else if (lane == 31 && g + W <= x_end)
        right = double(load_ro(a.src[0] + s + W));
      Real out[W];
      double above[W];
#pragma unroll
      for (int i = 0; i < W; ++i) {
        above[i] = double(up[0][i]);
        const double n[6] = {i == 0 ? left : t[i - 1], i == W - 1 ? right : t[i + 1],
                             double(ym[0][i]), double(yp[0][i]), below[i], above[i]};
        out[i] = Real(M::template next_value<V>(a.params, t[i], n));
      }
      if (whole) {
        Vw::store(a.dst[0] + s, out);
      } else if (own) {
#pragma unroll
        for (int i = 0; i < W; ++i)
          if (g + i >= x_begin && g + i < x_end) a.dst[0][s + i] = out[i];
      }
      t_first = up[0][0];
      t_last = up[0][W - 1];
#pragma unroll
      for (int i = 0; i < W; ++i) {
        below[i] = t[i];
        t[i] = above[i];
#pragma unroll
        for (int k = 0; k < Ahead; ++k) {
          up[k][i] = up[k + 1][i];
          ym[k][i] = ym[k + 1][i];
          yp[k][i] = yp[k + 1][i];
        }
      }
    }
  }
}

}  // namespace plume::cuda
