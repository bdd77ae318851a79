#!/usr/bin/env bash
# The whole test suite: lint, type-check, the OpenAPI document's lint, migration drift, unit + API (PGlite, and PostgreSQL when
# reachable), then the browser tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's chromium for the browser tests..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)
  else
    echo "The browser tests need Debian's Chromium: run 'sudo apt-get install -y chromium' and try again." >&2
    exit 1
  fi
fi

# The ticket print tests read PDFs with poppler (pdftotext, pdfinfo, pdftoppm).
if ! command -v pdftotext >/dev/null; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing poppler-utils for the PDF tests..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null)
  else
    echo "The PDF tests need poppler-utils: run 'sudo apt-get install -y poppler-utils' and try again." >&2
    exit 1
  fi
fi

# Each stage says when it starts, so a slow run shows where its time went. A failing stage does not
# stop the later ones: one run shows every failure; the run fails at the end when any stage did.
failed=()
stage() {
  local name="$1"; shift
  echo "== $name (at $((SECONDS / 60)) min $((SECONDS % 60)) s)"
  "$@" || failed+=("$name")
}
openapi_lint() {
  mkdir -p .tmp && npx tsx scripts/openapi.ts .tmp/openapi.json && REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint .tmp/openapi.json --max-problems 10000 --format=summary
}
stage lint npx eslint .
stage type-check npx tsc --noEmit -p tsconfig.json
# The published OpenAPI document, linted with the recommended rules (redocly.yaml says which are off and why).
stage "OpenAPI lint" openapi_lint
stage "unit + API" npx vitest run
stage browser npx playwright test
echo "== done (at $((SECONDS / 60)) min $((SECONDS % 60)) s)"
if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed: ${failed[*]}" >&2
  exit 1
fi
