#!/usr/bin/env bash
# `npm run dev:personalization`: the local Experience API emulator plus `gatsby develop` configured for it.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT_API="${EXPERIENCE_API_PORT:-9301}"
PORT="$PORT_API" npx tsx tests/emulators/experience-api.ts &
API_PID=$!
trap 'kill "$API_PID" 2>/dev/null || true' EXIT
export GATSBY_NINETAILED_CLIENT_ID="${GATSBY_NINETAILED_CLIENT_ID:-local-org}"
export GATSBY_NINETAILED_URL="${GATSBY_NINETAILED_URL:-http://127.0.0.1:${PORT_API}}"
GATSBY_TELEMETRY_DISABLED=1 npx gatsby develop
