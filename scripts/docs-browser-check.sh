#!/usr/bin/env bash
# Looks at the built documentation site as a person does: serves it on 127.0.0.1, opens pages
# in headless Chromium, and checks the rendered DOM (not the HTML files, which only hold a
# "This page requires JavaScript" shell until DocC's app renders the page).
#
#   scripts/docs.sh && scripts/docs-browser-check.sh [SITE]    # SITE defaults to .build/docs-site
#
# For each page: its title is the rendered <h1>, a known code sample is in a rendered <pre>, and
# the page logged nothing to the console (an uncaught exception, a console.error, a resource
# that failed to load). Screenshots go to .build/docs-artifacts/ for CI to keep.
# Before that, a probe page that throws proves the console check can fail.
set -euo pipefail
cd "$(dirname "$0")/.."

site=${1:-.build/docs-site}
artifacts=.build/docs-artifacts
budget_ms=15000

say() { printf 'docs-browser-check.sh: %s\n' "$*" >&2; }
fail() { say "error: $*"; exit 1; }

[[ -f $site/index.html && -d $site/documentation ]] || fail "no documentation site at $site; run scripts/docs.sh first"
chromium=$(command -v chromium || command -v chromium-browser || true)
[[ -n $chromium ]] || fail "chromium not found; install Debian's package: apt-get install -y chromium"

scratch=$(mktemp -d)
server_pid=
cleanup() {
    local status=$?
    if [[ -n $server_pid ]]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$scratch"
    exit "$status"
}
trap cleanup EXIT
rm -rf "$artifacts" && mkdir -p "$artifacts"

# The browser, with a profile of its own each run; root needs --no-sandbox. Console messages go
# to stderr as `INFO:CONSOLE...] "message", source: URL (line)`, whatever their level.
browse() {
    "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
        --user-data-dir="$scratch/profile" --enable-logging=stderr --v=0 \
        --virtual-time-budget="$budget_ms" --hide-scrollbars --window-size=1280,1400 "$@"
}

# check_dom DOM TITLE CODE: the rendered <h1 class="title"> reads TITLE and a <pre> holds CODE.
check_dom() {
    python3 - "$@" <<'EOF'
import html.parser, sys
path, title, code = sys.argv[1:4]

class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.titles, self.samples = [], [], []
    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "h1" and "title" in classes: self.titles.append("")
        if tag == "pre": self.samples.append("")
        if tag not in ("br", "img", "input", "meta", "link", "hr", "source", "wbr"):
            self.stack.append((tag, "title" in classes))
    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag: break
    def handle_data(self, data):
        tags = [t for t, _ in self.stack]
        if any(t == "h1" and is_title for t, is_title in self.stack): self.titles[-1] += data
        if "pre" in tags: self.samples[-1] += data

page = Page()
page.feed(open(path, encoding="utf-8").read())
titles = [" ".join(t.split()) for t in page.titles]
problems = []
if title not in titles:
    problems.append(f"no rendered title {title!r} (rendered titles: {titles})")
if not any(code in sample for sample in page.samples):
    problems.append(f"no rendered code sample containing {code!r} ({len(page.samples)} samples)")
for problem in problems: print(problem)
sys.exit(1 if problems else 0)
EOF
}

console_lines() { grep -E ':CONSOLE[(:]' "$1" || true; }

# 1. The console check can fail: a page that logs an error and throws must be caught.
cat >"$scratch/probe.html" <<'EOF'
<!doctype html><title>probe</title><h1 class="title">probe</h1>
<script>console.error("probe: console.error"); setTimeout(function () { notAFunction(); }, 10);</script>
EOF
browse --dump-dom "file://$scratch/probe.html" >"$scratch/probe.dom" 2>"$scratch/probe.log" || true
probe=$(console_lines "$scratch/probe.log")
grep -q 'probe: console.error' <<<"$probe" && grep -q 'Uncaught ReferenceError' <<<"$probe" \
    || { cat "$scratch/probe.log" >&2; fail "the console check cannot see a console.error and an uncaught exception; it would pass anything"; }
say "the console check sees a probe page's console.error and uncaught exception"

# 2. Serve the site on a free loopback port.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >"$scratch/server.log" 2>&1 &
server_pid=$!
base=http://127.0.0.1:$port
for _ in $(seq 1 50); do
    python3 -c "import urllib.request,sys; urllib.request.urlopen(sys.argv[1], timeout=1)" "$base/" 2>/dev/null && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$scratch/server.log" >&2; fail "the static server exited"; }
    sleep 0.2
done

# 3. The pages: path, rendered title, a code sample the page must show.
pages=(
    "documentation/endpointkit/endpoint/|Endpoint|struct Endpoint<Response>"
    "documentation/endpointkit/gettingstarted/|Getting started|let server = try await LocalServer.start { request in"
    "documentation/endpointkit/|EndpointKit|Endpoint(method: .get, path: [\"books\", .value(id)], auth: nil)"
    "documentation/endpointkittesting/localserver/|LocalServer|final class LocalServer"
)
failures=0
for entry in "${pages[@]}"; do
    IFS='|' read -r path title code <<<"$entry"
    name=$(tr '/' '-' <<<"${path%/}")
    url=$base/$path
    browse --dump-dom "$url" >"$artifacts/$name.html" 2>"$scratch/$name.log" || true
    browse --screenshot="$artifacts/$name.png" "$url" >/dev/null 2>"$scratch/$name-shot.log" || true
    problems=
    if ! problems=$(check_dom "$artifacts/$name.html" "$title" "$code" 2>&1); then
        problems=${problems:-the DOM check failed without saying why}
    fi
    errors=$(console_lines "$scratch/$name.log")
    [[ -n $errors ]] && problems+=$'\n'"console messages: $errors"
    size=$(stat -c %s "$artifacts/$name.png" 2>/dev/null || echo 0)
    (( size > 20000 )) || problems+=$'\n'"no screenshot, or a blank one ($size bytes)"
    if [[ -n ${problems//[$'\n ']/} ]]; then
        say "FAIL $url:${problems}"
        failures=$((failures + 1))
    else
        say "ok   $url: title '$title', code sample, no console message; $artifacts/$name.png"
    fi
done
(( failures == 0 )) || fail "$failures page(s) did not render as expected; DOMs and screenshots in $artifacts"
say "every page renders; screenshots in $artifacts"
