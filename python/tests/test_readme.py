# SPDX-License-Identifier: Apache-2.0
"""The examples of python/README.md run as written, from the repository's root, and print what
their comments say (a comment after a print call holds the expected output, up to a colon or
"e.g.")."""

import contextlib
import io
import os
import re

import pytest

from conftest import ROOT, need

README = os.path.join(ROOT, "python", "README.md")
BLOCKS = re.findall(r"```python\n(.*?)```", open(README).read(), re.S)


def test_the_readme_has_six_examples():
    assert len(BLOCKS) == 6


def expected_lines(code):
    """(print line, expected text) for each `print(...)  # expected` line."""
    found = []
    for line in code.splitlines():
        match = re.match(r"\s*print\(.*\)\s+# (.*)$", line)
        if match:
            found.append(re.split(r": ", re.sub(r"^e\.g\. ", "", match.group(1)))[0].strip())
    return found


@pytest.mark.parametrize("number", range(1, len(BLOCKS) + 1))
def test_example_runs(number, monkeypatch):
    code = BLOCKS[number - 1]
    if "pymupdf" in code:
        need("pymupdf")
    monkeypatch.chdir(ROOT)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, f"README example {number}", "exec"), {})
    printed = out.getvalue().splitlines()
    for want in expected_lines(code):
        assert want in printed, (number, want, printed)
