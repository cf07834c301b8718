#!/bin/sh
# Installs Debian's chromium for the browser tests (test/browser/) when it is missing. Called by .ci/run.
set -eu
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "chromium is missing: run 'apt-get update && apt-get install -y chromium' as root" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium
/usr/bin/chromium --version
