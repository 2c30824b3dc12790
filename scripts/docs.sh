#!/usr/bin/env bash
# Builds the DocC documentation of the runtime (EndpointKit, EndpointKitTesting,
# EndpointKitAudit) into one static site, with the toolchain alone: the compiler writes the
# symbol graphs, `docc convert` turns each module's catalog (Sources/<Module>/<Module>.docc)
# and graphs into an archive, `docc merge` combines them. No package plugin, no dependency.
#
#   scripts/docs.sh                  # writes .build/docs-site; fails on any DocC warning
#   scripts/docs.sh --output DIR     # writes DIR instead
#   scripts/docs.sh --self-test      # proves a broken link and a missing parameter doc fail
#
# Serve the site from its root (python3 -m http.server -d .build/docs-site) and open
# /documentation/endpointkit/. Every DocC warning (an unresolved symbol link, a parameter
# a doc comment documents wrongly or leaves out, ...) is an error here: the run fails.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(EndpointKit EndpointKitTesting EndpointKitAudit)
# A build folder of its own: the symbol-graph flags would otherwise invalidate .build's modules.
build_path=.build/docs-build
work=.build/docs-work
output=.build/docs-site
self_test=false

while [[ $# -gt 0 ]]; do
    case "$1" in
        --output) output=${2:?--output needs a folder}; shift 2 ;;
        --self-test) self_test=true; shift ;;
        *) echo "usage: $0 [--output DIR] [--self-test]" >&2; exit 2 ;;
    esac
done

say() { printf 'docs.sh: %s\n' "$*" >&2; }
fail() { say "error: $*"; exit 1; }

docc=$(command -v docc || true)
[[ -n $docc ]] || docc=$(dirname "$(readlink -f "$(command -v swift)")")/docc
[[ -x $docc ]] || fail "docc not found next to swift; it ships with the Swift toolchain"

# Symbol graphs of the public API, one folder per module (docc documents one module per archive).
# The compiler writes a module's graph when it compiles the module, so the folder lives in the
# build folder and is kept: an up-to-date module keeps the graph of its last compile. A graph
# missing while the build is up to date (the folder deleted by hand) means one clean rebuild.
symbol_graphs() {
    local raw=$build_path/symbol-graphs
    local attempt
    for attempt in 1 2; do
        mkdir -p "$raw"
        # EndpointKitTesting and EndpointKitAudit both depend on EndpointKit: two builds cover all three.
        for target in EndpointKitTesting EndpointKitAudit; do
            swift build --build-path "$build_path" --target "$target" \
                -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$raw" \
                >"$work/build-$target.log" 2>&1 || { cat "$work/build-$target.log" >&2; fail "swift build --target $target failed"; }
        done
        local missing=false
        for module in "${modules[@]}"; do
            [[ -f $raw/$module.symbols.json ]] || missing=true
        done
        $missing || break
        [[ $attempt -eq 1 ]] || fail "the compiler wrote no symbol graph for one of ${modules[*]} in $raw"
        say "a symbol graph is missing from $raw; rebuilding $build_path from clean"
        rm -rf "$build_path"
    done
    for module in "${modules[@]}"; do
        local dir=$work/symbol-graphs/$module
        rm -rf "$dir" && mkdir -p "$dir"
        cp "$raw/$module.symbols.json" "$dir/"
        # Extensions the module declares on other modules' types (EndpointKit@Swift, ...).
        find "$raw" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$dir/" \;
    done
}

# convert CATALOG MODULE ARCHIVE LOG: one module's archive; exit status 1 on any warning.
convert() {
    local catalog=$1 module=$2 archive=$3 log=$4
    rm -rf "$archive"
    mkdir -p "$(dirname "$archive")"
    local status=0
    "$docc" convert "$catalog" \
        --additional-symbol-graph-dir "$work/symbol-graphs/$module" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.routegen.$module" \
        --fallback-default-module-kind Framework \
        --enable-experimental-external-link-support \
        --warnings-as-errors \
        --output-path "$archive" >"$log" 2>&1 || status=$?
    # --warnings-as-errors turns each warning into an error line and a non-zero status; the
    # grep is a second net, so a docc that stops honouring the flag cannot pass silently.
    if [[ $status -ne 0 ]] || grep -Eq '(^|[^a-z])(warning|error):' "$log"; then
        return 1
    fi
}

build_site() {
    mkdir -p "$work"
    say "building the symbol graphs (swift build --build-path $build_path)"
    symbol_graphs
    local archives=()
    for module in "${modules[@]}"; do
        local catalog=Sources/$module/$module.docc
        [[ -d $catalog ]] || fail "$catalog is missing"
        say "docc convert $catalog"
        if ! convert "$catalog" "$module" "$work/archives/$module.doccarchive" "$work/docc-$module.log"; then
            cat "$work/docc-$module.log" >&2
            fail "DocC reported problems in $module (above); fix them, warnings included"
        fi
        archives+=("$work/archives/$module.doccarchive")
    done
    say "docc merge → $output"
    rm -rf "$work/merged.doccarchive"
    "$docc" merge "${archives[@]}" \
        --synthesized-landing-page-name routegen \
        --synthesized-landing-page-kind Package \
        --output-path "$work/merged.doccarchive" >"$work/docc-merge.log" 2>&1 \
        || { cat "$work/docc-merge.log" >&2; fail "docc merge failed"; }
    grep -Eq '(warning|error):' "$work/docc-merge.log" && { cat "$work/docc-merge.log" >&2; fail "docc merge reported problems"; }
    # `docc merge` keeps each archive's static-hosting pages; transform once more so the combined
    # landing page has its own index.html too.
    "$docc" process-archive transform-for-static-hosting "$work/merged.doccarchive" \
        --output-path "$work/static.doccarchive" >"$work/docc-transform.log" 2>&1 \
        || { cat "$work/docc-transform.log" >&2; fail "docc process-archive transform-for-static-hosting failed"; }
    rm -rf "$output" && mkdir -p "$(dirname "$output")"
    mv "$work/static.doccarchive" "$output"
    for page in documentation/endpointkit documentation/endpointkit/endpoint \
                documentation/endpointkit/gettingstarted documentation/endpointkittesting \
                documentation/endpointkitaudit; do
        [[ -f $output/$page/index.html ]] || fail "the site has no $page/index.html"
    done
    say "site written to $output ($(find "$output" -type f | wc -l) files); open /documentation/endpointkit/"
}

# The check must be able to fail: the real catalog plus one article with an unresolved link,
# then plus one documentation extension that documents one of two parameters, must each fail.
self_test_check() {
    mkdir -p "$work"
    symbol_graphs
    local scratch=$work/self-test
    rm -rf "$scratch" && mkdir -p "$scratch"

    cp -R Sources/EndpointKit/EndpointKit.docc "$scratch/Clean.docc"
    convert "$scratch/Clean.docc" EndpointKit "$scratch/clean.doccarchive" "$scratch/clean.log" \
        || { cat "$scratch/clean.log" >&2; fail "self-test: the unchanged catalog must convert cleanly"; }

    cp -R Sources/EndpointKit/EndpointKit.docc "$scratch/BrokenLink.docc"
    printf '# Broken link\n\nSee ``Endpoint/noSuchMember`` for more.\n' >"$scratch/BrokenLink.docc/BrokenLink.md"
    if convert "$scratch/BrokenLink.docc" EndpointKit "$scratch/link.doccarchive" "$scratch/link.log"; then
        fail "self-test: an unresolved symbol link did not fail the build"
    fi
    grep -q "noSuchMember" "$scratch/link.log" || fail "self-test: the failure does not name the broken link"

    cp -R Sources/EndpointKit/EndpointKit.docc "$scratch/MissingParameter.docc"
    cat >"$scratch/MissingParameter.docc/SendAs.md" <<'EOF'
# ``EndpointKit/HTTPClient/send(_:as:)``

Sends the endpoint.

- Parameters:
  - endpoint: The endpoint to send.
- Returns: The decoded response.
EOF
    if convert "$scratch/MissingParameter.docc" EndpointKit "$scratch/parameter.doccarchive" "$scratch/parameter.log"; then
        fail "self-test: a missing parameter doc did not fail the build"
    fi
    grep -q "Parameter 'type' is missing documentation" "$scratch/parameter.log" \
        || { cat "$scratch/parameter.log" >&2; fail "self-test: the failure does not name the undocumented parameter"; }
    say "self-test passed: a clean catalog converts; an unresolved link and a missing parameter doc each fail"
}

if $self_test; then self_test_check; else build_site; fi
