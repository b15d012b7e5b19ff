#!/usr/bin/env bash
# The edit hooks with the real opencode, offline, HOME empty: a project (the
# sample repo, review-guard linked into node_modules, opencode.json naming a
# custom OpenAI-compatible provider, `init --yes`, which writes the plugin
# .opencode/plugin/review-guard.js), and `opencode run` against a fake Chat
# Completions API (fake-openai-chat.mjs) whose model answers with a write of a
# new file that copies loadConfig.
#   1. default config: the plugin's tool.execute.before throws the hook's reason
#      and the write is refused; the file does not exist afterwards; the reason
#      naming loadConfig is the tool result in the next request;
#   2. hook.block []: the write lands and tool.execute.after appends the finding
#      to the tool result in the next request;
#   3. review-guard not installed (the link in node_modules gone): the hook
#      fails, and the write lands all the same.
# opencode is not a dependency: install it outside the repository and name the
# folder with HOSTS_DIR (npm install --prefix /tmp/hosts opencode-ai).
# Offline: models.dev and LSP downloads are off, and npm (which opencode uses to
# add @opencode-ai/plugin to .opencode/) is offline with a dead registry; for
# proof, run it in a network namespace with only loopback:
#   unshare -n bash -c 'ip link set lo up && HOSTS_DIR=/tmp/hosts bash bench/hosts/opencode-hook-check.sh'
# Tried with opencode 1.18.33. Usage: HOSTS_DIR=/tmp/hosts bash bench/hosts/opencode-hook-check.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"
OPENCODE="$(host_bin opencode opencode-ai)"
export OPENCODE_DISABLE_MODELS_FETCH=1 OPENCODE_DISABLE_AUTOUPDATE=1 OPENCODE_DISABLE_LSP_DOWNLOAD=1 OPENCODE_DISABLE_SHARE=1
export npm_config_offline=true npm_config_registry=http://127.0.0.1:9/
PORT=$((20000 + RANDOM % 20000))
make_project opencode --host opencode
check "$WORK/init.log" 'create +\.opencode/plugin/review-guard\.js' 'init writes the plugin'
# The user's provider beside init's server entry: a model id without "gpt-", so opencode offers write and edit
# (for gpt-* models, apply_patch instead); edits allowed without asking.
node -e "
const fs = require('fs');
const config = JSON.parse(fs.readFileSync('opencode.json', 'utf8'));
config.provider = { fake: { npm: '@ai-sdk/openai-compatible', name: 'Fake', options: { baseURL: 'http://127.0.0.1:$PORT/v1', apiKey: 'sk-fake' }, models: { 'fake-model': { name: 'Fake model', tool_call: true } } } };
Object.assign(config, { model: 'fake/fake-model', small_model: 'fake/fake-model', permission: { edit: 'allow' }, autoupdate: false, share: 'disabled' });
fs.writeFileSync('opencode.json', JSON.stringify(config, null, 2));"
copy_of_load_config "$WORK/content.ts"
run() {
  local log="$WORK/$1.requests"
  node "$REPO/bench/hosts/fake-openai-chat.mjs" "$PORT" "$log" "$TARGET" "$WORK/content.ts" & local fake=$!
  sleep 1
  timeout 180 "$OPENCODE" run "write the app config loader" --print-logs > "$WORK/$1.out" 2> "$WORK/$1.err" || true
  kill "$fake"
}
run before
check "$WORK/before.requests" '"role":"tool","tool_call_id":"call_1","content":"review-guard: this write of src/handler/app-config.ts was stopped.*\\"readAppConfig\\" duplicates \\"loadConfig\\" at src/config/load.ts:13' 'tool.execute.before: the refusal naming the original reached the model'
absent "$TARGET" "the refused write wrote nothing"
no_blocking
run after
exists "$TARGET" "with hook.block [] the write landed"
check "$WORK/after.requests" '"role":"tool","tool_call_id":"call_1","content":"Wrote file successfully\.\\n\\nreview-guard: 1 error finding\(s\) in src/handler/app-config.ts after this edit' 'tool.execute.after: the finding reached the model'
rm "$TARGET" node_modules/review-guard
run missing
exists "$TARGET" "with review-guard not installed the write landed"
finish
