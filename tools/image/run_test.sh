#!/usr/bin/env bash
# `make test-image`: builds the image from BIN_DIR's binaries as TAG and runs tools/image/test_image.py
# against it, with dockerd (tools/image/dockerd.sh) and a throw-away PostgreSQL server listening on
# the docker bridge (tools/pg/cluster.sh, PG_EXTRA_LISTEN) started here and stopped afterwards, also
# when a test fails or the run is interrupted. Where dockerd cannot run, says so and exits 0.
#
#   tools/image/run_test.sh BIN_DIR TAG
set -euo pipefail
cd "$(dirname "$0")/../.."

BIN_DIR=${1:?usage: tools/image/run_test.sh BIN_DIR TAG}
TAG=${2:?usage: tools/image/run_test.sh BIN_DIR TAG}
DOCKERD=tools/image/dockerd.sh
CLUSTER=tools/pg/cluster.sh
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)

"$CLUSTER" stop
"$DOCKERD" stop
trap '"$CLUSTER" stop; "$DOCKERD" stop' EXIT
trap 'exit 130' INT TERM

if ! "$DOCKERD" start; then
  echo "test-image: SKIPPED: dockerd cannot run on this machine (.build/docker/dockerd.log)"
  exit 0
fi
tools/image/build.sh "$BIN_DIR" "$TAG"
# Containers reach the host at the bridge's gateway: the subnet's first address unless set.
gateway=$($SUDO docker network inspect bridge --format '{{range .IPAM.Config}}{{.Gateway}}{{end}}')
if [ -z "$gateway" ]; then
  subnet=$($SUDO docker network inspect bridge --format '{{range .IPAM.Config}}{{.Subnet}}{{end}}')
  gateway=$(echo "$subnet" | sed 's#\.[0-9]*/.*#.1#')
fi
url=$(PG_EXTRA_LISTEN=$gateway "$CLUSTER" start)
python3 -m tools.image.test_image --image "$TAG" --store "${url/127.0.0.1/$gateway}"
