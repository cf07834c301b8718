#!/bin/sh
# Installs Debian's wrk, the http benchmark's load generator (bench/wrk.ts), when it is missing.
set -eu
if command -v wrk >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "wrk is missing: run 'apt-get update && apt-get install -y wrk' as root" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk
