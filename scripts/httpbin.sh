#!/usr/bin/env bash
# Starts or stops httpbin (PyPI) under gunicorn on 127.0.0.1, for EndpointKit's wire tests.
#
#   eval "$(scripts/httpbin.sh start)"   # prints HTTPBIN_URL=http://127.0.0.1:PORT on stdout
#   scripts/httpbin.sh stop
#
# Only the HTTPBIN_URL line goes to stdout, so `eval` is safe; progress goes to stderr.
# The virtual environment lives in .venv at the repository root (created when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.venv
state_dir=.build/httpbin
pid_file=$state_dir/httpbin.pid
log_file=$state_dir/gunicorn.log
# httpbin 0.10.4 runs on Flask 3 / Werkzeug 3 with Python 3.11; pinned so a future release
# cannot change what "a real server no one here wrote" answers.
packages=(httpbin==0.10.4 gunicorn==27.0.1 flask==3.1.3 werkzeug==3.1.9)

say() { printf 'httpbin.sh: %s\n' "$*" >&2; }
fail() { say "error: $*"; exit 1; }

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start() {
    if [[ -f $pid_file ]] && kill -0 "$(cat "$pid_file")" 2>/dev/null; then
        fail "already running with PID $(cat "$pid_file"); run '$0 stop' first"
    fi
    if [[ ! -x $venv/bin/gunicorn ]] || ! "$venv/bin/python" -c 'import httpbin' 2>/dev/null; then
        say "creating $venv and installing ${packages[*]}"
        python3 -m venv "$venv" >&2 || fail "python3 -m venv failed; install python3-venv"
        "$venv/bin/pip" install --quiet --disable-pip-version-check "${packages[@]}" >&2 \
            || fail "pip install failed"
    fi
    mkdir -p "$state_dir"
    local port url
    port=$(free_port)
    url="http://127.0.0.1:$port"
    "$venv/bin/gunicorn" --bind "127.0.0.1:$port" --workers 2 --threads 4 --timeout 60 \
        --log-level warning httpbin:app >"$log_file" 2>&1 &
    echo $! >"$pid_file"
    say "gunicorn started (PID $(cat "$pid_file")), waiting for $url"
    for _ in $(seq 1 60); do
        if python3 -c "import urllib.request,sys; urllib.request.urlopen(sys.argv[1], timeout=1)" "$url/get" 2>/dev/null; then
            echo "HTTPBIN_URL=$url"
            return 0
        fi
        if ! kill -0 "$(cat "$pid_file")" 2>/dev/null; then
            cat "$log_file" >&2
            fail "gunicorn exited before answering"
        fi
        sleep 0.5
    done
    cat "$log_file" >&2
    stop
    fail "httpbin did not answer on $url within 30 s"
}

stop() {
    if [[ ! -f $pid_file ]]; then
        say "not running (no $pid_file)"
        return 0
    fi
    local pid
    pid=$(cat "$pid_file")
    if kill -0 "$pid" 2>/dev/null; then
        kill "$pid"
        for _ in $(seq 1 20); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.25
        done
        kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    fi
    rm -f "$pid_file"
    say "stopped (PID $pid)"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
