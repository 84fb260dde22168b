"""A `plume run` whose Catalyst pipelines ran on the sinks' own thread, beside the solver
(docs/insitu.md, "The consumer thread"): its summary.json says so and counts the calls.

    check_insitu_thread.py RUN_FOLDER CALLS
"""
import json
import sys

folder, calls = sys.argv[1], int(sys.argv[2])
with open(folder + "/summary.json") as f:
    insitu = json.load(f)["insitu"]
problems = []
if insitu["on_own_thread"] is not True:
    problems.append("the pipelines ran on the run's thread")
if insitu["calls"] != calls:
    problems.append("%d in-situ calls, expected %d" % (insitu["calls"], calls))
if insitu["skipped"] != 0:
    problems.append("%d in-situ steps skipped under insitu.when_busy = \"wait\"" % insitu["skipped"])
if problems:
    sys.exit("%s: %s (%s)" % (folder, "; ".join(problems), insitu))
print("%s: %d calls on the sinks' thread, %.3f s per call, the solver waited %.3f s" %
      (folder, calls, insitu["seconds"] / calls, insitu["solver_waited_seconds"]))
