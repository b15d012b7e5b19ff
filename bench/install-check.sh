#!/usr/bin/env bash
# Installs review-guard as a user would and reviews a file with it:
#   1. npm: `npm pack` here, `npm i -D <tarball>` in a fresh project with a PATH
#      without a C compiler, linker, make or python3 (a source build would fail),
#      then `npx review-guard review --no-model src/x.ts`;
#      prints the size of the project's node_modules;
#   2. pnpm (10: runs no dependency build scripts), the same, when pnpm is on PATH
#      or PNPM names it; yarn 1 the same, when yarn is on PATH or YARN names it;
#   3. pre-commit (pip package), when on PATH: a release-like tag (v0.1.0 on a
#      commit carrying dist/ and prebuilds/, as .github/workflows/release.yml
#      makes it) in a local bare repository, a project whose .pre-commit-config.yaml
#      points at it, a staged file over max-lines: `pre-commit run` must fail
#      with the max-lines message.
# The tarball needs prebuilds/<platform>-<arch>/ first: `npm run prebuild-native`.
# Every step's output goes to $WORK/<step>.log. Exit 0 when every step that ran passed.
#
# Usage: bash bench/install-check.sh        (from the repository root; ~2–4 min)
set -euo pipefail
REPO="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/rg-install-check-XXXXXX")"
PNPM="${PNPM:-$(command -v pnpm || true)}"
YARN="${YARN:-$(command -v yarn || true)}"
failures=0

step() { printf '\n== %s\n' "$1"; }
fail() { echo "FAIL: $1 (see $WORK)"; failures=$((failures + 1)); }

# A PATH without a toolchain: node, npm, npx (and pnpm) and the system's commands
# (sh, sed, tar, …) less compilers, assemblers, linkers, make and python.
BARE="$WORK/bare-bin"
mkdir -p "$BARE"
for tool in node npm npx; do ln -s "$(command -v "$tool")" "$BARE/$tool"; done
[ -n "$PNPM" ] && ln -s "$PNPM" "$BARE/pnpm"
[ -n "$YARN" ] && ln -s "$YARN" "$BARE/yarn"
for command in /usr/bin/* /bin/*; do
  name="$(basename "$command")"
  case "$name" in
    cc | c++ | c89* | c99* | cpp* | gcc* | g++* | *-gcc* | *-g++* | *-cc | *-c++ | clang* | ld | ld.* | *-ld | *-ld.* | as | *-as) continue ;;
    make | gmake | cmake | ninja | python* | pip* | node-gyp) continue ;;
  esac
  [ -e "$BARE/$name" ] || ln -s "$command" "$BARE/$name"
done
for tool in cc gcc g++ c++ make python3 python ld; do
  if PATH="$BARE" command -v "$tool" >/dev/null 2>&1; then echo "$tool is on the bare PATH" >&2; exit 2; fi
done

# A source file over the default max-lines limit (250 code lines).
write_long_file() {
  mkdir -p "$1/src"
  { for i in $(seq 1 300); do echo "export const value$i = $i;"; done; } > "$1/src/x.ts"
}

step "pack"
ls "$REPO"/prebuilds/*/*.node >/dev/null 2>&1 || { echo "no prebuilds/: run npm run prebuild-native first" >&2; exit 2; }
(cd "$REPO" && npm pack --pack-destination "$WORK" > "$WORK/pack.log" 2>&1)
TARBALL="$(ls "$WORK"/review-guard-*.tgz)"
echo "$TARBALL ($(du -h "$TARBALL" | cut -f1))"
tar -tzf "$TARBALL" | grep -E 'prebuilds/|LICENSE' | sed 's/^/  /'

# review_in DIR RUNNER...: reviews src/x.ts with the bare PATH; passes when it reports max-lines (exit 1).
review_in() {
  local dir="$1"; shift
  local status=0
  (cd "$dir" && PATH="$BARE" "$@" review-guard review --no-model src/x.ts) > "$dir/review.log" 2>&1 || status=$?
  sed 's/^/  /' "$dir/review.log"
  [ "$status" -eq 1 ] && grep -q 'max-lines' "$dir/review.log"
}

step "npm: install without a toolchain"
NPM_PROJECT="$WORK/npm-project"
mkdir -p "$NPM_PROJECT" && write_long_file "$NPM_PROJECT"
(cd "$NPM_PROJECT" && echo '{"name":"consumer","version":"1.0.0","private":true}' > package.json)
start=$SECONDS
if (cd "$NPM_PROJECT" && PATH="$BARE" npm i -D --prefer-offline --no-audit --no-fund "$TARBALL") > "$WORK/npm-install.log" 2>&1; then
  echo "installed in $((SECONDS - start)) s; node_modules: $(du -sh "$NPM_PROJECT/node_modules" | cut -f1)"
  [ -d "$NPM_PROJECT/node_modules/hnswlib-node" ] && echo "  hnswlib-node: installed" || echo "  hnswlib-node: left out (optional; its source build needs a toolchain)"
  review_in "$NPM_PROJECT" npx || fail "npm: review did not report max-lines"
else
  tail -20 "$WORK/npm-install.log"; fail "npm install"
fi

if [ -n "$PNPM" ]; then
  step "pnpm $("$PNPM" --version): install without a toolchain"
  PNPM_PROJECT="$WORK/pnpm-project"
  mkdir -p "$PNPM_PROJECT" && write_long_file "$PNPM_PROJECT"
  (cd "$PNPM_PROJECT" && echo '{"name":"consumer","version":"1.0.0","private":true}' > package.json)
  if (cd "$PNPM_PROJECT" && PATH="$BARE" pnpm add -D --prefer-offline "$TARBALL") > "$WORK/pnpm-install.log" 2>&1; then
    echo "installed; node_modules: $(du -sh --dereference "$PNPM_PROJECT/node_modules" 2>/dev/null | cut -f1)"
    review_in "$PNPM_PROJECT" pnpm exec || fail "pnpm: review did not report max-lines"
  else
    tail -20 "$WORK/pnpm-install.log"; fail "pnpm add"
  fi
else
  step "pnpm: not on PATH, skipped (PNPM=/path/to/pnpm to run it)"
fi

if [ -n "$YARN" ]; then
  step "yarn $("$YARN" --version): install without a toolchain"
  YARN_PROJECT="$WORK/yarn-project"
  mkdir -p "$YARN_PROJECT" && write_long_file "$YARN_PROJECT"
  (cd "$YARN_PROJECT" && echo '{"name":"consumer","version":"1.0.0","private":true}' > package.json)
  if (cd "$YARN_PROJECT" && PATH="$BARE" yarn add -D --prefer-offline --cache-folder "$WORK/yarn-cache" "file:$TARBALL") > "$WORK/yarn-install.log" 2>&1; then
    echo "installed; node_modules: $(du -sh "$YARN_PROJECT/node_modules" | cut -f1)"
    review_in "$YARN_PROJECT" npx || fail "yarn: review did not report max-lines"
  else
    tail -20 "$WORK/yarn-install.log"; fail "yarn add"
  fi
else
  step "yarn: not on PATH, skipped (YARN=/path/to/yarn to run it)"
fi

if command -v pre-commit >/dev/null; then
  step "pre-commit $(pre-commit --version | cut -d' ' -f2): hook from a tagged repository"
  RELEASE="$WORK/release"
  git clone --quiet "$REPO" "$RELEASE"
  # What the release workflow tags: the commit plus the built dist/ and prebuilds/.
  cp -R "$REPO/dist" "$REPO/prebuilds" "$RELEASE/"
  (cd "$RELEASE" && git add --force dist prebuilds && git -c user.name=bench -c user.email=bench@localhost commit --quiet -m release && git tag v0.1.0)
  git clone --quiet --bare "$RELEASE" "$WORK/review-guard.git"
  PROJECT="$WORK/pre-commit-project"
  mkdir -p "$PROJECT" && write_long_file "$PROJECT"
  printf 'repos:\n  - repo: %s\n    rev: v0.1.0\n    hooks:\n      - id: review-guard\n' "$WORK/review-guard.git" > "$PROJECT/.pre-commit-config.yaml"
  (cd "$PROJECT" && git init --quiet && git add -A)
  status=0
  (cd "$PROJECT" && PRE_COMMIT_HOME="$WORK/pre-commit-home" pre-commit run) > "$WORK/pre-commit.log" 2>&1 || status=$?
  sed 's/^/  /' "$WORK/pre-commit.log"
  if [ "$status" -ne 1 ] || ! grep -q 'max-lines' "$WORK/pre-commit.log"; then fail "pre-commit run did not block src/x.ts with max-lines (exit $status)"; fi
else
  step "pre-commit: not on PATH, skipped (pip install pre-commit)"
fi

echo
if [ "$failures" -eq 0 ]; then echo "install check passed ($WORK)"; else echo "$failures step(s) failed"; exit 1; fi
