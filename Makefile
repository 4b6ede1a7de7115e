# pageinfo — build, test, benchmark. Every target that compiles runs `deps` first, so each works
# on a fresh Debian/Ubuntu machine with nothing installed by hand (run as root, or with sudo).

SWIFT      ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
PREFIX     ?= /usr/local
BENCH_DIR  ?= bench-out
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# System packages: Poppler (glib wrapper, core headers), GLib, pkg-config for the build; libxml2
# for FoundationXML, which the tests use to parse `pageinfo check --format junit`;
# hyperfine, GNU time and poppler-utils (pdfinfo, the baseline) for the benchmark; Python for
# the fixture and benchmark generators.
BUILD_PACKAGES := pkg-config libpoppler-glib-dev libglib2.0-dev libpoppler-private-dev libxml2
BENCH_PACKAGES := hyperfine time poppler-utils

.PHONY: all deps bench-deps build release test bench fixtures check-fixtures install demo clean

all: build

# Installs the packages that are missing, with one `apt-get update` at most.
define apt_install
	@missing=""; for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; done; \
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

# The Swift standard library is linked statically: 2 ms less start-up and 3 MiB less memory per run.
release: deps
	$(SWIFT) build -c release --static-swift-stdlib

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Regenerates Fixtures/*.pdf and their golden files from scripts/make_fixtures.py.
fixtures:
	python3 scripts/make_fixtures.py

# Cross-checks the fixtures' golden files against pdfinfo and qpdf (independent oracles).
check-fixtures: bench-deps
	$(call apt_install,qpdf)
	python3 scripts/check_fixtures_with_pdfinfo.py

bench: bench-deps release
	scripts/bench_pages.sh $(BENCH_DIR)
	$(SWIFT) run -c release --skip-build pageinfo-bench

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/pageinfo $(DESTDIR)$(PREFIX)/bin/pageinfo

demo: build
	$$($(SWIFT) build --show-bin-path)/pageinfo pages Fixtures/mixed.pdf

clean:
	rm -rf .build $(BENCH_DIR)

# ---------------------------------------------------------------------------------------------
# Batch mode on Spark, and the batch benchmark (issue 13). Kept in one block at the end.
#   make spark-run FILES=LIST OUT=DIR   run integrations/spark/pageinfo_spark.py on local[2]
#   make spark-test                     Parquet rows == `pageinfo pages --jobs 2` rows (CI)
#   make bench-batch                    10,000 small PDFs: files/s, pages/s, worker RSS, Spark
# pyspark goes into an ignored virtual environment ($(SPARK_VENV)); Spark needs Java 17.
# ---------------------------------------------------------------------------------------------
SPARK_VENV   ?= .venv-spark
PYSPARK_REQ  ?= pyspark>=3.5,<3.6
SPARK_MASTER ?= local[2]
BATCH_COUNT  ?= 10000

.PHONY: spark-deps spark-run spark-test bench-batch

spark-deps: deps
	$(if $(shell command -v java 2>/dev/null),,$(call apt_install,openjdk-17-jre-headless))
	@[ -x $(SPARK_VENV)/bin/spark-submit ] || { echo "Installing $(PYSPARK_REQ) into $(SPARK_VENV)"; \
		python3 -m venv $(SPARK_VENV) && $(SPARK_VENV)/bin/pip install -q '$(PYSPARK_REQ)'; }

spark-run: spark-deps release
	@[ -n "$(FILES)" ] && [ -n "$(OUT)" ] || { echo "usage: make spark-run FILES=LIST OUT=DIR" >&2; exit 64; }
	PYSPARK_PYTHON=$(abspath $(SPARK_VENV))/bin/python SPARK_LOCAL_IP=127.0.0.1 \
	$(SPARK_VENV)/bin/spark-submit --master '$(SPARK_MASTER)' --conf spark.ui.showConsoleProgress=false \
		integrations/spark/pageinfo_spark.py --files-from '$(FILES)' --output '$(OUT)' \
		--pageinfo $$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/pageinfo

spark-test: spark-deps
	$(SWIFT) build --product pageinfo
	$(SPARK_VENV)/bin/python integrations/spark/test_pageinfo_spark.py $$($(SWIFT) build --show-bin-path)/pageinfo

bench-batch: bench-deps release spark-deps
	python3 scripts/bench_batch.py $$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/pageinfo \
		$(BENCH_DIR) --count $(BATCH_COUNT) --spark $(SPARK_VENV)
