#!/usr/bin/env bash
# npm test: lint, format, types, unit + API + component tests, the build, the browser tests and the
# size budgets, one stage each so that their times show; the typecheck (tsc, one core) runs beside
# lint and format:check, which share the other.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=stages.sh
source tools/stages.sh
trap summary EXIT

stage_beside "typecheck" npm run typecheck
stage "lint" npm run lint
stage "format:check" npm run format:check
stage_wait "typecheck"
stage "test:unit" npm run test:unit
stage "build" npm run build
stage "e2e (navigateur)" npx vitest run --config e2e/vitest.config.ts
stage "size-limit" npx size-limit
