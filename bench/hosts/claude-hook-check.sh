#!/usr/bin/env bash
# The edit hooks with the real Claude Code, offline, HOME empty: a project (the
# sample repo, review-guard linked into node_modules, `init --yes`), and
# `claude -p` against a fake Messages API (fake-anthropic.mjs) whose model
# answers with a Write of a new file that copies loadConfig.
#   1. default config: the PreToolUse hook refuses the Write; the file does not
#      exist afterwards; the reason naming loadConfig is in the next request;
#   2. hook.block []: the Write lands and the PostToolUse finding is in the next
#      request.
# Claude Code is not a dependency: install it outside the repository and name
# the folder with HOSTS_DIR (npm install --prefix /tmp/hosts @anthropic-ai/claude-code).
# Tried with Claude Code 2.1.197. Usage: HOSTS_DIR=/tmp/hosts bash bench/hosts/claude-hook-check.sh
set -euo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
CLAUDE="${HOSTS_DIR:-/tmp/hosts}/node_modules/.bin/claude"
[ -x "$CLAUDE" ] || { echo "no $CLAUDE: npm install --prefix ${HOSTS_DIR:-/tmp/hosts} @anthropic-ai/claude-code" >&2; exit 2; }
WORK="$(mktemp -d "${TMPDIR:-/tmp}/rg-claude-hook-XXXXXX")"
PROJECT="$WORK/project"
export HOME="$WORK/home" REVIEW_GUARD_DAEMON=off
mkdir -p "$HOME"
cp -r "$REPO/fixtures/sample-repo" "$PROJECT"
cd "$PROJECT"
rm -rf .review-guard && mkdir -p node_modules && ln -s "$REPO" node_modules/review-guard
printf 'node_modules/\n' > .gitignore
git init -q && git add -A && git -c user.email=check@example.com -c user.name=check commit -qm sample
node node_modules/review-guard/dist/src/cli/bin.js init --yes > "$WORK/init.log"
node -e "
const fs = require('fs');
const text = fs.readFileSync('src/config/load.ts', 'utf8');
const body = text.slice(text.indexOf('export function loadConfig'), text.indexOf('/** True when'));
fs.writeFileSync('$WORK/content.ts', \"import { readFileSync } from 'node:fs';\nimport type { AppConfig } from '../config/load.js';\n\n\" + body.replace('loadConfig', 'readAppConfig'));"
TARGET="$PROJECT/src/handler/app-config.ts"
PORT=$((20000 + RANDOM % 20000))
failures=0
check() { if grep -Eq "$2" "$1"; then echo "ok: $3"; else echo "FAIL: $3 (see $WORK)"; failures=$((failures + 1)); fi; }
run() {
  local log="$WORK/$1.requests"
  node "$REPO/bench/hosts/fake-anthropic.mjs" "$PORT" "$log" "$TARGET" "$WORK/content.ts" & local fake=$!
  sleep 1
  ANTHROPIC_BASE_URL="http://127.0.0.1:$PORT" ANTHROPIC_API_KEY=sk-fake DISABLE_TELEMETRY=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 \
    timeout 120 "$CLAUDE" -p "write the app config loader" --permission-mode acceptEdits --output-format json > "$WORK/$1.out" 2>&1 || true
  kill "$fake"
}
run before
check "$WORK/before.requests" 'PreToolUse:Write hook error.*this Write of src/handler/app-config.ts was stopped.*\\"readAppConfig\\" duplicates \\"loadConfig\\" at src/config/load.ts:13' 'PreToolUse: the denial naming the original reached the model'
if [ -e "$TARGET" ]; then echo "FAIL: the refused Write created $TARGET"; failures=$((failures + 1)); else echo "ok: the refused Write wrote nothing"; fi
node -e "const fs=require('fs');const c=JSON.parse(fs.readFileSync('review-guard.config.json','utf8'));c.hook={block:[]};fs.writeFileSync('review-guard.config.json',JSON.stringify(c,null,2))"
run after
[ -e "$TARGET" ] && echo "ok: with hook.block [] the Write landed" || { echo "FAIL: the Write did not land"; failures=$((failures + 1)); }
check "$WORK/after.requests" 'PostToolUse:Write hook blocking error.*1 error finding\(s\) in src/handler/app-config.ts after this edit' 'PostToolUse: the finding reached the model'
echo "$failures failure(s); logs in $WORK"
exit $((failures > 0))
