#!/usr/bin/env bash
# The edit hooks with the real Gemini CLI, offline, HOME empty: a project (the
# sample repo, review-guard linked into node_modules, `init --yes --host
# gemini`), trusted in ~/.gemini/trustedFolders.json, and `gemini -p --yolo`
# with a fake API key (the "Use Gemini API key" auth in ~/.gemini/settings.json)
# against a fake Gemini API (fake-gemini.mjs, GOOGLE_GEMINI_BASE_URL) whose
# model answers with a write_file of a new file that copies loadConfig.
#   1. default config: the BeforeTool hook refuses the write_file; the file
#      does not exist afterwards; the reason naming loadConfig is in the next
#      request;
#   2. hook.block []: the write_file lands and the AfterTool finding is in the
#      next request;
#   3. review-guard not installed (the link in node_modules gone): the hook
#      fails, and the write_file lands all the same.
# Gemini CLI reads exit code 2, and any other above 1, with text as a "deny"
# that it also reports as a failed hook; run 1 checks it is no failed hook.
# `-m` names the model: with the default "auto" Gemini CLI first asks a
# classifier model for a JSON verdict, which the fake does not give.
# Gemini CLI is not a dependency: install it outside the repository and name
# the folder with HOSTS_DIR (npm install --prefix /tmp/hosts @google/gemini-cli).
# Tried with Gemini CLI 0.61.0. Usage: HOSTS_DIR=/tmp/hosts bash bench/hosts/gemini-hook-check.sh
set -euo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
GEMINI="${HOSTS_DIR:-/tmp/hosts}/node_modules/.bin/gemini"
[ -x "$GEMINI" ] || { echo "no $GEMINI: npm install --prefix ${HOSTS_DIR:-/tmp/hosts} @google/gemini-cli" >&2; exit 2; }
WORK="$(mktemp -d "${TMPDIR:-/tmp}/rg-gemini-hook-XXXXXX")"
PROJECT="$WORK/project"
export HOME="$WORK/home" REVIEW_GUARD_DAEMON=off
mkdir -p "$HOME/.gemini"
cp -r "$REPO/fixtures/sample-repo" "$PROJECT"
cd "$PROJECT"
rm -rf .review-guard && mkdir -p node_modules && ln -s "$REPO" node_modules/review-guard
printf 'node_modules/\n' > .gitignore
git init -q && git add -A && git -c user.email=check@example.com -c user.name=check commit -qm sample
node node_modules/review-guard/dist/src/cli/bin.js init --yes --host gemini > "$WORK/init.log"
# What a user has after trusting the folder and choosing "Use Gemini API key"; no telemetry, no update check.
printf '{ "%s": "TRUST_FOLDER" }\n' "$PROJECT" > "$HOME/.gemini/trustedFolders.json"
printf '{ "security": { "auth": { "selectedType": "gemini-api-key" } }, "privacy": { "usageStatisticsEnabled": false }, "general": { "enableAutoUpdate": false, "enableAutoUpdateNotification": false } }\n' > "$HOME/.gemini/settings.json"
node -e "
const fs = require('fs');
const text = fs.readFileSync('src/config/load.ts', 'utf8');
const body = text.slice(text.indexOf('export function loadConfig'), text.indexOf('/** True when'));
fs.writeFileSync('$WORK/content.ts', \"import { readFileSync } from 'node:fs';\nimport type { AppConfig } from '../config/load.js';\n\n\" + body.replace('loadConfig', 'readAppConfig'));"
TARGET="$PROJECT/src/handler/app-config.ts"
failures=0
check() { if grep -Eq "$2" "$1"; then echo "ok: $3"; else echo "FAIL: $3 (see $WORK)"; failures=$((failures + 1)); fi; }
run() {
  local log="$WORK/$1.requests" port
  # Port 0: the fake prints the one it got.
  coproc FAKE { exec node "$REPO/bench/hosts/fake-gemini.mjs" 0 "$log" "$TARGET" "$WORK/content.ts"; }
  local fake=$FAKE_PID
  read -r port <&"${FAKE[0]}"
  GEMINI_API_KEY=fake GOOGLE_GEMINI_BASE_URL="http://127.0.0.1:$port" \
    timeout 120 "$GEMINI" -m gemini-2.5-flash -p "write the app config loader" --yolo < /dev/null > "$WORK/$1.out" 2>&1 || true
  kill "$fake"
  wait "$fake" 2> /dev/null || true
}
run before
check "$WORK/before.requests" '"functionResponse":\{"name":"write_file","response":\{"error":"Tool execution blocked: review-guard: this write_file of src/handler/app-config.ts was stopped.*\\"readAppConfig\\" duplicates \\"loadConfig\\" at src/config/load.ts:13' 'BeforeTool: the denial naming the original reached the model'
if [ -e "$TARGET" ]; then echo "FAIL: the refused write_file created $TARGET"; failures=$((failures + 1)); else echo "ok: the refused write_file wrote nothing"; fi
if grep -q 'failed for event BeforeTool' "$WORK/before.out"; then echo "FAIL: Gemini CLI reported the refusing hook as failed (see $WORK/before.out)"; failures=$((failures + 1)); else echo "ok: the refusal is no failed hook"; fi
node -e "const fs=require('fs');const c=JSON.parse(fs.readFileSync('review-guard.config.json','utf8'));c.hook={block:[]};fs.writeFileSync('review-guard.config.json',JSON.stringify(c,null,2))"
run after
[ -e "$TARGET" ] && echo "ok: with hook.block [] the write_file landed" || { echo "FAIL: the write_file did not land"; failures=$((failures + 1)); }
check "$WORK/after.requests" '"functionResponse":\{"name":"write_file","response":\{"output":"Successfully created.*<hook_context>review-guard: 1 error finding\(s\) in src/handler/app-config.ts after this edit' 'AfterTool: the finding reached the model'
rm "$TARGET" node_modules/review-guard
run missing
[ -e "$TARGET" ] && echo "ok: with review-guard not installed the write_file landed" || { echo "FAIL: with review-guard not installed the write_file did not land (see $WORK/missing.out)"; failures=$((failures + 1)); }
echo "$failures failure(s); logs in $WORK"
exit $((failures > 0))
