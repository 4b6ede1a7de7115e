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


def test_the_readme_has_its_examples():
    assert len(BLOCKS) == 11


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
    if "pdf2image" in code:
        need("pdf2image")
    if "tesseract" in code:
        from test_ocr import tesseract
        tesseract()
    monkeypatch.chdir(ROOT)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, f"README example {number}", "exec"), {})
    printed = out.getvalue().splitlines()
    for want in expected_lines(code):
        assert want in printed, (number, want, printed)


def _normalized(requirement):
    """A requirement's project name as PyPI compares names (PEP 503), extras and version cut."""
    name = re.split(r"[\[<>=!~;@ ]", requirement.strip("'\""), maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def test_every_pip_install_names_this_distribution():
    """PyPI's `pageinfo` is another project (a 2014 web-page tool with a module of that name): a
    README that says to install it would give users that package. Every `pip install` of the
    READMEs installs this distribution (pyproject's name), by name or as a built wheel file."""
    import tomllib
    with open(os.path.join(ROOT, "python", "pyproject.toml"), "rb") as handle:
        ours = tomllib.load(handle)["project"]["name"]
    assert _normalized(ours) != "pageinfo"
    module = ours.replace("-", "_")
    assert os.path.isfile(os.path.join(ROOT, "python", "src", module, "__init__.py")), module
    seen = 0
    for readme in (README, os.path.join(ROOT, "README.md")):
        text = open(readme).read()
        for line in re.findall(r"pip install ([^`\n#]*)", text):
            for argument in line.split():
                if argument.startswith("-") or "/" in argument and argument.endswith(".whl"):
                    continue
                if argument in ("python/dist",):   # --find-links' folder
                    continue
                assert _normalized(argument) == _normalized(ours), (readme, line)
                seen += 1
    assert seen >= 3
