#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Builds a static DocC site for every library product under .build/docs/<product>/ (`make docs`).
#
#   1. `swift package dump-symbol-graph` builds the package (the ordinary debug build, so it
#      reuses what `make test` built) and extracts one symbol graph per module, public symbols
#      only, without inherited doc comments or synthesized members (what is shown is what we wrote);
#   2. for each product, the toolchain's `docc convert` turns Sources/<P>/<P>.docc and the
#      symbol graphs of the module and of the modules it re-exports that are no product of their
#      own (PageInfoReading: the records and the Poppler reader; PageInfoTesting: the golden
#      checks) into a site for static hosting under the base path /<P>/,
#      with --warnings-as-errors: any warning (an unresolved ``symbol`` link, a bad directive,
#      a missing article) fails the build;
#   3. it prints, per module, how many public declarations carry a doc comment of their own,
#      and fails (naming them) when any lacks one: every public declaration is documented.
#
# Serve the result with `python3 -m http.server -d .build/docs` and open
# http://localhost:8000/PageGeometry/documentation/pagegeometry/ (index.html lists them all).
#
# Options: --coverage-only (steps 1 and 3, no site). Environment: SWIFT (default: swift on PATH),
# DOCC (default: docc beside swift).
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
# Every library product of the manifest, each of which must have its catalog: a new product
# without one fails here instead of going undocumented.
mapfile -t PRODUCTS < <("$SWIFT" package dump-package | python3 -c '
import json, sys
for p in json.load(sys.stdin)["products"]:
    if "library" in p["type"]:
        print(p["name"])')
[ ${#PRODUCTS[@]} -gt 0 ] || { echo "docs.sh: no library product found in Package.swift" >&2; exit 1; }
for p in "${PRODUCTS[@]}"; do
    [ -d "Sources/$p/$p.docc" ] || { echo "docs.sh: library product $p has no DocC catalog (Sources/$p/$p.docc)" >&2; exit 1; }
done
DOCC=${DOCC:-$(dirname "$(readlink -f "$SWIFT")")/docc}
OUT=.build/docs
GRAPHS=.build/docs-symbol-graphs
coverage_only=0
for arg in "$@"; do
    case "$arg" in
        --coverage-only) coverage_only=1 ;;
        *) echo "usage: scripts/docs.sh [--coverage-only]" >&2; exit 64 ;;
    esac
done
[ -x "$DOCC" ] || { echo "docs.sh: no docc at $DOCC (set DOCC)" >&2; exit 69; }

# 1. Symbol graphs. dump-symbol-graph prints where it wrote them.
log=$("$SWIFT" package dump-symbol-graph --minimum-access-level public \
        --skip-inherited-docs --skip-synthesized-members 2>&1) || { echo "$log" >&2; exit 1; }
dumped=$(printf '%s\n' "$log" | sed -n 's/^Files written to //p' | tail -1)
[ -d "$dumped" ] || { echo "$log" >&2; echo "docs.sh: no symbol graph directory in the output above" >&2; exit 1; }
rm -rf "$GRAPHS"
# Per product: its module's graph and its extensions of other modules' types (P@Swift.symbols.json),
# and those of the modules it re-exports (`@_exported import`, followed through their sources)
# that are no product of their own: what `import P` shows a user (PageInfoReading's site documents
# the records and the Poppler reader it re-exports; PageInfoTesting's the golden checks). Their
# graphs are renamed into the product's module, so that DocC merges them into one site; a
# re-exported product (PageGeometry, PageInfoReading) keeps its own site.
python3 - "$dumped" "$GRAPHS" "${PRODUCTS[@]}" <<'EOF_GRAPHS'
import json, os, pathlib, re, sys
dumped, out, products = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3:]

def reexported(module):
    found = set()
    for path in pathlib.Path("Sources", module).rglob("*.swift"):
        code = re.sub(r"//[^\n]*", "", path.read_text(encoding="utf-8"))
        found.update(re.findall(r"@_exported\s+(?:public\s+)?import\s+([A-Za-z_]\w*)", code))
    return found

for product in products:
    members, todo = [product], [product]
    while todo:
        for m in sorted(reexported(todo.pop())):
            if m not in members and m not in products:
                members.append(m)
                todo.append(m)
    (out / product).mkdir(parents=True)
    for m in members:
        for graph in sorted(dumped.glob(f"{m}.symbols.json")) + sorted(dumped.glob(f"{m}@*.symbols.json")):
            extended = graph.name[len(m) + 1:-len(".symbols.json")] if "@" in graph.name else None
            data = json.loads(graph.read_text())
            data["module"]["name"] = product
            if extended is None or extended in members:
                name = f"{product}.symbols.json" if m == product and extended is None else f"{product}-{m}-{extended or 'main'}.symbols.json"
            else:
                name = f"{product}@{extended}.symbols.json" if m == product else f"{product}-{m}@{extended}.symbols.json"
            (out / product / name).write_text(json.dumps(data))
    print(f"docs.sh: {product}: the symbols of {', '.join(members)}")
EOF_GRAPHS

# 3. Documented / total public declarations per module: those written in our source (not the
#    compiler's implicit ones), documented when they carry a doc comment of their own.
coverage() {
    python3 - "$GRAPHS" "${PRODUCTS[@]}" <<'EOF'
import json, pathlib, sys
root, modules = pathlib.Path(sys.argv[1]), sys.argv[2:]
print(f"{'module':<18} {'documented':>10} {'total':>6}")
all_doc = all_total = 0
for module in modules:
    documented, missing = 0, []
    seen = set()
    for graph in sorted((root / module).glob("*.symbols.json")):
        for symbol in json.loads(graph.read_text())["symbols"]:
            precise = symbol["identifier"]["precise"]
            # Public declarations written in our source: synthesized members and what the compiler
            # declares implicitly (init(rawValue:), Codable's init(from:)) have no source location.
            if symbol.get("accessLevel") not in ("public", "open") or "::SYNTHESIZED::" in precise \
                    or "location" not in symbol:
                continue
            if precise in seen:
                continue
            seen.add(precise)
            lines = symbol.get("docComment", {}).get("lines", [])
            if any(line["text"].strip() for line in lines):
                documented += 1
            else:
                missing.append(".".join(symbol["pathComponents"]) + "  (" + symbol["kind"]["displayName"] + ")")
    all_doc += documented
    all_total += len(seen)
    print(f"{module:<18} {documented:>10} {len(seen):>6}")
    for name in missing:
        print("    undocumented: " + name)
print(f"{'all':<18} {all_doc:>10} {all_total:>6}")
if all_doc < all_total:
    print(f"docs.sh: {all_total - all_doc} public declaration(s) without a doc comment (listed above)", file=sys.stderr)
    sys.exit(1)
EOF
}
if [ "$coverage_only" = 1 ]; then coverage; exit; fi

# 2. One site per product; any warning fails.
rm -rf "$OUT"
mkdir -p "$OUT"
status=0
for p in "${PRODUCTS[@]}"; do
    lower=$(printf '%s' "$p" | tr '[:upper:]' '[:lower:]')
    if ! "$DOCC" convert "Sources/$p/$p.docc" \
            --additional-symbol-graph-dir "$GRAPHS/$p" \
            --fallback-display-name "$p" --fallback-bundle-identifier "pageinfo.$p" \
            --output-path "$OUT/$p" --transform-for-static-hosting --hosting-base-path "$p" \
            --warnings-as-errors > "$OUT/$p.log" 2>&1 \
       || grep -q -E 'warning:|error:' "$OUT/$p.log"; then
        echo "docs.sh: $p: docc failed or warned:" >&2
        cat "$OUT/$p.log" >&2
        status=1
    else
        echo "$OUT/$p/documentation/$lower/index.html"
    fi
done
{
    echo '<!doctype html><meta charset="utf-8"><title>pageinfo documentation</title><h1>pageinfo documentation</h1><ul>'
    for p in "${PRODUCTS[@]}"; do
        lower=$(printf '%s' "$p" | tr '[:upper:]' '[:lower:]')
        echo "<li><a href=\"$p/documentation/$lower/\">$p</a></li>"
    done
    echo '</ul>'
} > "$OUT/index.html"
coverage || status=1
exit $status
