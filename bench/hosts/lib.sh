# What the *-hook-check.sh scripts share; sourced, after `set -euo pipefail`.
# REPO is this repository; HOSTS_DIR the folder the hosts are installed in.
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HOSTS_DIR="${HOSTS_DIR:-/tmp/hosts}"
failures=0

# host_bin NAME PACKAGE: the host's command from HOSTS_DIR, or exit 2 saying how to install it.
host_bin() {
  local bin="$HOSTS_DIR/node_modules/.bin/$1"
  [ -x "$bin" ] || { echo "no $bin: npm install --prefix $HOSTS_DIR $2" >&2; exit 2; }
  echo "$bin"
}

# make_project NAME INIT_ARGS...: the sample repository as a fresh project in $PROJECT (under a new $WORK,
# with an empty $HOME), review-guard linked into its node_modules, committed, then `init --yes INIT_ARGS`
# (its output in $WORK/init.log). Every hook runs in process (REVIEW_GUARD_DAEMON=off).
make_project() {
  local name="$1"
  shift
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/rg-$name-hook-XXXXXX")"
  PROJECT="$WORK/project"
  export HOME="$WORK/home" REVIEW_GUARD_DAEMON=off
  mkdir -p "$HOME"
  cp -r "$REPO/fixtures/sample-repo" "$PROJECT"
  cd "$PROJECT"
  rm -rf .review-guard && mkdir -p node_modules && ln -s "$REPO" node_modules/review-guard
  printf 'node_modules/\n' > .gitignore
  git init -q && git add -A && git -c user.email=check@example.com -c user.name=check commit -qm sample
  node node_modules/review-guard/dist/src/cli/bin.cjs init --yes "$@" > "$WORK/init.log"
  TARGET="$PROJECT/src/handler/app-config.ts"
}

# copy_of_load_config FILE: what the fake model writes, as an agent would: loadConfig's body as readAppConfig.
copy_of_load_config() {
  node -e "
const fs = require('fs');
const text = fs.readFileSync('src/config/load.ts', 'utf8');
const body = text.slice(text.indexOf('export function loadConfig'), text.indexOf('/** True when'));
fs.writeFileSync('$1', \"import { readFileSync } from 'node:fs';\nimport type { AppConfig } from '../config/load.js';\n\n\" + body.replace('loadConfig', 'readAppConfig'));"
}

# no_blocking: "hook": {"block": []} in the project's config (the before-edit hook lets every edit through).
no_blocking() {
  node -e "const fs=require('fs');const c=JSON.parse(fs.readFileSync('review-guard.config.json','utf8'));c.hook={block:[]};fs.writeFileSync('review-guard.config.json',JSON.stringify(c,null,2))"
}

pass() { echo "ok: $1"; }
fail() { echo "FAIL: $1 (see $WORK)"; failures=$((failures + 1)); }
# check LOG PATTERN WHAT: passes when LOG matches PATTERN (an extended regex).
check() { if grep -Eq "$2" "$1"; then pass "$3"; else fail "$3"; fi; }
# exists FILE WHAT / absent FILE WHAT
exists() { if [ -e "$1" ]; then pass "$2"; else fail "$2"; fi; }
absent() { if [ -e "$1" ]; then fail "$2"; else pass "$2"; fi; }

finish() {
  echo "$failures failure(s); logs in $WORK"
  exit $((failures > 0))
}
