#!/usr/bin/env bash
# `npm run develop:preview`: gatsby develop on Contentful's Preview API (drafts included), with the
# refresh endpoint on, so a Contentful webhook (POST /__refresh) re-syncs this preview server.
#   CONTENTFUL_SPACE_ID, CONTENTFUL_ACCESS_TOKEN (a *preview* token), optional CONTENTFUL_ENVIRONMENT
#   GATSBY_REFRESH_TOKEN: the secret the webhook sends as its Authorization header; a refresh without it
#     is refused (403). Required: without it Gatsby would let anyone who reaches the server trigger one.
#   PREVIEW_SECRET: the secret of Contentful's preview URL template (`?preview_secret=`): without it (or its
#     cookie) every request is refused (401). Required. Live Preview (inspector mode, live updates) is on.
#   HOST (default localhost) and PORT (default 8000) of the preview server
# See docs/develop.md.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CONTENTFUL_SPACE_ID:?set CONTENTFUL_SPACE_ID}"
: "${CONTENTFUL_ACCESS_TOKEN:?set CONTENTFUL_ACCESS_TOKEN to a Content Preview API token}"
: "${GATSBY_REFRESH_TOKEN:?set GATSBY_REFRESH_TOKEN: the secret a refresh request must send as its Authorization header}"
: "${PREVIEW_SECRET:?set PREVIEW_SECRET: the secret of the preview URL template in Contentful (openssl rand -hex 24)}"
export GATSBY_CONTENTFUL_LIVE_PREVIEW=true
export CONTENTFUL_HOST="${CONTENTFUL_HOST:-preview.contentful.com}"
export ENABLE_GATSBY_REFRESH_ENDPOINT=true
export GATSBY_TELEMETRY_DISABLED=1
exec npx gatsby develop --host "${HOST:-localhost}" --port "${PORT:-8000}"
