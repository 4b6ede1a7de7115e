#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# libFuzzer harnesses (Fuzz/README.md): the C reader (Fuzz/reader_fuzzer.cc over the shim) and
# the Swift side (Fuzz/*.swift, built with swiftc -sanitize=fuzzer,address): the reader through
# Swift and every page-list format, the encoders, the argument grammars, the golden JSON reader,
# view state JSON and batch mode's resume scanner.
#
#   scripts/fuzz.sh                 build every harness, run each for FUZZ_SECONDS (default 300)
#   scripts/fuzz.sh build           build only (into $FUZZ_DIR, default .build-fuzz)
#   scripts/fuzz.sh fuzz            run each harness for FUZZ_SECONDS, without building
#   scripts/fuzz.sh smoke           build, then run each harness for FUZZ_SMOKE_SECONDS (default 5)
#                                   on its committed corpus only, mutating from a fixed seed
#                                   (FUZZ_SMOKE_SEED, default 1) (CI: `make fuzz-smoke`)
#   FUZZ_HARNESSES="grammars resume" scripts/fuzz.sh ...   only these harnesses
#   scripts/fuzz.sh run NAME [ARGS] run one harness on its corpus (extra libFuzzer ARGS)
#   scripts/fuzz.sh merge NAME      minimize the working corpus into Fuzz/corpus/NAME/
#   scripts/fuzz.sh list            the harness names
#
# Each harness reads Fuzz/corpus/NAME/ (committed seeds, minimized) and writes new inputs to
# $FUZZ_DIR/corpus/NAME/ (not committed); a smoke run reads the committed seeds alone and writes
# to a scratch folder emptied first. Fuzzing runs under `nice -n 19`; every run prints a line of
# figures (and adds it to $FUZZ_DIR/stats.tsv, a smoke's to smoke-stats.tsv), and the script exits
# non-zero when any harness failed. A crash, hang or
# broken invariant is copied to Fixtures/crashers/NAME-<hash>[.pdf]; the test suite replays
# every file there (Tests/PageInfoCommandTests/CrasherTests.swift).
#
# Our code is instrumented; Poppler and the Swift runtime are the system's, uninstrumented.
# The command target's sources are compiled as a library (its @main renamed), so harnesses call
# the real grammars and resume scanner with @testable import, without moving code.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${FUZZ_SECONDS:-300}
OUT=${FUZZ_DIR:-.build-fuzz}
SWIFT_BIN=$(dirname "$(readlink -f "$(command -v swift || echo /opt/swift/usr/bin/swift)")")
SWIFTC=${FUZZ_SWIFTC:-$SWIFT_BIN/swiftc}
CXX=${FUZZ_CXX:-$SWIFT_BIN/clang++}
HARNESSES=(reader_c reader_swift encoders grammars golden_json viewstate resume)
[ -n "${FUZZ_HARNESSES:-}" ] && read -r -a HARNESSES <<< "$FUZZ_HARNESSES"

build() {
    local lib="$OUT/lib" obj="$OUT/obj"
    mkdir -p "$lib" "$obj" "$OUT/bin"
    # The argument parser, as `swift package resolve` checked it out (not instrumented).
    [ -d .build/checkouts/swift-argument-parser ] || "$SWIFT_BIN/swift" package resolve >/dev/null
    local ap=.build/checkouts/swift-argument-parser/Sources
    # -package-name as SwiftPM passes it: the modules share `package` declarations.
    local common=(-O -g -parse-as-library -package-name pageinfo -I "$lib" -L "$lib")
    module() {  # module NAME 'swiftc flags' SOURCES...: a static library and its .swiftmodule
        local name=$1 flags=$2; shift 2
        local stamp="$lib/$name.stamp"
        # Rebuilt when a source, the flags or a module built before it changed.
        if [ "$rebuilt" = 0 ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$flags" ] \
            && [ -z "$(find "$@" -newer "$stamp" 2>/dev/null | head -1)" ]; then return; fi
        rebuilt=1
        echo "  swiftc $name"
        # shellcheck disable=SC2086
        "$SWIFTC" "${common[@]}" $flags -module-name "$name" -emit-library -static \
            -emit-module -emit-module-path "$lib/$name.swiftmodule" -o "$lib/lib$name.a" "$@"
        echo "$flags" > "$stamp"
    }
    local rebuilt=0
    # -enable-testing: harnesses reach internal API (the JSON reader, the command's parsers).
    local inst="-sanitize=fuzzer,address -swift-version 6 -enable-testing"
    local files  # (its folders' names have spaces)
    mapfile -t files < <(find "$ap/ArgumentParserToolInfo" -name '*.swift')
    module ArgumentParserToolInfo "-swift-version 5" "${files[@]}"
    mapfile -t files < <(find "$ap/ArgumentParser" -name '*.swift')
    module ArgumentParser "-swift-version 5" "${files[@]}"

    # swift-system (the system layer's FileDescriptor, Errno and FilePath), as `swift package
    # resolve` checked it out, not instrumented, with its manifest's settings: SYSTEM_PACKAGE,
    # the Lifetimes feature and its availability macros (Linux has no availability: any text).
    [ -d .build/checkouts/swift-system ] || "$SWIFT_BIN/swift" package resolve >/dev/null
    local ss=.build/checkouts/swift-system/Sources
    common+=(-I "$PWD/$ss/CSystem/include")
    if [ ! -f "$lib/libCSystem.a" ] || [ ! -f "$lib/SystemPackage.swiftmodule" ]; then
        echo "  swiftc SystemPackage"
        "$CXX" -x c -O1 -g -I "$ss/CSystem/include" -c "$ss/CSystem/shims.c" -o "$obj/CSystem-shims.o"
        "$SWIFT_BIN/llvm-ar" rcs "$lib/libCSystem.a" "$obj/CSystem-shims.o"
        local system_flags=(-swift-version 5 -D SYSTEM_PACKAGE -enable-experimental-feature Lifetimes)
        local v
        for v in $(grep -o 'Available("[0-9.]*"' .build/checkouts/swift-system/Package.swift | grep -o '[0-9][0-9.]*'); do
            system_flags+=(-enable-experimental-feature "AvailabilityMacro=System $v:macOS 10.10, iOS 8.0, watchOS 2.0, tvOS 9.0, visionOS 1.0")
        done
        mapfile -t files < <(find "$ss/System" -name '*.swift')
        "$SWIFTC" "${common[@]}" "${system_flags[@]}" -module-name SystemPackage -emit-library -static \
            -emit-module -emit-module-path "$lib/SystemPackage.swiftmodule" -o "$lib/libSystemPackage.a" "${files[@]}"
        rebuilt=1
    fi

    # The C++ shim, instrumented; its module map points at its public headers.
    local cflags=(-std=c++20 -g -O1 -fsanitize=fuzzer-no-link,address -I Sources/CPageInfoPoppler/include
                  -I Sources/CPageInfoPoppler $(pkg-config --cflags poppler))
    local cc_objs=()
    for f in Sources/CPageInfoPoppler/*.cc; do
        local o="$obj/$(basename "$f" .cc).o"
        if [ ! -f "$o" ] || [ -n "$(find Sources/CPageInfoPoppler -newer "$o" | head -1)" ]; then
            echo "  clang++ $f"; "$CXX" "${cflags[@]}" -c "$f" -o "$o"
        fi
        cc_objs+=("$o")
    done
    "$SWIFT_BIN/llvm-ar" rcs "$lib/libCPageInfoPoppler.a" "${cc_objs[@]}"
    mkdir -p "$lib/CPageInfoPoppler"
    printf 'module CPageInfoPoppler {\n    umbrella "%s"\n    export *\n}\n' \
        "$PWD/Sources/CPageInfoPoppler/include" > "$lib/CPageInfoPoppler/module.modulemap"
    common+=(-I "$lib/CPageInfoPoppler")
    # zlib (the PNG writer), through the package's own system-library module map.
    common+=(-I "$PWD/Sources/CZlib")

    module PageGeometry "$inst" Sources/PageGeometry/*.swift
    module DocumentLayout "$inst" Sources/DocumentLayout/*.swift
    module PageInfoRecords "$inst" Sources/PageInfoRecords/*.swift
    module PageInfoSystem "$inst" Sources/PageInfoSystem/*.swift
    module PageInfoPoppler "$inst" Sources/PageInfoPoppler/*.swift
    module PageInfoGrammar "$inst" Sources/PageInfoGrammar/*.swift
    module PageInfoEncoding "$inst" Sources/PageInfoEncoding/*.swift
    module PageInfoReading "$inst" Sources/PageInfoReading/*.swift
    module PageInfoBatch "$inst" Sources/PageInfoBatch/*.swift
    module PageInfoCheck "$inst" Sources/PageInfoCheck/*.swift
    module PageInfoDraw "$inst" Sources/PageInfoDraw/*.swift
    module PageInfoPictures "$inst" Sources/PageInfoPictures/*.swift
    module PageInfoHelp "$inst" Sources/PageInfoHelp/*.swift
    module PageInfoWorkerCommand "$inst" Sources/PageInfoWorkerCommand/*.swift
    # The executable target as a testable library: its entry point renamed so libFuzzer's main
    # is the program's.
    module PageInfoCommand "$inst -Xfrontend -entry-point-function-name -Xfrontend pageinfo_main" \
        $(find Sources/PageInfoCommand -name '*.swift')

    if [[ " ${HARNESSES[*]} " == *" reader_c "* ]]; then
    echo "  clang++ reader_c"
    "$CXX" -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -I Sources/CPageInfoPoppler/include -I Sources/CPageInfoPoppler $(pkg-config --cflags poppler) \
        Sources/CPageInfoPoppler/*.cc Fuzz/reader_fuzzer.cc $(pkg-config --libs poppler) -o "$OUT/bin/reader_c"
    fi
    local libs=(-lPageInfoCommand -lPageInfoWorkerCommand -lPageInfoHelp -lPageInfoPictures -lPageInfoDraw -lPageInfoCheck -lPageInfoBatch -lPageInfoReading -lPageInfoPoppler
                -lPageInfoEncoding -lPageInfoGrammar -lPageInfoSystem -lSystemPackage -lCSystem -lPageInfoRecords -lDocumentLayout -lPageGeometry -lArgumentParser -lArgumentParserToolInfo
                -lCPageInfoPoppler -lpoppler -lz -lstdc++ -lm)
    for h in "${HARNESSES[@]}"; do
        [ "$h" = reader_c ] && continue
        echo "  swiftc $h"
        "$SWIFTC" "${common[@]}" $inst -module-name "Fuzz_$h" Fuzz/FuzzSupport.swift "Fuzz/$h.swift" \
            "${libs[@]}" -o "$OUT/bin/$h"
    done
}

# The libFuzzer options of each harness: inputs are small except the reader's PDFs.
options() {
    case $1 in
        # Timeouts are wall-clock: generous, since under nice on a busy machine a 200 KB PDF
        # that takes 1 s of CPU through every format can take 15 s to come round.
        reader_c|reader_swift) echo "-max_len=200000 -timeout=120 -rss_limit_mb=2048" ;;
        golden_json|viewstate|resume) echo "-max_len=65536 -timeout=60 -rss_limit_mb=2048" ;;
        *) echo "-max_len=4096 -timeout=60 -rss_limit_mb=2048" ;;
    esac
}

# Seeds besides the committed corpus: the fixtures (and the shared corpus) for the readers.
extra_seeds() {
    case $1 in
        reader_c|reader_swift)
            echo Fixtures Fixtures/damaged
            [ -d ../shared/corpus ] && echo ../shared/corpus
            [ -d "${PAGEINFO_CORPUS:-/nonexistent}" ] && echo "$PAGEINFO_CORPUS"
            ;;
    esac
    return 0
}

run() {
    local h=$1; shift
    local work="$OUT/corpus/$h" art="$OUT/artifacts/$h/" seeds
    # A smoke run: the committed seeds only, new inputs to a scratch folder.
    if [ "${SMOKE:-0}" = 1 ]; then work="$OUT/smoke-corpus/$h"; rm -rf "$work"; seeds=""; else seeds=$(extra_seeds "$h"); fi
    mkdir -p "$work" "$art" "Fuzz/corpus/$h" Fixtures/crashers
    local status=0 timer=()
    # CPU time (user + system) of the run, for Fuzz/README.md's figures.
    [ -x /usr/bin/time ] && timer=(/usr/bin/time -f '%U %S %e' -o "$OUT/time-$h")
    # shellcheck disable=SC2046
    # SWIFT_BACKTRACE: the Swift runtime's crash handler would read memory ASan reports as wild.
    SWIFT_BACKTRACE=enable=no "${timer[@]}" nice -n 19 "$OUT/bin/$h" $(options "$h") -artifact_prefix="$art" -print_final_stats=1 "$@" \
        "$work" "Fuzz/corpus/$h" $seeds || status=$?
    for f in "$art"crash-* "$art"timeout-* "$art"oom-* "$art"leak-*; do
        [ -e "$f" ] || continue
        local ext=""; case $h in reader_*) ext=.pdf ;; esac
        local name="Fixtures/crashers/$h-$(basename "$f")$ext"
        cp "$f" "$name"; echo "crasher saved: $name (name it for what it exercises; see Fixtures/crashers/README.md)"
        rm -f "$f"
    done
    return "$status"
}

case ${1:-all} in
    build) build ;;
    list) printf '%s\n' "${HARNESSES[@]}" ;;
    run) shift; h=$1; shift; run "$h" "$@" ;;
    merge)
        h=$2; tmp=$(mktemp -d)
        # shellcheck disable=SC2046
        nice -n 19 "$OUT/bin/$h" $(options "$h") -merge=1 "$tmp" "Fuzz/corpus/$h" "$OUT/corpus/$h" >/dev/null 2>&1
        rm -rf "Fuzz/corpus/$h"; mv "$tmp" "Fuzz/corpus/$h"
        # The committed seeds stay small (a few MB in all): large inputs stay in $OUT/corpus only.
        case $h in reader_*) cap=10 ;; resume) cap=3 ;; golden_json) cap=16 ;; *) cap=200 ;; esac
        find "Fuzz/corpus/$h" -type f -size +"${cap}"k -delete
        echo "Fuzz/corpus/$h: $(ls "Fuzz/corpus/$h" | wc -l) files, $(du -sh "Fuzz/corpus/$h" | cut -f1)"
        ;;
    all|fuzz|smoke)  # all: build, then fuzz; fuzz: the harnesses as built; smoke: build, short runs
        mode=${1:-all}
        [ "$mode" = fuzz ] || build
        if [ "$mode" = smoke ]; then SMOKE=1; SECONDS_TO_RUN=${FUZZ_SMOKE_SECONDS:-5}; fi
        worst=0 failed=() unknown=$'?\t?'  # two columns not measured (a run stopped early)
        for h in "${HARNESSES[@]}"; do
            echo "== $h: ${SECONDS_TO_RUN}s"
            log="$OUT/log-$h"
            status=0
            # A smoke run is a gate: its mutations come from a fixed seed (FUZZ_SMOKE_SEED, 1), the
            # same ones in the same order on every run (how many fit in FUZZ_SMOKE_SECONDS depends
            # on the machine); exploring is `make fuzz`'s, with a random seed. (A random seed once
            # failed CI on a finding older than the commit under test: Fuzz/findings/README.md.)
            seed=()
            [ "${SMOKE:-0}" = 1 ] && seed=(-seed="${FUZZ_SMOKE_SEED:-1}")
            run "$h" -max_total_time="$SECONDS_TO_RUN" "${seed[@]}" > "$log" 2>&1 || status=$?
            if [ "$status" != 0 ]; then worst=1; failed+=("$h (exit $status, $log)"); fi
            grep -E '^(crasher|==[0-9]+==ERROR|SUMMARY|invariant broken)' "$log" || true
            # One line per run in $OUT/stats.tsv: date, harness, executions, cov, ft, CPU s, wall s, corpus.
            execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
            # (A run stopped before its first status line has none: `|| true`, or set -e would end here.)
            covft=$( (grep -E '^#[0-9]+' "$log" || true) | tail -1 | sed -n 's/.*cov: \([0-9]*\) ft: \([0-9]*\).*/\1\t\2/p')
            cpu=$(awk 'END { printf "%.0f\t%.0f", $1 + $2, $3 }' "$OUT/time-$h" 2>/dev/null || true)  # the last line: time may say the status first
            work=$OUT/corpus/$h stats=$OUT/stats.tsv
            [ "${SMOKE:-0}" = 1 ] && work=$OUT/smoke-corpus/$h stats=$OUT/smoke-stats.tsv
            printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$h" "${execs:-?}" "${covft:-$unknown}" "${cpu:-$unknown}" \
                "$(ls "$work" | wc -l)" | tee -a "$stats"
        done
        if [ "$worst" != 0 ]; then printf 'failed: %s\n' "${failed[@]}" >&2; fi
        exit "$worst"
        ;;
    *) echo "usage: $0 [all|build|fuzz|smoke|list|run NAME [ARGS]|merge NAME]" >&2; exit 64 ;;
esac
