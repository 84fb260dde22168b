# What the extract checkers (check_extracts.py, check_d2q9_images.py; run with pvpython) share:
# problems gathered by expect() and reported together by finish(), and a PNG's pixels.
import sys

import numpy as np
from vtkmodules.util.numpy_support import vtk_to_numpy
from vtkmodules.vtkIOImage import vtkPNGReader

problems = []
LUMA = np.array([0.2126, 0.7152, 0.0722])  # the luminance of an RGB colour (Rec. 709)


def expect(ok, message):
    if not ok:
        problems.append(message)
    return ok


def finish(ok_message):
    """Exits non-zero listing the problems, if any; prints ok_message otherwise."""
    if problems:
        print('FAILED:\n  ' + '\n  '.join(problems))
        sys.exit(1)
    print(ok_message)


def rgb(path):
    """The image's pixels, rows from the top, as floats 0..255 (height, width, 3)."""
    r = vtkPNGReader()
    r.SetFileName(path)
    r.Update()
    img = r.GetOutput()
    w, h, _ = img.GetDimensions()
    return vtk_to_numpy(img.GetPointData().GetScalars()).reshape(h, w, -1)[::-1, :, :3].astype(float)
