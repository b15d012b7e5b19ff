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
source "$(dirname "$0")/lib.sh"
GEMINI="$(host_bin gemini @google/gemini-cli)"
make_project gemini --host gemini
mkdir -p "$HOME/.gemini"
# What a user has after trusting the folder and choosing "Use Gemini API key"; no telemetry, no update check.
printf '{ "%s": "TRUST_FOLDER" }\n' "$PROJECT" > "$HOME/.gemini/trustedFolders.json"
printf '{ "security": { "auth": { "selectedType": "gemini-api-key" } }, "privacy": { "usageStatisticsEnabled": false }, "general": { "enableAutoUpdate": false, "enableAutoUpdateNotification": false } }\n' > "$HOME/.gemini/settings.json"
copy_of_load_config "$WORK/content.ts"
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
absent "$TARGET" "the refused write_file wrote nothing"
if grep -q 'failed for event BeforeTool' "$WORK/before.out"; then fail "Gemini CLI reported the refusing hook as failed"; else pass "the refusal is no failed hook"; fi
no_blocking
run after
exists "$TARGET" "with hook.block [] the write_file landed"
check "$WORK/after.requests" '"functionResponse":\{"name":"write_file","response":\{"output":"Successfully created.*<hook_context>review-guard: 1 error finding\(s\) in src/handler/app-config.ts after this edit' 'AfterTool: the finding reached the model'
rm "$TARGET" node_modules/review-guard
run missing
exists "$TARGET" "with review-guard not installed the write_file landed"
finish
