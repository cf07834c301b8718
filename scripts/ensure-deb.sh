#!/bin/sh
# Installs a Debian package when its command is missing: `scripts/ensure-deb.sh <command> <package>`. Used for the
# machine packages the project needs (docs/architecture.md): chromium for the browser tests and pre-commit for the hook's test (scripts/test.ts), wrk for the
# http benchmark (bench/suites/http.ts).
set -eu
if [ "$#" -ne 2 ]; then
  echo "usage: $0 <command> <debian-package>" >&2
  exit 2
fi
if command -v "$1" >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "$1 is missing: run 'apt-get update && apt-get install -y $2' as root" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$2"
command -v "$1"
