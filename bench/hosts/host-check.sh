#!/usr/bin/env bash
# Checks what `review-guard init` writes against the real hosts, offline, with
# an empty HOME (as a new user meets them):
#   1. `npm pack` here, `npm i -D <tarball>` in a fresh git project, then
#      `npx review-guard init --yes --host codex --host gemini --host opencode`;
#   2. per host, `mcp list` before and after the step init prints for outside
#      the project (Claude Code: the folder trusted, as accepting its trust
#      prompt records it in ~/.claude.json; Gemini CLI: ~/.gemini/trustedFolders.json;
#      Codex: [projects."<root>"] in ~/.codex/config.toml; opencode: none);
#   3. the same lists from a subfolder with its own package.json (a monorepo
#      package), where `npx --no-install review-guard` used to fail with E404
#      (Claude Code asks to approve the server again there: its approvals are
#      per folder).
# The hosts are not dependencies of review-guard (hundreds of MB): install them
# once into a folder outside the repository and name it with HOSTS_DIR:
#   npm install --prefix /tmp/hosts @anthropic-ai/claude-code @google/gemini-cli @openai/codex opencode-ai
# Tried with Claude Code 2.1.332, Gemini CLI 0.61.0, Codex 0.171.0, opencode 1.18.33.
# The tarball needs prebuilds/<platform>-<arch>/ first: `npm run prebuild-native`.
# Every output goes to $WORK/<step>.log. Exit 0 when every check passed.
#
# Usage: HOSTS_DIR=/tmp/hosts bash bench/hosts/host-check.sh   (from the repository root; ~1–2 min)
set -euo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
HOSTS_DIR="${HOSTS_DIR:-/tmp/hosts}"
BIN="$HOSTS_DIR/node_modules/.bin"
for host in claude gemini codex opencode; do
  [ -x "$BIN/$host" ] || { echo "no $BIN/$host: npm install --prefix $HOSTS_DIR @anthropic-ai/claude-code @google/gemini-cli @openai/codex opencode-ai" >&2; exit 2; }
done
ls "$REPO"/prebuilds/*/*.node >/dev/null 2>&1 || { echo "no prebuilds/: run npm run prebuild-native first" >&2; exit 2; }
WORK="$(mktemp -d "${TMPDIR:-/tmp}/rg-host-check-XXXXXX")"
PROJECT="$WORK/project"
export HOME="$WORK/home"
mkdir -p "$PROJECT" "$HOME"
failures=0

step() { printf '\n== %s\n' "$1"; }
fail() { echo "FAIL: $1 (see $WORK)"; failures=$((failures + 1)); }
# expect LOG PATTERN WHAT: passes when LOG matches PATTERN (an extended regex).
expect() { if grep -Eq "$2" "$1"; then echo "ok: $3"; else fail "$3"; fi; }
# list NAME HOST ARGS...: a host's `mcp list` in the current folder, into $WORK/NAME.log (shown).
list() {
  local name="$1" host="$2"
  shift 2
  timeout 120 "$BIN/$host" mcp list "$@" > "$WORK/$name.log" 2>&1 || true
  sed 's/^/    /' "$WORK/$name.log" | grep -v '^\s*$' | grep -v 'WARNING: proceeding' || true
}

step "pack and install"
(cd "$REPO" && npm pack --pack-destination "$WORK" > "$WORK/pack.log" 2>&1)
TARBALL="$(ls "$WORK"/review-guard-*.tgz)"
cd "$PROJECT"
git init -q . && npm init -y > /dev/null
npm install --no-audit --no-fund -D "$TARBALL" > "$WORK/install.log" 2>&1 || { fail "npm install of the tarball"; exit 1; }
echo "installed $(basename "$TARBALL")"

step "init --yes"
npx --no-install review-guard init --yes --host codex --host gemini --host opencode > "$WORK/init.log" 2>&1 || fail "init exit $?"
sed -n '/^Outside this folder/,$p' "$WORK/init.log"
expect "$WORK/init.log" '^  Claude Code: trust this folder' "init names Claude Code's trust step"
expect "$WORK/init.log" '^  Gemini CLI: trust this folder.*trustedFolders\.json' "init names Gemini CLI's trust step"
expect "$WORK/init.log" '^      \[projects\."'"$PROJECT"'"\]$' "init names Codex's trust step for this root"

step "before the steps outside the project"
echo "  claude:"; list claude-before claude
echo "  gemini:"; list gemini-before gemini
echo "  codex:"; list codex-before codex
echo "  opencode:"; list opencode opencode
expect "$WORK/opencode.log" 'review-guard.*connected' "opencode connects with no step"
# Approved by init in .claude/settings.local.json: `claude mcp list` connects before any step.
expect "$WORK/claude-before.log" 'review-guard: .*Connected' "claude mcp list right after init: connected"

step "after the steps init printed"
# Claude Code: what accepting its trust prompt in this folder records.
printf '{"projects":{"%s":{"hasTrustDialogAccepted":true}}}\n' "$PROJECT" > "$HOME/.claude.json"
mkdir -p "$HOME/.gemini" "$HOME/.codex"
printf '{"%s":"TRUST_FOLDER"}\n' "$PROJECT" > "$HOME/.gemini/trustedFolders.json"
printf '[projects."%s"]\ntrust_level = "trusted"\n' "$PROJECT" > "$HOME/.codex/config.toml"
echo "  claude:"; list claude claude
echo "  gemini:"; list gemini gemini
echo "  codex:"; list codex codex
expect "$WORK/claude.log" 'review-guard: .*Connected' "claude mcp list: connected"
expect "$WORK/gemini.log" 'review-guard: .*Connected' "gemini mcp list: connected"
expect "$WORK/codex.log" '^review-guard +node ' "codex mcp list: listed"

step "from a subfolder with its own package.json"
mkdir -p packages/app && echo '{"name":"app"}' > packages/app/package.json
cd packages/app
echo "  claude:"; list claude-sub claude
echo "  opencode:"; list opencode-sub opencode
# Claude Code keeps the server's approval per folder it runs in: from a subfolder it asks once more
# ("Pending approval"), and with that folder's own approval it connects through the root's entry.
expect "$WORK/claude-sub.log" 'review-guard: .*Pending approval' "claude mcp list from packages/app: listed, pending approval there"
mkdir -p .claude && echo '{"enabledMcpjsonServers": ["review-guard"]}' > .claude/settings.local.json
list claude-sub-approved claude > /dev/null
expect "$WORK/claude-sub-approved.log" 'review-guard: .*Connected' "claude mcp list from packages/app, approved there: connected"
expect "$WORK/opencode-sub.log" 'review-guard.*connected' "opencode mcp list from packages/app: connected"

printf '\n%s\n' "$([ "$failures" -eq 0 ] && echo "all host checks passed" || echo "$failures host check(s) failed")"
exit $((failures > 0))
