# Checks the in-situ extracts of `plume run` on a 3-D lattice (run with pvpython): the D3Q19
# Taylor-Green vortex, written by fields.py, slices.py, isosurface.py and volume.py.
#  - fields_<step>.pvti holds the whole nx x ny x nz lattice (extent, spacing, origin), assembled
#    from the expected number of pieces; at step 0 its velocity is the case's vortex,
#    u = U sin(kx x) cos(ky y) cos(kz z), v = -U (kx/ky) cos(kx x) sin(ky y) cos(kz z), w = 0, at
#    the right sites (a piece put at the wrong z or a swapped axis would leave a residual of order
#    U). The fields of a step are the moments of the populations the next collision takes (after
#    streaming), so step 0 shows the vortex one step on: a little weaker (the fit's amplitude between
#    0.9 U and U) and, beside the mode, only the first step's transient (below 1 % of U);
#  - with --same-as, every array of every step equals the other run's bit for bit (another tiling
#    of the same run: the pieces meet in z as well as in x and y);
#  - the isosurface's data extract holds a surface (points and cells) at every step, inside the box;
#  - the PNGs of slices, isosurface and volume exist for every step, 1280 x 1024, and show a
#    coloured picture, not a blank view.
# Exits non-zero with a message naming what is wrong.
import argparse
import math
import os

import numpy as np
from vtkmodules.util.numpy_support import vtk_to_numpy
from vtkmodules.vtkIOXML import vtkXMLPImageDataReader, vtkXMLPPolyDataReader

from image_checks import expect, finish, rgb


def read_fields(out, step):
    path = os.path.join(out, 'fields_%07d.pvti' % step)
    if not expect(os.path.exists(path), 'no data extract %s' % path):
        return None, None, None
    reader = vtkXMLPImageDataReader()
    reader.SetFileName(path)
    reader.Update()
    img = reader.GetOutput()
    pd = img.GetPointData()
    arrays = {pd.GetArrayName(i): vtk_to_numpy(pd.GetArray(i)).copy() for i in range(pd.GetNumberOfArrays())}
    return reader, img, arrays


def check_vortex(img, arrays, nx, ny, nz, amplitude):
    u = arrays.get('u')
    if not expect(u is not None and u.shape == (nx * ny * nz, 3), 'no 3-component velocity u at step 0'):
        return
    z, y, x = np.meshgrid(np.arange(nz), np.arange(ny), np.arange(nx), indexing='ij')
    kx, ky, kz = 2 * math.pi / nx, 2 * math.pi / ny, 2 * math.pi / nz
    mode = np.stack([np.sin(kx * x) * np.cos(ky * y) * np.cos(kz * z),
                     -(kx / ky) * np.cos(kx * x) * np.sin(ky * y) * np.cos(kz * z),
                     np.zeros_like(x, dtype=float)], axis=-1).reshape(-1, 3)
    c = np.sum(u * mode) / np.sum(mode * mode)
    rest = np.max(np.abs(u - c * mode))
    expect(0.9 * amplitude <= c <= amplitude, 'step 0: the vortex\'s amplitude is %.4g, expected 0.9-1 x %g' % (c, amplitude))
    expect(rest <= 0.01 * amplitude, 'step 0: the velocity differs from the Taylor-Green mode by %.3g' % rest)


def main():
    a = argparse.ArgumentParser()
    a.add_argument('--out', required=True, help='the run\'s insitu folder')
    a.add_argument('--steps', required=True, help='in-situ steps, comma-separated')
    a.add_argument('--size', required=True, help='nx,ny,nz')
    a.add_argument('--pieces', type=int, default=1)
    a.add_argument('--amplitude', type=float, required=True)
    a.add_argument('--same-as', help='another run\'s insitu folder whose fields must be equal bit for bit')
    o = a.parse_args()
    steps = [int(s) for s in o.steps.split(',')]
    nx, ny, nz = (int(v) for v in o.size.split(','))
    for step in steps:
        reader, img, arrays = read_fields(o.out, step)
        if reader is None:
            continue
        expect(reader.GetNumberOfPieces() == o.pieces,
               'step %d: %d pieces, expected %d' % (step, reader.GetNumberOfPieces(), o.pieces))
        expect(tuple(img.GetExtent()) == (0, nx - 1, 0, ny - 1, 0, nz - 1), 'step %d: extent %s' % (step, img.GetExtent()))
        expect(tuple(img.GetSpacing()) == (1.0, 1.0, 1.0), 'spacing %s' % (img.GetSpacing(),))
        expect(tuple(img.GetOrigin()) == (0.0, 0.0, 0.0), 'origin %s' % (img.GetOrigin(),))
        if step == 0:
            check_vortex(img, arrays, nx, ny, nz, o.amplitude)
        if o.same_as:
            _, _, other = read_fields(o.same_as, step)
            if other is not None:
                expect(sorted(arrays) == sorted(other), 'step %d: arrays %s, the other run %s' % (step, sorted(arrays), sorted(other)))
                for name in arrays:
                    if name in other and not np.array_equal(arrays[name], other[name]):
                        expect(False, 'step %d: array %s differs from the other run (largest difference %.3g)' %
                               (step, name, np.max(np.abs(arrays[name] - other[name]))))
        surface = os.path.join(o.out, 'isosurface_%07d.pvtp' % step)
        if expect(os.path.exists(surface), 'no isosurface data %s' % surface):
            r = vtkXMLPPolyDataReader()
            r.SetFileName(surface)
            r.Update()
            poly = r.GetOutput()
            if expect(poly.GetNumberOfPoints() > 100 and poly.GetNumberOfCells() > 100,
                      'step %d: the isosurface has %d points, %d cells' % (step, poly.GetNumberOfPoints(), poly.GetNumberOfCells())):
                b = poly.GetBounds()
                expect(b[0] >= 0 and b[1] <= nx - 1 and b[2] >= 0 and b[3] <= ny - 1 and b[4] >= 0 and b[5] <= nz - 1,
                       'step %d: the isosurface leaves the lattice: bounds %s' % (step, b))
        for name in ('slices', 'isosurface', 'volume'):
            png = os.path.join(o.out, '%s_%07d.png' % (name, step))
            if not expect(os.path.exists(png), 'no image %s' % png):
                continue
            px = rgb(png)
            expect(px.shape[:2] == (1024, 1280), '%s: %dx%d pixels, expected 1280x1024' % (png, px.shape[1], px.shape[0]))
            # Coloured pixels (not white, grey or black): the field drawn, not an empty view.
            colour = np.max(px, axis=2) - np.min(px, axis=2)
            share = np.mean(colour > 40)
            expect(share > 0.05, '%s: only %.1f %% of the pixels are coloured' % (png, 100 * share))
    finish('3-D extracts OK: %d steps in %s' % (len(steps), o.out))


if __name__ == '__main__':
    main()
