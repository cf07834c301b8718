#!/usr/bin/env bash
# Writes a CycloneDX SBOM of the runtime dependencies (from package-lock.json) to sbom.cdx.json, or to $1.
set -euo pipefail
cd "$(dirname "$0")/.."
npm sbom --sbom-format cyclonedx --omit dev > "${1:-sbom.cdx.json}"
echo "SBOM written to ${1:-sbom.cdx.json}"
