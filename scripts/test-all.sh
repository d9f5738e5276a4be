#!/usr/bin/env bash
# The README's test command: lint and types, unit and component tests, a production build, e2e in Chromium, the
# critical paths in Firefox and WebKit too.
set -euo pipefail
cd "$(dirname "$0")/.."
export GATSBY_TELEMETRY_DISABLED=1
step() { printf '\n=== %s ===\n' "$1"; }

step "content check"
npx tsx scripts/validate-content.ts --strict
step "unit and component tests"
npx vitest run
step "build for Netlify (the adapter's function bundles are tested too), every third-party script id set to an intercepted test host"
set -a
. tests/e2e/third-party.env
set +a
# Under a stall guard: a build silent for minutes is a hung image job, killed and built once more
# (scripts/lib/gatsby-build.ts, docs/architecture.md#a-build-that-hangs).
TYPEGEN=1 NETLIFY=true npx tsx scripts/gatsby-build.ts
step "generated GraphQL types are current"
if ! git diff --quiet -- src/gatsby-types.d.ts 2>/dev/null; then
  echo "src/gatsby-types.d.ts changed during the build: commit the regenerated types" >&2
  git --no-pager diff --stat -- src/gatsby-types.d.ts >&2
  [ -n "${CI:-}" ] && exit 1
fi
step "the Netlify build under netlify-cli (offline): _headers as Netlify reads it, pages, CSP/HSTS, the lead functions on PostgreSQL, the scheduled flush"
npx tsx tests/netlify-cli/run.ts
step "performance budgets (first-load JS, no render-blocking third parties, the first window)"
npx tsx scripts/check-budgets.ts
# The HTML checker is a JVM that mostly waits on its own start-up and I/O: it runs beside types and lint.
html_log="$(mktemp)"
npx tsx scripts/validate-html.ts >"$html_log" 2>&1 &
html_pid=$!
step "types"
npx tsc --noEmit
step "lint (with the import layers) and no import circle"
npx eslint . --max-warnings=0
npm run --silent lint:cycles
npx prettier --check . --log-level warn
step "HTML validity of every built page (W3C Nu checker, ran beside types and lint)"
html_status=0
wait "$html_pid" || html_status=$?
cat "$html_log"
rm -f "$html_log"
[ "$html_status" -eq 0 ] || exit "$html_status"
step "end-to-end (Chromium)"
npx playwright test
step "the critical paths in Chromium, Firefox ESR and WebKitGTK (tests/engines, docs/engines.md), with the self-check"
npx tsx tests/engines/run.ts --out "${ENGINES_OUT:-.cache/engines}"
step "the other consent configurations: the opt-out policy, then each hosted consent manager (Osano, OneTrust, Cookiebot), each built in one copy and tested end to end"
npx tsx scripts/test-consent-builds.ts
step "incremental rebuild: one changed post re-runs only the queries of the pages that show it (60 generated posts, in a temporary copy)"
npx tsx scripts/test-incremental.ts 60
step "Contentful parity (the same site through gatsby-source-contentful and the local Delivery API emulator)"
# Compares against the embedded build above (public/), then rebuilds incrementally after one CMS change.
npm run --silent test:contentful
step "gatsby develop: live content edits, content errors, a clean console, the Contentful preview (refresh, Live Preview framed by a stand-in web app)"
# Last: a develop server rewrites public/ and .cache/, which the steps above read as the production build.
# Without the e2e build's third-party ids: develop has no stand-ins for those hosts, so each script would log
# a failed load (the console is what this step checks).
(
  for name in $(sed -n 's/^\([A-Z_][A-Z0-9_]*\)=.*/\1/p' tests/e2e/third-party.env); do unset "$name"; done
  npx playwright test -c tests/e2e-develop/playwright.config.ts
)
