"""The tests put a package together: the generated files of the fixture
catalog (tests/fixture/fixture_errors, kept fresh by TestFixture) with the
runtime's source (src/errgen_runtime) as its _rt, in a directory of their
own on sys.path. PACKAGE_ROOT is that directory, for the servers the tests
start as subprocesses."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src" / "errgen_runtime"

PACKAGE_ROOT = tempfile.mkdtemp(prefix="errgen-python-tests-")
atexit.register(shutil.rmtree, PACKAGE_ROOT, True)
_pkg = Path(PACKAGE_ROOT) / "fixture_errors"
shutil.copytree(HERE / "fixture" / "fixture_errors", _pkg, ignore=shutil.ignore_patterns("__pycache__"))
try:
    os.symlink(SRC, _pkg / "_rt", target_is_directory=True)
except OSError:
    shutil.copytree(SRC, _pkg / "_rt", ignore=shutil.ignore_patterns("__pycache__"))
sys.path.insert(0, PACKAGE_ROOT)
