#!/usr/bin/env bash
# A throw-away PostgreSQL cluster on loopback for the store's tests (Debian's postgresql package).
#
#   tools/pg/cluster.sh start    initdb a new cluster in a temporary folder, start it on a free port
#                                from 54329 up, print its URL (trust auth, user captcha)
#   tools/pg/cluster.sh url      print the running cluster's URL
#   tools/pg/cluster.sh pause    stop the server, keep the cluster (tests: "the database goes away")
#   tools/pg/cluster.sh resume   start it again on the same port
#   tools/pg/cluster.sh stop     stop the server and delete the cluster
#
# PG_EXTRA_LISTEN=ADDRESS (start only) also listens on ADDRESS and lets in clients of the subnets
# the server is on (trust): the container image's test gives the docker bridge's gateway.
#
# The state (data folder, port) is kept in .build/pg/state. initdb refuses to run as root, so as
# root the cluster belongs to the `postgres` user the Debian package creates.
set -euo pipefail
cd "$(dirname "$0")/../.."

STATE_DIR=.build/pg
STATE=$STATE_DIR/state
USER_NAME=captcha

die() { echo "cluster.sh: $*" >&2; exit 1; }

pg_bin() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$bin" ] || die "PostgreSQL server programs are missing; install Debian's postgresql package (make pg-deps)."
  echo "$bin"
}

# Runs a PostgreSQL program as the cluster's owner.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

load_state() {
  [ -f "$STATE" ] || die "no cluster is running (run: tools/pg/cluster.sh start)"
  # shellcheck disable=SC1090
  . "$STATE"
}

server_start() {
  # The server outlives this script: it must not keep open any descriptor the caller waits on.
  for fd in /proc/$$/fd/*; do
    fd=${fd##*/}
    [ "$fd" -le 2 ] || eval "exec $fd>&-" 2>/dev/null || true
  done
  as_owner "$(pg_bin)/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w -t 30 start -o \
    "-p $PORT -k $DATA -c listen_addresses=127.0.0.1${EXTRA:+,$EXTRA} -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    >/dev/null || { cat "$DATA/server.log" >&2; die "the server did not start (log above)"; }
}

server_running() { as_owner "$(pg_bin)/pg_ctl" -D "$DATA" status >/dev/null 2>&1; }

server_stop() {
  as_owner "$(pg_bin)/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null 2>&1 || true
}

url() { echo "postgres://$USER_NAME@127.0.0.1:$PORT/postgres"; }

case "${1:-}" in
  start)
    [ ! -f "$STATE" ] || die "a cluster is already running ($(. "$STATE"; echo "$DATA")); run: tools/pg/cluster.sh stop"
    DATA=$(mktemp -d "${TMPDIR:-/tmp}/captcha-gen-pg.XXXXXX")
    [ "$(id -u)" != 0 ] || chown postgres:postgres "$DATA"
    PORT=54329
    while port_in_use "$PORT"; do PORT=$((PORT + 1)); done
    as_owner "$(pg_bin)/initdb" -D "$DATA" -U "$USER_NAME" -A trust --no-sync >/dev/null \
      || die "initdb failed in $DATA"
    EXTRA=${PG_EXTRA_LISTEN:-}
    [ -z "$EXTRA" ] || echo "host all all samenet trust" >> "$DATA/pg_hba.conf"
    mkdir -p "$STATE_DIR"
    printf 'DATA=%s\nPORT=%s\nEXTRA=%s\n' "$DATA" "$PORT" "$EXTRA" > "$STATE"
    server_start
    url
    ;;
  url) load_state; url ;;
  pause) load_state; server_stop ;;
  resume) load_state; server_running || server_start ;;
  stop)
    [ -f "$STATE" ] || exit 0
    load_state
    server_stop
    rm -rf "$DATA" "$STATE"
    ;;
  *) die "usage: tools/pg/cluster.sh start|url|pause|resume|stop" ;;
esac
