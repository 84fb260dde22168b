// How the CUDA backend maps the 3-D update of an axis stencil of one plane (the diffusion model
// without walls) to threads: a model's choice (Traits::stencil_kernel), in plain numbers so that
// its traits, compiled for the CPU too, can state it. solver/src/cuda/kernels.cuh (ProductionShape)
// turns it into a launch shape; bench/shapes_3d.cu times every kind, each checked bit for bit
// against the production one: all of them call the model's one per-site formula.
#pragma once

namespace plume {

struct StencilKernel {
  enum Kind {
    Column,  // a thread marches `layers` z layers of one (x, y), x and y neighbours through the caches
    Tile,    // a block of block_x x block_y threads marches `layers` z layers, each layer's (x, y)
             // tile with its halo in shared memory; a thread takes `rows` sites of a tile column,
             // block_y rows apart; loads run `depth` layers ahead
    Vector,  // a thread marches `layers` z layers of `depth` neighbouring x sites, read and written
             // as vectors; the x neighbours at its ends from the next lanes (warp shuffles); its
             // loads of a layer (+z, -y, +y) run `ahead` layers before they are used
  };
  Kind kind;
  int block_x, block_y;  // threads of a block along x and y (1 for Column and Vector)
  int layers;            // z layers each block (Tile) or each thread (Column, Vector) updates
  int depth;             // Tile: layers loaded ahead; Vector: sites per thread; Column: 1
  int registers;         // per thread: __launch_bounds__ asks for the blocks this leaves room for
  int rows = 1;          // Tile: sites per thread along y
  int ahead = 0;         // Vector: layers loaded ahead (0: each layer's loads where it is updated)

  static constexpr StencilKernel column(int block_x, int layers, int registers) {
    return {Column, block_x, 1, layers, 1, registers, 1, 0};
  }
  static constexpr StencilKernel tile(int block_x, int block_y, int layers, int ahead, int registers, int rows = 1) {
    return {Tile, block_x, block_y, layers, ahead, registers, rows, 0};
  }
  static constexpr StencilKernel vector(int block_x, int sites, int layers, int registers, int ahead = 0) {
    return {Vector, block_x, 1, layers, sites, registers, 1, ahead};
  }
};

}  // namespace plume
