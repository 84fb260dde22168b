#include "plume/parallel/halo_plan.hpp"

namespace plume::parallel {

HaloPlan make_halo_plan(const LatticeInfo& lattice, const Domain& dom, const Neighbours& nb) {
  HaloPlan plan;
  plan.reach = lattice.reach;
  for (int f = 0; f < kFaces; ++f) {
    FacePlan& fp = plan.face[f];
    fp.peer = nb[f];
    const int axis = axis_of(Face(f));
    const int out = (f & 1) ? +1 : -1;  // outward direction of the face along its axis
    const int n = dom.size(axis);
    cross_section(axis, {dom.nx, dom.ny, dom.nz}, {lattice.halo(0), lattice.halo(1), lattice.halo(2)},
                  fp.begin.data(), fp.length.data());
    if (nb[f].link != Link::Remote) continue;
    // Plane i leaves the boundary layer at depth d when the neighbour's sites read it d or more
    // sites back towards this tile (-out), and fills the halo layer at depth d when this tile's
    // sites read it d or more sites out through the face: the same test, seen from both sides, so
    // the send list here and the receive list of the neighbour's opposite face match slab by slab.
    for (int d = 1; d <= lattice.reach; ++d)
      for (int i = 0; i < lattice.Q; ++i) {
        if (lattice.reads(i, axis, -out) >= d) fp.send.push_back({i, out > 0 ? n - d : d - 1});
        if (lattice.reads(i, axis, out) >= d) fp.recv.push_back({i, out > 0 ? n - 1 + d : -d});
      }
  }
  return plan;
}

bool direct_slabs(const Layout& l, const FacePlan& fp, int axis, const long long* plane, std::size_t value_bytes,
                  DirectSlabs& d) {
  if (axis == 0 || fp.send.size() > DirectSlabs::kMaxSlabs || fp.recv.size() > DirectSlabs::kMaxSlabs) return false;
  // Along y and z the first cross axis is x: a row of positions is a row of consecutive sites.
  const auto offsets = [&](const std::vector<HaloSlab>& slabs) {
    std::vector<std::size_t> o;
    for (const HaloSlab& s : slabs)
      o.push_back(std::size_t(plane[s.pop] + face_offset(l, axis, s.layer, fp.begin.data(), fp.length.data(), 0)) *
                  value_bytes);
    return o;
  };
  d.send = offsets(fp.send);
  d.recv = offsets(fp.recv);
  d.row_bytes = std::size_t(fp.length[0]) * value_bytes;
  d.rows = std::size_t(fp.length[1]);
  d.pitch = std::size_t(l.step(cross_axes(axis)[1])) * value_bytes;
  return true;
}

StepRegions step_regions(const Domain& dom, const Neighbours& nb, int reach, bool returning) {
  // A Self face is copied before the bulk starts unless an earlier axis travels: then it waits for
  // that axis's halos (its edges), and is late as a Remote face is. Returning pushed values
  // (HaloOps::halos_return) the axes go z, y, x: the earlier axes are the later ones.
  bool remote[kAxes];
  for (int a = 0; a < kAxes; ++a) remote[a] = nb[2 * a].link == Link::Remote || nb[2 * a + 1].link == Link::Remote;
  const auto late = [&](Face f) {
    if (nb[f].link == Link::Remote) return true;
    if (nb[f].link != Link::Self) return false;
    for (int a = 0; a < kAxes; ++a)
      if (remote[a] && (returning ? a > axis_of(f) : a < axis_of(f))) return true;
    return false;
  };
  const auto inset = [&](Face f) { return late(f) ? reach : 0; };
  StepRegions r;
  r.whole = Box::of(dom);
  r.bulk = Box{inset(XLow), dom.nx - inset(XHigh), inset(YLow), dom.ny - inset(YHigh),
               inset(ZLow), dom.nz - inset(ZHigh)};
  const Box& b = r.bulk;
  const Box edges[] = {
      {0, dom.nx, 0, dom.ny, 0, b.z0},       {0, dom.nx, 0, dom.ny, b.z1, dom.nz},  // z slabs
      {0, dom.nx, 0, b.y0, b.z0, b.z1},      {0, dom.nx, b.y1, dom.ny, b.z0, b.z1},  // y strips
      {0, b.x0, b.y0, b.y1, b.z0, b.z1},     {b.x1, dom.nx, b.y0, b.y1, b.z0, b.z1},  // x strips
  };
  for (const Box& e : edges)
    if (!e.empty()) r.borders.push_back(e);
  return r;
}

}  // namespace plume::parallel
