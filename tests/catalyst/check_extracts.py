# Checks the extracts of a plume_insitu_demo run (run with pvpython):
#  - the .pvti data extract of the last step, read back through ParaView's VTK, holds the solver's
#    own fields (dumped raw by the demo) to round-off, with the whole extent, spacing, origin,
#    array names, step and time of the run, assembled from the expected number of pieces;
#  - the PNG extracts exist for every in-situ step, have the size of the view, and show a
#    non-uniform field where the lattice is drawn (temperature: cold, dark top above a hot,
#    bright bottom).
# Exits non-zero with a message naming what is wrong.
import argparse
import glob
import json
import os
import sys

import numpy as np
from vtkmodules.util.numpy_support import vtk_to_numpy
from vtkmodules.vtkIOXML import vtkXMLPImageDataReader

from image_checks import LUMA, expect, finish, rgb


def read_dump(path):
    with open(path, 'rb') as f:
        header = f.readline().decode().split()
        if header[:2] != ['plume-fields', '1']:
            sys.exit('%s: not a plume-fields dump' % path)
        meta = dict(item.split('=', 1) for item in header[2:])
        nx, ny = int(meta['nx']), int(meta['ny'])
        values = np.frombuffer(f.read(), dtype='<f8')
    if values.size != 4 * nx * ny:
        sys.exit('%s: %d values, expected %d' % (path, values.size, 4 * nx * ny))
    T, rho, ux, uy = values.reshape(4, nx * ny)
    return nx, ny, int(meta['step']), float(meta['time']), {'T': T, 'rho': rho, 'ux': ux, 'uy': uy}


def close(a, b, what, rtol=1e-14):
    """Equal to round-off, relative to the largest value (u_H is near zero in places)."""
    err = np.max(np.abs(a - b)) / max(np.max(np.abs(b)), 1e-300)
    return expect(err <= rtol, '%s differs from the solver by %.3g (relative to its largest value)' % (what, err))


def check_data(out, dump, pieces):
    nx, ny, step, time, f = read_dump(dump)
    path = os.path.join(out, 'fields_%07d.pvti' % step)
    if not expect(os.path.exists(path), 'no data extract %s for the last step' % path):
        return
    reader = vtkXMLPImageDataReader()
    reader.SetFileName(path)
    reader.Update()
    expect(reader.GetNumberOfPieces() == pieces, '%d pieces, expected %d' % (reader.GetNumberOfPieces(), pieces))
    img = reader.GetOutput()
    expect(tuple(img.GetExtent()) == (0, nx - 1, 0, ny - 1, 0, 0), 'extent %s' % (img.GetExtent(),))
    expect(tuple(img.GetSpacing()) == (1.0, 1.0, 1.0), 'spacing %s' % (img.GetSpacing(),))
    expect(tuple(img.GetOrigin()) == (0.0, 0.0, 0.0), 'origin %s' % (img.GetOrigin(),))
    pd = img.GetPointData()
    names = sorted(pd.GetArrayName(i) for i in range(pd.GetNumberOfArrays()))
    expect(names == ['T_H', 'p', 'rho', 'u_H'], 'point arrays %s' % names)
    if names != ['T_H', 'p', 'rho', 'u_H']:
        return
    T = vtk_to_numpy(pd.GetArray('T_H'))
    rho = vtk_to_numpy(pd.GetArray('rho'))
    p = vtk_to_numpy(pd.GetArray('p'))
    u = vtk_to_numpy(pd.GetArray('u_H'))
    expect(u.shape == (nx * ny, 3), 'u_H has shape %s' % (u.shape,))
    close(T, f['T'], 'T_H')
    close(rho, f['rho'], 'rho')
    close(p, f['rho'] * f['T'], 'p')
    close(u[:, 0], f['ux'], 'u_H x')
    close(u[:, 1], f['uy'], 'u_H y')
    expect(np.all(u[:, 2] == 0.0), 'u_H z is not 0')
    expect(np.ptp(f['T']) > 1e-3, 'the solver\'s T_H is uniform: the case did not run')
    fd = img.GetFieldData()
    expect(fd.GetArray('step') is not None and int(fd.GetArray('step').GetValue(0)) == step, 'step in field data')
    expect(fd.GetArray('time') is not None and fd.GetArray('time').GetValue(0) == time, 'time in field data')
    with open(os.path.join(out, 'insitu.json')) as j:
        desc = json.load(j)
    expect(desc['grid']['whole_extent'] == [0, nx - 1, 0, ny - 1, 0, 0], 'insitu.json whole_extent')
    expect(desc['grid']['pieces'] == pieces, 'insitu.json pieces')
    expect(sorted(desc['arrays']) == ['T_H', 'p', 'rho', 'u_H'], 'insitu.json arrays')


def luminance(path):
    px = rgb(path)
    h, w, _ = px.shape
    return w, h, px @ LUMA


def check_png(out, name, steps, last_only_nonuniform):
    for s in steps:
        path = os.path.join(out, '%s_%07d.png' % (name, s))
        if not expect(os.path.exists(path), 'no image %s' % path):
            continue
        w, h, lum = luminance(path)
        expect(h == 1024 and 480 <= w <= 1920, '%s is %dx%d' % (path, w, h))
        if last_only_nonuniform and s != steps[-1]:
            continue
        # Inside the lattice (left part of the image, away from the caption and the colour bar).
        inner = lum[int(0.1 * h):int(0.9 * h), int(0.1 * w):int(0.6 * w)]
        expect(inner.std() > 10.0, '%s: the field looks uniform (luminance std %.2f)' % (path, inner.std()))
        if name == 'temperature':
            top = lum[int(0.1 * h):int(0.3 * h), int(0.1 * w):int(0.6 * w)].mean()
            bottom = lum[int(0.7 * h):int(0.9 * h), int(0.1 * w):int(0.6 * w)].mean()
            expect(top + 50 < bottom, '%s: the cold top (%.0f) is not darker than the hot bottom (%.0f)' % (path, top, bottom))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--out', required=True, help='extracts folder (RUN/insitu)')
    ap.add_argument('--dump', required=True, help='the demo\'s --dump-fields file')
    ap.add_argument('--steps', required=True, help='in-situ steps, comma separated')
    ap.add_argument('--pieces', type=int, default=1)
    ap.add_argument('--images', action='store_true', help='check temperature and velocity PNGs too')
    a = ap.parse_args()
    steps = [int(s) for s in a.steps.split(',')]
    check_data(a.out, a.dump, a.pieces)
    data_steps = sorted(int(os.path.basename(p)[7:14]) for p in glob.glob(os.path.join(a.out, 'fields_*.pvti')))
    expect(data_steps == steps, 'data extracts at steps %s, expected %s' % (data_steps, steps))
    if a.images:
        check_png(a.out, 'temperature', steps, last_only_nonuniform=False)
        check_png(a.out, 'velocity', steps, last_only_nonuniform=True)  # u = 0 at step 0
    finish('extracts OK: %d steps%s, %d piece(s)' % (len(steps), ' with images' if a.images else '', a.pieces))


if __name__ == '__main__':
    main()
