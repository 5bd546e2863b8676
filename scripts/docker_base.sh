#!/usr/bin/env bash
# A Debian bookworm base image made without a registry: debootstrap from Debian's mirror into a folder, then
# `docker import`. It holds what compose/Dockerfile would otherwise fetch with apt (Python with venv, kiwix-tools,
# the fonts) and the host's CA bundle (a proxy that re-signs TLS, as on CI machines, is then trusted by pip in the
# build). Idempotent: nothing to do when the image exists.
#   bash scripts/docker_base.sh [IMAGE]        (default vwa-arena-base:bookworm; DEBIAN_MIRROR, WORK)
set -euo pipefail
cd "$(dirname "$0")/.."
IMAGE=${1:-vwa-arena-base:bookworm}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
WORK=${WORK:-run/docker}

if docker image inspect "$IMAGE" >/dev/null 2>&1; then
  echo "docker_base: $IMAGE is present"
  exit 0
fi
command -v debootstrap >/dev/null || {
  echo "docker_base: debootstrap is missing (apt-get install debootstrap)" >&2
  exit 1
}
root="$WORK/rootfs"
rm -rf "$root"
mkdir -p "$WORK"
echo "docker_base: debootstrap of bookworm from $MIRROR into $root (log: $WORK/debootstrap.log)"
if ! debootstrap --variant=minbase \
     --include=python3,python3-venv,ca-certificates,kiwix-tools,fonts-noto-color-emoji,fonts-dejavu-core \
     bookworm "$root" "$MIRROR" >"$WORK/debootstrap.log" 2>&1; then
  tail -20 "$WORK/debootstrap.log" >&2
  rm -rf "$root"
  exit 1
fi
rm -f "$root"/var/cache/apt/archives/*.deb
rm -rf "$root"/var/lib/apt/lists/*
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
fi
tar -C "$root" -c . \
  | docker import -c 'ENV LANG=C.UTF-8' -m "debootstrap bookworm minbase ($MIRROR)" - "$IMAGE" >/dev/null
rm -rf "$root"
echo "docker_base: imported $IMAGE ($(docker image inspect -f '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1/1e6}'))"
