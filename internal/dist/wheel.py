#!/usr/bin/env python3
"""Write errgen's wheels: one per platform, each holding the binary.

Python's standard library alone, so that a release needs no build backend.
A wheel is a zip (PEP 427): the package errgen (__init__.py, __main__.py and
bin/errgen, the binary), and errgen-VERSION.dist-info with METADATA (its
License-Expression and License-File, PEP 639), licenses/LICENSE, WHEEL,
entry_points.txt (the console script errgen, which runs the binary) and
RECORD. Its name carries the platform's tags (py3-none-TAGS: the binary
runs on any Python 3), so that pip, pipx and uv install the wheel of their
platform. Every entry has the modification time --epoch, a fixed mode and
its place in sorted order, so that two runs write the same bytes.

    python3 wheel.py --name errgen --version 0.1.0 --summary TEXT --home URL \\
        --license SPDX --license-file PATH \\
        --epoch SECONDS --out DIR --binary TAGS=PATH [--binary TAGS=PATH ...]

TAGS is one platform tag or several joined by dots
(manylinux_2_17_x86_64.manylinux2014_x86_64).
"""

import argparse
import base64
import hashlib
import os
import sys
import time
import zipfile

INIT = '''"""errgen: one declarative error catalog for a family of servers.

This package holds the errgen command, a binary; run it as errgen, or
python -m errgen.
"""

__version__ = "{version}"
'''

MAIN = '''"""Run the errgen binary this package holds, with the arguments given."""

import os
import stat
import subprocess
import sys


def binary():
    """The path of the errgen binary beside this file."""
    name = "errgen.exe" if sys.platform == "win32" else "errgen"
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", name)


def invoked_as():
    """How the user ran errgen, for the commands it suggests."""
    if os.path.basename(sys.argv[0]).lower().startswith("errgen"):
        return "errgen"  # the console script
    return "python -m errgen"


def main():
    exe = binary()
    os.environ.setdefault("ERRGEN_INVOKED_AS", invoked_as())
    if not os.path.isfile(exe):
        sys.stderr.write("errgen: the binary %s is missing: reinstall errgen (pip install --force-reinstall errgen)\\n" % exe)
        return 2
    if sys.platform == "win32":
        try:
            return subprocess.call([exe] + sys.argv[1:])
        except KeyboardInterrupt:
            return 130
    if not os.access(exe, os.X_OK):
        try:
            os.chmod(exe, os.stat(exe).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        except OSError:
            pass
    os.execv(exe, [exe] + sys.argv[1:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
'''


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def build(args, tags, binary_path):
    with open(binary_path, "rb") as f:
        exe = f.read()
    exe_name = "errgen.exe" if binary_path.endswith(".exe") else "errgen"
    with open(args.license_file, "rb") as f:
        license_text = f.read()
    license_name = os.path.basename(args.license_file)
    dist_info = "%s-%s.dist-info" % (args.name, args.version)
    metadata = [
        "Metadata-Version: 2.4",
        "Name: %s" % args.name,
        "Version: %s" % args.version,
        "Summary: %s" % args.summary,
        "Home-page: %s" % args.home,
        "Project-URL: Source, %s" % args.home,
        "Requires-Python: >=3.8",
        "Description-Content-Type: text/markdown",
        "License-Expression: %s" % args.license,
        "License-File: %s" % license_name,
    ]
    description = (
        "# errgen\n\n%s.\n\n"
        "```sh\npipx run errgen init .    # or: uvx errgen init .\npip install errgen\nerrgen generate\n```\n\n"
        "The wheel holds the errgen binary of its platform; the command errgen runs it. See %s.\n"
    ) % (args.summary, args.home)
    wheel = ["Wheel-Version: 1.0", "Generator: errgen wheel.py", "Root-Is-Purelib: false"]
    wheel += ["Tag: py3-none-%s" % t for t in tags.split(".")]
    files = [
        ("%s/__init__.py" % args.name, INIT.format(version=args.version).encode(), 0o644),
        ("%s/__main__.py" % args.name, MAIN.encode(), 0o644),
        ("%s/bin/%s" % (args.name, exe_name), exe, 0o755),
        ("%s/licenses/%s" % (dist_info, license_name), license_text, 0o644),
        ("%s/METADATA" % dist_info, ("\n".join(metadata) + "\n\n" + description).encode(), 0o644),
        ("%s/WHEEL" % dist_info, ("\n".join(wheel) + "\n").encode(), 0o644),
        ("%s/entry_points.txt" % dist_info, ("[console_scripts]\n%s = %s.__main__:main\n" % (args.name, args.name)).encode(), 0o644),
    ]
    files.sort(key=lambda f: f[0])
    record_name = "%s/RECORD" % dist_info
    record = "".join(record_line(n, d) + "\n" for n, d, _ in files) + record_name + ",,\n"
    files.append((record_name, record.encode(), 0o644))  # last, as the spec has it

    date = time.gmtime(args.epoch)[:6]
    out = os.path.join(args.out, "%s-%s-py3-none-%s.whl" % (args.name, args.version, tags))
    with zipfile.ZipFile(out, "w") as zf:
        for name, data, mode in files:
            info = zipfile.ZipInfo(name, date_time=date)
            info.create_system = 3  # Unix: the mode below is read
            info.external_attr = (0o100000 | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data, compresslevel=9)
    print("wrote " + os.path.basename(out))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--name", required=True)
    p.add_argument("--version", required=True)
    p.add_argument("--summary", required=True)
    p.add_argument("--home", required=True)
    p.add_argument("--license", required=True, help="an SPDX expression (License-Expression)")
    p.add_argument("--license-file", required=True, help="the license's text, written as .dist-info/licenses/NAME")
    p.add_argument("--epoch", type=int, required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--binary", action="append", default=[], help="TAGS=PATH")
    args = p.parse_args()
    if args.epoch < 315532800:  # a zip holds no time before 1980
        p.error("--epoch is before 1980")
    for b in args.binary:
        tags, sep, path = b.partition("=")
        if not sep or not tags or not path:
            p.error("--binary %r: want TAGS=PATH" % b)
        build(args, tags, path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
