"""The in-situ demo on two ranks writing fields.py's extracts (a .pvti and a .vti piece of each
rank) onto a real small tmpfs until it fills: the run ends with a non-zero status and says that a
call's files were removed, and every .pvti and .vti left in the extracts folder reads back whole
(all its points; each .pvti's pieces there). Run with pvpython (its VTK reads the files back).
Mounting needs root: without it the test is skipped (exit 77)."""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

from vtkmodules.vtkIOXML import vtkXMLImageDataReader, vtkXMLPImageDataReader

SKIP = 77
# What the launcher must not inherit from pvpython, which is an MPI singleton itself.
KEEP = ("OMPI_ALLOW_RUN_AS_ROOT", "OMPI_MCA_rmaps_base_oversubscribe", "OMPI_MCA_mpi_yield_when_idle")


def launcher_env():
    return {k: v for k, v in os.environ.items()
            if not k.startswith(("OMPI_", "PMIX_", "ORTE_", "OPAL_")) or k.startswith(KEEP)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--demo", required=True)
    ap.add_argument("--mpiexec", required=True)
    ap.add_argument("--pipeline", required=True)
    a = ap.parse_args()
    if os.geteuid() != 0:
        print("needs root to mount a small tmpfs")
        return SKIP
    nx, ny = 40, 64
    with tempfile.TemporaryDirectory(prefix="plume-full-disk-") as disk:
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=640k", "tmpfs", disk]).returncode != 0:
            print("cannot mount a tmpfs here")
            return SKIP
        try:
            run = os.path.join(disk, "run")
            p = subprocess.run([a.mpiexec, "-np", "2", a.demo, "--tiles", "2x1", "--no-xvfb", "--nx", str(nx), "--ny",
                                str(ny), "--steps", "200", "--every", "1", "--threads", "1", "--script", a.pipeline,
                                "--out", run], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=240,
                               env=launcher_env())
            out = p.stdout
            problems = []
            if p.returncode == 0:
                problems.append("the run ended with status 0")
            if "none of the files this call wrote was put under its name (they were removed)" not in out:
                problems.append("the run does not say that the failed call's files were removed")
            insitu = os.path.join(run, "insitu")
            pvti = sorted(glob.glob(os.path.join(insitu, "*.pvti")))
            if not pvti:
                problems.append("no whole extract kept from the calls before the disk filled")
            for f in glob.glob(os.path.join(insitu, "**", "*"), recursive=True):
                name = os.path.relpath(f, insitu)
                if not os.path.isfile(f) or name.startswith(".rank"):
                    continue
                if os.path.getsize(f) == 0:
                    problems.append(name + " is empty")
                    continue
                if f.endswith(".pvti"):
                    r = vtkXMLPImageDataReader()
                    want = nx * ny
                elif f.endswith(".vti"):
                    r = vtkXMLImageDataReader()
                    want = None  # a rank's piece: its block and the neighbour's column
                else:
                    continue
                r.SetFileName(f)
                r.Update()
                points = r.GetOutput().GetNumberOfPoints()
                if (want and points != want) or points == 0 or r.GetOutput().GetPointData().GetArray("rho") is None:
                    problems.append("%s does not read back whole (%d points)" % (name, points))
            if problems:
                print(out[-4000:])
                print("\n".join(problems))
                return 1
            print("%d whole extracts kept; the run ended with status %d and said:\n%s" %
                  (len(pvti), p.returncode, "\n".join(l for l in out.splitlines() if "removed" in l)))
            return 0
        finally:
            subprocess.run(["umount", "-l", disk])


if __name__ == "__main__":
    sys.exit(main())
