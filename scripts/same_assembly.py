#!/usr/bin/env python3
"""Whether two builds of the plugin emit the same code for the realworld clients.

  scripts/same_assembly.py [--root DIR] [--jobs N] OLD.so NEW.so [CLIENT ...]

Compiles each distinct translation unit that `scripts/realworld.sh` built with the
plugin (`<root>/<client>/plugin/tus.log`, as `scripts/compile_share.py` reads it) to
assembly twice, once with each plugin, and lists the units whose listings differ. A
change meant to leave behaviour alone (a cheaper rejection, a refactoring) shows it
here on the clients' 291 units in about a minute; a change meant to alter it shows
where. Exit status 1 where any unit differs or fails to compile.
"""

import argparse
import hashlib
import re
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compile_share import CLIENTS, units  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def listing(cmd, plugin, out):
    """The hash of the assembly `cmd` emits with `plugin`, or None where it fails."""
    cmd = re.sub(r" -o \S+", "", cmd)
    cmd = f"{cmd} -S -o {shlex.quote(str(out))} -fpass-plugin={shlex.quote(str(plugin))}"
    if subprocess.run(cmd, shell=True, capture_output=True).returncode != 0:
        return None
    return hashlib.sha256(Path(out).read_bytes()).hexdigest()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("clients", nargs="*", default=CLIENTS)
    parser.add_argument("--root", type=Path, default=ROOT / "target" / "realworld")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="same-assembly-"))
    jobs = []
    for client in args.clients:
        found = units(args.root, client)
        if found is None:
            sys.exit(f"same_assembly: no {client} build under {args.root} (realworld.sh)")
        jobs.extend((client, source, cmd) for source, cmd in found)

    def compare(k):
        client, source, cmd = jobs[k]
        old = listing(cmd, args.old.resolve(), work / f"{k}.old.s")
        new = listing(cmd, args.new.resolve(), work / f"{k}.new.s")
        return client, Path(source).name, old, new

    differ = failed = 0
    with ThreadPoolExecutor(args.jobs) as pool:
        for client, name, old, new in pool.map(compare, range(len(jobs))):
            if old is None or new is None:
                failed += 1
                print(f"{client} {name}: does not compile ({'old' if old is None else 'new'})")
            elif old != new:
                differ += 1
                print(f"{client} {name}: differs")
    print(f"{len(jobs)} units: {differ} differ, {failed} fail to compile (listings in {work})")
    sys.exit(1 if differ or failed else 0)


if __name__ == "__main__":
    main()
