#!/usr/bin/env bash
# Docker's daemon for building and testing the image (Debian's docker.io), started the way
# tools/pg/cluster.sh starts PostgreSQL:
#
#   tools/image/dockerd.sh start   start dockerd, unless a daemon already answers (that one is used
#                                  and left alone)
#   tools/image/dockerd.sh stop    stop the dockerd that `start` started, if any
#
# The state (the daemon's process id, its log) is kept in .build/docker.
set -euo pipefail
cd "$(dirname "$0")/../.."

STATE_DIR=.build/docker
PID_FILE=$STATE_DIR/dockerd.pid
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)

die() { echo "dockerd.sh: $*" >&2; exit 1; }
answers() { $SUDO docker info >/dev/null 2>&1; }

case "${1:-}" in
  start)
    if answers; then exit 0; fi
    command -v dockerd >/dev/null || die "dockerd is missing; install Debian's docker.io (make docker-deps)."
    mkdir -p "$STATE_DIR"
    # The daemon outlives this script: it must not keep open any descriptor the caller waits on.
    $SUDO setsid dockerd --pidfile "$PWD/$STATE_DIR/dockerd.daemon.pid" \
      </dev/null >"$STATE_DIR/dockerd.log" 2>&1 &
    echo $! > "$PID_FILE"
    for _ in $(seq 1 120); do
      answers && exit 0
      sleep 0.5
    done
    tail -n 20 "$STATE_DIR/dockerd.log" >&2
    die "dockerd did not answer within 60 s (log above: $STATE_DIR/dockerd.log)"
    ;;
  stop)
    [ -f "$PID_FILE" ] || exit 0
    pid=$(cat "$STATE_DIR/dockerd.daemon.pid" 2>/dev/null || cat "$PID_FILE")
    $SUDO kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 60); do
      $SUDO kill -0 "$pid" 2>/dev/null || break
      sleep 0.5
    done
    rm -f "$PID_FILE"
    ;;
  *) die "usage: tools/image/dockerd.sh start|stop" ;;
esac
