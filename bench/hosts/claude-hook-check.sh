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
source "$(dirname "$0")/lib.sh"
CLAUDE="$(host_bin claude @anthropic-ai/claude-code)"
make_project claude
copy_of_load_config "$WORK/content.ts"
PORT=$((20000 + RANDOM % 20000))
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
absent "$TARGET" "the refused Write wrote nothing"
no_blocking
run after
exists "$TARGET" "with hook.block [] the Write landed"
check "$WORK/after.requests" 'PostToolUse:Write hook blocking error.*1 error finding\(s\) in src/handler/app-config.ts after this edit' 'PostToolUse: the finding reached the model'
finish
