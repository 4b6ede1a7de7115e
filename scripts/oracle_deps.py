# SPDX-License-Identifier: Apache-2.0
"""What the oracle checks need (check_bitmap_placement.py, check_frames.py,
check_annotations.py), and the one rule for when some of it is missing: outside CI the check
says what is missing and skips (exit 0), so a contributor without the venv can still run
`make test`'s other parts; under CI=true a skip would hide the check, so it fails (exit 2).
"""

import os
import shutil
import sys


def missing(modules, tools=()):
    """The Python modules that cannot be imported and the programs not on PATH."""
    absent = []
    for name in modules:
        try:
            __import__(name)
        except ImportError:
            absent.append(name)
    return absent + [tool for tool in tools if shutil.which(tool) is None]


def refuse_or_skip(script, absent):
    """None when nothing is absent; else one line on stderr and the exit status to return."""
    if not absent:
        return None
    message = "%s: missing %s (make oracle-deps installs them)" % (script, ", ".join(absent))
    if os.environ.get("CI") == "true":
        print(message + "; under CI=true that is a failure", file=sys.stderr)
        return 2
    print(message + "; skipped", file=sys.stderr)
    return 0
