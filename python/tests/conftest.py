# SPDX-License-Identifier: Apache-2.0
"""Shared settings of the Python package's tests.

The package under test is imported from python/src (or, with PAGEINFO_TEST_INSTALLED=1, from
wherever it is installed), and runs the executable PAGEINFO_EXECUTABLE names (the Makefile sets
it to the build's). The corpus is ../shared/corpus or $PAGEINFO_CORPUS; under CI=true nothing
is skipped: a missing corpus or oracle library fails the test that needs it.
"""

import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIXTURES = os.path.join(ROOT, "Fixtures")
CORPUS = os.environ.get("PAGEINFO_CORPUS") or os.path.join(os.path.dirname(ROOT), "shared", "corpus")
IN_CI = os.environ.get("CI") == "true"

if os.environ.get("PAGEINFO_TEST_INSTALLED") != "1":
    sys.path.insert(0, os.path.join(ROOT, "python", "src"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))


def need(module_name):
    """Import an oracle library, or skip (fail under CI=true) without it."""
    try:
        return __import__(module_name)
    except ImportError:
        if IN_CI:
            pytest.fail(f"{module_name} is not installed (make python-test installs it)")
        pytest.skip(f"{module_name} is not installed")


def corpus_manifest():
    path = os.path.join(CORPUS, "MANIFEST.json")
    if not os.path.exists(path):
        if IN_CI:
            pytest.fail(f"no corpus at {CORPUS} (CI=true: a missing corpus fails)")
        pytest.skip(f"no corpus at {CORPUS}")
    with open(path) as f:
        return json.load(f)


def golden(name):
    with open(os.path.join(FIXTURES, name.replace(".pdf", ".golden.json"))) as f:
        return json.load(f)


def fixture(name):
    return os.path.join(FIXTURES, name)
