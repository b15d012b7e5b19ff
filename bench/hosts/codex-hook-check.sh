#!/usr/bin/env bash
# The edit hooks with the real Codex CLI, offline, HOME empty: a project (the
# sample repo, review-guard linked into node_modules, `init --yes --host codex`,
# which writes .codex/config.toml and .codex/hooks.json), the two trust steps a
# user takes, and `codex exec` against a fake Responses API (fake-responses.mjs)
# whose model answers with an apply_patch (a custom tool call, the V4A patch
# as its input) that adds a file copying loadConfig.
#   0. the project trusted ([projects."<root>"] in ~/.codex/config.toml, as
#      init prints it), the hooks not yet: Codex skips them, the patch lands;
#   1. hook trust recorded as Codex records it when the user picks "Trust all
#      and continue": `codex app-server`'s hooks/list gives each hook's key and
#      currentHash, config/batchWrite stores [hooks.state."<key>"] trusted_hash
#      in ~/.codex/config.toml (the TUI writes the same entries; checked by
#      hand); the hash is also recomputed here (sha256 of the sorted compact
#      JSON {event_name, matcher, hooks: [{type, command, timeout, async,
#      statusMessage}]}) and must equal Codex's;
#   2. default config: the PreToolUse hook refuses the apply_patch (exit 2);
#      the file does not exist afterwards; the reason naming loadConfig is in
#      the next request;
#   3. the same for an `*** Update File:` patch that appends a copy of truncate
#      to src/handler/settings.ts: refused, the file unchanged;
#   4. hook.block []: the patch lands and the PostToolUse finding (its
#      additionalContext, a developer message) is in the next request.
# No --dangerously-bypass-hook-trust anywhere: the hooks run because they are trusted.
# Codex is not a dependency: install it outside the repository and name the
# folder with HOSTS_DIR (npm install --prefix /tmp/hosts @openai/codex).
# Tried with Codex 0.171.0. Usage: HOSTS_DIR=/tmp/hosts bash bench/hosts/codex-hook-check.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"
CODEX="$(host_bin codex @openai/codex)"
unset CODEX_HOME OPENAI_API_KEY OPENAI_BASE_URL
make_project codex --host codex
mkdir -p "$HOME/.codex"
# The patches: a new file with the copy of loadConfig, and an update of settings.ts that appends truncate from
# src/util/strings.ts as clip.
copy_of_load_config "$WORK/content.ts"
node -e "
const fs = require('fs');
const content = fs.readFileSync('$WORK/content.ts', 'utf8');
const plus = (t) => t.replace(/\n+$/, '').split('\n').map((l) => '+' + l);
fs.writeFileSync('$WORK/add.patch', ['*** Begin Patch', '*** Add File: src/handler/app-config.ts', ...plus(content), '*** End Patch', ''].join('\n'));
const strings = fs.readFileSync('src/util/strings.ts', 'utf8');
const truncate = strings.slice(strings.indexOf('export function truncate'), strings.indexOf('export function titleCase')).replace('truncate', 'clip');
const tail = fs.readFileSync('src/handler/settings.ts', 'utf8').replace(/\n+$/, '').split('\n').slice(-3).map((l) => ' ' + l);
fs.writeFileSync('$WORK/update.patch', ['*** Begin Patch', '*** Update File: src/handler/settings.ts', '@@', ...tail, '+', ...plus(truncate), '*** End Patch', ''].join('\n'));"
SETTINGS="$PROJECT/src/handler/settings.ts"
# The user's config: the fake provider (its port is set per run), and the project trusted as init says.
cat > "$HOME/.codex/config.toml" <<EOF
model = "gpt-5.5"
model_provider = "fake"

[model_providers.fake]
name = "fake"
base_url = "http://127.0.0.1:9/v1"
wire_api = "responses"

[projects."$PROJECT"]
trust_level = "trusted"
EOF
check "$WORK/init.log" '^      \[projects\."'"$PROJECT"'"\]$' "init names Codex's project trust step for this root"
# run NAME PATCH: `codex exec` against the fake, which answers with PATCH; requests in $WORK/NAME.requests.
run() {
  local log="$WORK/$1.requests" portfile="$WORK/$1.port"
  node "$REPO/bench/hosts/fake-responses.mjs" "$portfile" "$log" "$2" & local fake=$!
  for _ in $(seq 50); do [ -s "$portfile" ] && break; sleep 0.1; done
  timeout 120 "$CODEX" exec --color never --sandbox workspace-write -c "model_providers.fake.base_url=\"http://127.0.0.1:$(cat "$portfile")/v1\"" \
    "write the app config loader" < /dev/null > "$WORK/$1.out" 2>&1 || true
  kill "$fake"
}

run untrusted "$WORK/add.patch"
if [ -e "$TARGET" ] && ! grep -q 'hook: PreToolUse' "$WORK/untrusted.out"; then pass "hooks not yet trusted: Codex skipped them and the patch landed"; else fail "untrusted hooks: expected them skipped"; fi
rm -f "$TARGET"

# Hook trust as Codex's own review records it (app-server hooks/list → config/batchWrite of trusted_hash).
timeout 60 node --input-type=module - "$CODEX" "$PROJECT" > "$WORK/trust.log" 2>&1 <<'EOF' || true
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
const [, , codex, cwd] = process.argv;
const server = spawn(codex, ['app-server'], { stdio: ['pipe', 'pipe', 'ignore'] });
const waiting = new Map();
let buffer = '', id = 0;
server.stdout.on('data', (chunk) => {
  buffer += chunk;
  for (let i; (i = buffer.indexOf('\n')) >= 0; buffer = buffer.slice(i + 1)) {
    const message = buffer.slice(0, i).trim() ? JSON.parse(buffer.slice(0, i)) : {};
    waiting.get(message.id)?.(message);
  }
});
const call = (method, params) => new Promise((resolve) => { waiting.set(++id, resolve); server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`); });
const hooks = async () => (await call('hooks/list', { cwds: [cwd] })).result.data[0].hooks;
await call('initialize', { clientInfo: { name: 'codex-hook-check', title: null, version: '1' }, capabilities: null });
server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'initialized' })}\n`);
const listed = await hooks();
// The hash recomputed from .codex/hooks.json: sorted keys, compact, the event in snake case.
const sorted = (v) => (Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v);
const file = JSON.parse(readFileSync(`${cwd}/.codex/hooks.json`, 'utf8')).hooks;
for (const hook of listed) {
  const [, event, group, index] = /:([a-z_]+):(\d+):(\d+)$/.exec(hook.key);
  const name = Object.keys(file).find((n) => n.replace(/[A-Z]/g, (c, i) => (i ? '_' : '') + c.toLowerCase()) === event);
  const { matcher, hooks: handlers } = file[name][group];
  const { type, command, timeout, statusMessage } = handlers[index];
  const identity = { event_name: event, matcher, hooks: [{ type, command, timeout, async: false, ...(statusMessage ? { statusMessage } : {}) }] };
  const mine = `sha256:${createHash('sha256').update(JSON.stringify(sorted(identity))).digest('hex')}`;
  console.log(`${hook.key} ${hook.trustStatus} ${hook.currentHash} ${mine === hook.currentHash ? 'hash-matches' : `hash-differs ${mine}`}`);
}
const edits = listed.filter((h) => h.trustStatus !== 'trusted').map((h) => ({ keyPath: `hooks.state."${h.key}".trusted_hash`, value: h.currentHash, mergeStrategy: 'replace' }));
console.log(JSON.stringify((await call('config/batchWrite', { edits })).result ?? 'batchWrite failed'));
for (const hook of await hooks()) console.log(`after: ${hook.key} ${hook.trustStatus}`);
server.kill();
EOF
check "$WORK/trust.log" "^$PROJECT/\.codex/hooks\.json:pre_tool_use:0:0 untrusted sha256:[0-9a-f]{64} hash-matches" "Codex lists the PreToolUse hook, untrusted, with the hash recomputed here"
check "$WORK/trust.log" "^$PROJECT/\.codex/hooks\.json:post_tool_use:0:0 untrusted sha256:[0-9a-f]{64} hash-matches" "Codex lists the PostToolUse hook, untrusted, with the hash recomputed here"
if [ "$(grep -c '^after: .* trusted$' "$WORK/trust.log")" = 2 ]; then pass "both hooks trusted ([hooks.state.\"<key>\"] trusted_hash in ~/.codex/config.toml)"; else fail "hook trust"; fi

run before "$WORK/add.patch"
check "$WORK/before.requests" 'custom_tool_call_output.*Command blocked by PreToolUse hook: review-guard: this apply_patch of src/handler/app-config.ts was stopped.*\\"readAppConfig\\" duplicates \\"loadConfig\\" at src/config/load.ts:13' 'PreToolUse: the denial naming the original reached the model'
absent "$TARGET" "the refused apply_patch wrote nothing"

cp "$SETTINGS" "$WORK/settings.before"
run update "$WORK/update.patch"
check "$WORK/update.requests" 'Command blocked by PreToolUse hook: review-guard: this apply_patch of src/handler/settings.ts was stopped.*\\"clip\\" duplicates \\"truncate\\" at src/util/strings.ts:7' 'PreToolUse (Update File): the denial naming truncate reached the model'
if cmp -s "$SETTINGS" "$WORK/settings.before"; then pass "the refused Update File left settings.ts as it was"; else fail "the refused Update File changed settings.ts"; fi

no_blocking
run after "$WORK/add.patch"
exists "$TARGET" "with hook.block [] the apply_patch landed"
check "$WORK/after.requests" '"role":"developer","content":\[\{"type":"input_text","text":"[^"]*1 error finding\(s\) in src/handler/app-config.ts after this edit' 'PostToolUse: the finding reached the model (a developer message)'
finish
