# Checks the images of the D2Q9 pipelines (speed.py, vorticity.py, pressure.py, velocity.py) of a
# `plume run` (run with pvpython). Every pipeline wrote an image at every in-situ step, of the size
# its framing gives, and the last step's images show the flow of the case, looked up at lattice
# sites through the same framing (plume_pipeline.framing):
#  - poiseuille (a channel between walls at the bottom and the top, driven along x): the speed is
#    brighter in the middle rows than next to the walls; the vorticity -du/dy is negative (blue)
#    in the lower half and positive (red) in the upper half;
#  - taylor_green (vorticity 2 U k cos(kx) cos(ky)): red at the vortices turning counter-clockwise
#    and blue at those turning clockwise; the pressure is lower at the vortices' centres than at
#    the saddle points between them; the speed is 0 at the centres and largest half-way between;
#  - with --solids: every site where the run's data extract (fields.py) has solid = 1 is drawn in
#    plume_pipeline.SOLID_COLOUR in every image, and no fluid site is.
# Exits non-zero with a message naming what is wrong.
import argparse
import os
import sys

import numpy as np
from vtkmodules.util.numpy_support import vtk_to_numpy
from vtkmodules.vtkIOXML import vtkXMLPImageDataReader

from image_checks import LUMA, expect, finish, rgb


class Picture:
    """An image of the pipelines and where lattice site (x, y) lies in it."""

    def __init__(self, path, nx, ny):
        self.path = path
        self.px = rgb(path)
        self.nx, self.ny = nx, ny
        self.width, self.cx, self.cy, self.scale = plume_pipeline.framing(0, nx - 1, 0, ny - 1)

    def at(self, x, y):
        """The colour at the centre of lattice site (x, y); a quarter of a site inwards on the
        lattice's edges, where a site's square is cut in half."""
        h = plume_pipeline.HEIGHT
        x = min(max(x, 0.25), self.nx - 1.25)
        y = min(max(y, 0.25), self.ny - 1.25)
        col = int(round(self.width / 2.0 + (x - self.cx) * (h / 2.0) / self.scale))
        row = int(round(h / 2.0 - (y - self.cy) * (h / 2.0) / self.scale))
        return self.px[row, col]

    def luminance(self, x, y):
        return float(self.at(x, y) @ LUMA)

    def rows(self, ys, nx):
        """Mean luminance of lattice rows ys over their sites."""
        return np.mean([self.luminance(x, y) for y in ys for x in range(nx)])


def red(c):
    return c[0] > c[2] + 60


def blue(c):
    return c[2] > c[0] + 60


def check_poiseuille(pics, nx, ny):
    speed, vort = pics.get('speed'), pics.get('vorticity')
    if speed:
        middle = speed.rows(range(int(0.4 * ny), int(0.6 * ny) + 1), nx)
        walls = speed.rows(list(range(0, 2)) + list(range(ny - 2, ny)), nx)
        expect(middle > walls + 60, '%s: the middle rows (luminance %.0f) are not brighter than the rows next '
               'to the walls (%.0f)' % (speed.path, middle, walls))
    if vort:
        for y in (int(0.15 * ny), int(0.3 * ny)):
            for x in (0, nx // 2, nx - 1):
                expect(blue(vort.at(x, y)), '%s: site (%d, %d) in the lower half is %s, not blue (-du/dy < 0)'
                       % (vort.path, x, y, vort.at(x, y)))
                expect(red(vort.at(x, ny - 1 - y)), '%s: site (%d, %d) in the upper half is %s, not red'
                       % (vort.path, x, ny - 1 - y, vort.at(x, ny - 1 - y)))


def check_taylor_green(pics, nx, ny):
    # One period across the lattice: the vortices are centred at x, y in {0, n/2}; those at
    # (0, 0) and (n/2, n/2) turn counter-clockwise.
    cx, cy, qx, qy = nx // 2, ny // 2, nx // 4, ny // 4
    vort, pres, speed = pics.get('vorticity'), pics.get('pressure'), pics.get('speed')
    if vort:
        for x, y, sign in ((cx, cy, 1), (nx // 8, ny // 8, 1), (cx, ny // 8, -1), (nx // 8, cy, -1),
                           (cx + qx // 2, cy + qy // 2, 1), (cx + qx // 2 + qx, cy + qy // 2, -1)):
            c = vort.at(x, y)
            expect(red(c) if sign > 0 else blue(c), '%s: site (%d, %d) is %s, expected %s' %
                   (vort.path, x, y, c, 'red (counter-clockwise)' if sign > 0 else 'blue (clockwise)'))
    if pres:
        centre, saddle = pres.luminance(cx, cy), pres.luminance(qx, qy)
        expect(centre + 100 < saddle, '%s: the vortex centre (luminance %.0f) is not darker than the saddle '
               'point (%.0f): the pressure is lowest in the vortices' % (pres.path, centre, saddle))
    if speed:
        centre, between = speed.luminance(cx, cy), speed.luminance(qx, cy)
        expect(centre + 100 < between, '%s: the vortex centre (luminance %.0f) is not darker than half-way '
               'between two vortices (%.0f)' % (speed.path, centre, between))


def check_solids(out, step, pics):
    path = os.path.join(out, 'fields_%07d.pvti' % step)
    if not expect(os.path.exists(path), 'no data extract %s (fields.py) to find the solids in' % path):
        return
    r = vtkXMLPImageDataReader()
    r.SetFileName(path)
    r.Update()
    img = r.GetOutput()
    nx, ny, _ = img.GetDimensions()
    a = img.GetPointData().GetArray('solid')
    if not expect(a is not None, '%s holds no solid array' % path):
        return
    solid = vtk_to_numpy(a).reshape(ny, nx) > 0.5
    expect(0 < solid.sum() < solid.size, '%s: %d solid sites of %d' % (path, solid.sum(), solid.size))
    grey = 255.0 * np.array(plume_pipeline.SOLID_COLOUR)
    for name, pic in pics.items():
        wrong = [(x, y) for y in range(ny) for x in range(nx)
                 if (np.abs(pic.at(x, y) - grey).max() <= 3) != solid[y, x]]
        if name == 'velocity':  # arrows are drawn over fluid sites; a solid site has none
            wrong = [(x, y) for x, y in wrong if solid[y, x]]
        expect(not wrong, '%s: %d sites are drawn grey where they are fluid, or not grey where they are solid '
               '(first %s)' % (pic.path, len(wrong), wrong[:5]))


def main():
    global plume_pipeline
    ap = argparse.ArgumentParser()
    ap.add_argument('--out', required=True, help='extracts folder (RUN/insitu)')
    ap.add_argument('--pipelines', required=True, help='the pipelines folder (for plume_pipeline)')
    ap.add_argument('--names', required=True, help='images to check, comma separated (speed,vorticity,...)')
    ap.add_argument('--steps', required=True, help='in-situ steps, comma separated; the flow is checked at the last')
    ap.add_argument('--nx', type=int, required=True)
    ap.add_argument('--ny', type=int, required=True)
    ap.add_argument('--case', choices=('poiseuille', 'taylor_green', 'none'), default='none')
    ap.add_argument('--solids', action='store_true')
    a = ap.parse_args()
    sys.path.insert(0, a.pipelines)
    import plume_pipeline

    steps = [int(s) for s in a.steps.split(',')]
    pics = {}
    for name in a.names.split(','):
        for s in steps:
            path = os.path.join(a.out, '%s_%07d.png' % (name, s))
            if not expect(os.path.exists(path), 'no image %s' % path):
                continue
            pic = Picture(path, a.nx, a.ny)
            h, w, _ = pic.px.shape
            expect((w, h) == (pic.width, plume_pipeline.HEIGHT), '%s is %dx%d, its framing %dx%d' %
                   (path, w, h, pic.width, plume_pipeline.HEIGHT))
            if s == steps[-1]:
                pics[name] = pic
    if a.case == 'poiseuille':
        check_poiseuille(pics, a.nx, a.ny)
    elif a.case == 'taylor_green':
        check_taylor_green(pics, a.nx, a.ny)
    if a.solids:
        check_solids(a.out, steps[-1], pics)
    finish('D2Q9 images OK: %s at steps %s%s%s' % (a.names, a.steps, ', ' + a.case if a.case != 'none' else '',
                                                 ', solids drawn' if a.solids else ''))


if __name__ == '__main__':
    main()
