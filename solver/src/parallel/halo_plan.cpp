#include "plume/parallel/halo_plan.hpp"

namespace plume::parallel {

StepRegions step_regions(const Domain& dom, const Neighbours& nb, int reach) {
  // A Self x face is copied before the bulk starts; a Self y face waits for the x halos (its
  // corners) when those travel, so it is late exactly when x is remote.
  const bool x_remote = nb[XLow].link == Link::Remote || nb[XHigh].link == Link::Remote;
  const auto late = [&](Face f) {
    return nb[f].link == Link::Remote || (axis_of(f) == 1 && nb[f].link == Link::Self && x_remote);
  };
  StepRegions r;
  r.whole = Box{0, dom.nx, 0, dom.ny};
  r.bulk = Box{late(XLow) ? reach : 0, late(XHigh) ? dom.nx - reach : dom.nx, late(YLow) ? reach : 0,
               late(YHigh) ? dom.ny - reach : dom.ny};
  const Box& b = r.bulk;
  for (const Box& e : {Box{0, dom.nx, 0, b.y0}, Box{0, dom.nx, b.y1, dom.ny}, Box{0, b.x0, b.y0, b.y1},
                       Box{b.x1, dom.nx, b.y0, b.y1}})
    if (!e.empty()) r.borders.push_back(e);
  return r;
}

}  // namespace plume::parallel
