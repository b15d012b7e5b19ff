/**
 * @fileoverview Help texts, one per command, each with examples.
 */
import { hookEntry, LOCAL_LAUNCH, mcpEntry, SERVER_NAME } from './claude-code.js';
import { HOOK_HOSTS } from './hook/hosts.js';
import { HOST_IDS } from './init/host-ids.js';
import { DEFAULT_HTTP_PORT } from './serve-options.js';

export const MAIN_HELP = `review-guard — a local second pair of eyes for coding agents

Usage: review-guard <command> [options]

Commands:
  review <files...>   review changed files: rules, duplicate search, local model
  index               build or update the similarity index of the workspace
  baseline [files...] record current findings as accepted; later runs report only new ones
  hook <host>         the edit hooks: review after an edit, stop a copy before one
  init                set a repository up: MCP server and edit hooks for each host, AGENTS.md line, config
  serve               run the MCP server over stdio (for Claude Code, Cursor, …) or HTTP
  doctor              check config, workspace, Ollama, models and index; say how to fix
  help [command]      show help for a command

Common options:
  --root DIR          workspace root (default: nearest folder with .git or
                      review-guard.config.json, else the current folder)
  -h, --help          show help
  -v, --version       print the version

Exit codes: 0 no error findings, 1 error findings, 2 usage, config or input problem.
(The hook follows Claude Code's contract instead: see "review-guard help hook".)

Examples:
  review-guard review src/handler/settings.ts
  review-guard review --no-model --json src/a.ts src/b.ts
  review-guard review --staged --no-model
  review-guard init --yes
  review-guard index --rebuild
  review-guard serve --root /path/to/repo
  review-guard doctor
`;

export const COMMAND_HELP: Readonly<Record<string, string>> = {
  review: `Usage: review-guard review <files...> [--format text|json|sarif] [--no-model] [--verbose] [--changed] [--root DIR]
       review-guard review --staged [files...] [--full] [--format …] [--no-model]
       review-guard review --changed [--format …] [--no-model]   (every changed source file)

Reviews the given files (absolute, or relative to the current folder when it
is inside the workspace root, else to the root): deterministic rules first, then the similarity
index for existing code the files duplicate, then the local model (Ollama)
to judge near matches. Without a reachable model the rule and index findings
are still reported, with a warning that says why the model stage did not run.

Options:
  --format F    text (default; grouped by file, file:line first, coloured on a
                terminal unless NO_COLOR is set), json ({findings, summary}, as
                the MCP tool returns it) or sarif (SARIF 2.1.0, for code scanning)
  --json        the same as --format json
  --no-model    skip the model stage (rules and index only; fast, offline)
  --verbose     show the model transcript (prompts, replies, tool calls) on stderr;
                REVIEW_GUARD_LOG=<file> appends it to a file instead, also for serve
  --staged      review the staged text of the staged source files (not the
                working tree); files given narrow it down; diff-only by default
  --changed     diff-only: keep findings about lines the change touched (the
                working tree against HEAD; untracked files count as new) and
                duplicates the change introduced; without files, reviews
                every source file changed since HEAD
  --full        with --staged: every finding of the staged files
  --root DIR    workspace root

Findings recorded in review-guard.baseline.json (see "review-guard baseline")
are not reported; // review-guard-ignore <rule>[: reason] comments suppress
findings on the next line or declaration.

Examples:
  review-guard review src/handler/settings.ts
  review-guard review --no-model src/**/*.ts
  review-guard review --json src/a.ts > findings.json
  review-guard review --staged --no-model            # in a pre-commit hook
  review-guard review --changed --format sarif src/*.ts > review.sarif
`,
  index: `Usage: review-guard index [--rebuild] [--root DIR]

Builds or updates the similarity index under .review-guard/ in the workspace
root. Only files whose content changed are re-indexed; folders whose listing
did not change since the last walk are not listed again (.review-guard/index/
walk.json). --rebuild starts over: every folder listed, every file indexed.
A review updates the index by itself; run this to warm it up ahead of time.

Examples:
  review-guard index
  review-guard index --rebuild --root ../other-repo
`,
  baseline: `Usage: review-guard baseline [files...] [--root DIR] [--json]

Reviews every source file of the workspace (those the index selects:
index.include/exclude, .gitignore), or only the files given, with rules and
the index (no model: its findings are not stable enough to match later), and
records the findings by fingerprint in review-guard.baseline.json at the
workspace root. Commit that file: every later review (CLI, hook, MCP) leaves
out findings recorded there and says how many it left out. With files given,
the other files' entries are kept. Fingerprints do not change when lines
shift; a duplicate is recorded under both of its copies.

Examples:
  review-guard baseline
  review-guard baseline src/legacy/*.ts
`,
  init: `Usage: review-guard init [--yes | --dry-run] [--force] [--host NAME ...] [--root DIR]

Sets the workspace root up for agents. It first shows a diff of each file
it would write, then writes:
  the MCP server for Claude Code (.mcp.json) and for every host the
  repository shows signs of, or --host names:
    cursor     .cursor/mcp.json        (detected by .cursor/)
    vscode     .vscode/mcp.json        (.vscode/)
    codex      .codex/config.toml      (.codex/; read in trusted projects)
    opencode   opencode.json(c)        (opencode.json(c), .opencode/)
    gemini     .gemini/settings.json   (.gemini/, GEMINI.md; its hooks too)
    windsurf   prints the entry for ~/.codeium/windsurf/mcp_config.json
               (.windsurf/; its only config file is outside the repository)
  .claude/settings.json     the Claude Code hooks: PostToolUse (review after
                            an edit) and PreToolUse (stop a copy before one);
                            the same hooks for the hosts wired:
                            .cursor/hooks.json, .github/hooks/review-guard.json
                            (VS Code), .codex/hooks.json, and opencode's plugin
                            .opencode/plugin/review-guard.js
  .claude/settings.local.json
                            approves the .mcp.json server on this machine
  CLAUDE.md / AGENTS.md / GEMINI.md
                            one line telling agents to review with review-guard
                            (those that exist; else CLAUDE.md, and AGENTS.md
                            when a wired host reads it)
  review-guard.config.json  a starter config, only when there is none (the
                            model stage on only if Ollama has the model)
  .gitignore                the index folder .review-guard/ and
                            .claude/settings.local.json
The entries start review-guard as this run was started: the project's copy
(found by Node from any folder inside the project), a global install
(review-guard), or npx -y. It then prints each step that lives outside the
project, which it never takes: trusting the folder in Claude Code, Gemini
CLI, Cursor and VS Code, the project and its hooks in Codex (docs/hosts.md
has them per host).
Existing files are edited in place (comments and formatting kept); a file
it cannot parse, with a key twice on the way to the entry, or a Codex
mcp_servers that is no table, is left alone with an error (exit 2). What
is already set up is skipped, so a second run writes nothing. An entry named
review-guard that is not the one init writes is shown with the diff and
replaced only with --force (exit 2 until then).

Options:
  --yes, -y    write without asking
  --dry-run    only show what would be written
  --force      replace review-guard entries that differ from init's
  --host NAME  also wire NAME (repeatable): ${HOST_IDS.join(', ')}
Without --yes or --dry-run, init asks on a terminal; without a terminal it
writes nothing and exits 2.

Examples:
  review-guard init --dry-run
  review-guard init --yes
  review-guard init --yes --host codex --host gemini
`,
  hook: `Usage: review-guard hook <host>   (reads the hook JSON on stdin)

The edit hooks, per host (its events; its file tools):
${HOOK_HOSTS.map((host) => `  ${host.id.padEnd(12)} ${host.name}: ${Object.keys(host.events).join(', ')}; ${Object.keys(host.tools).join(', ')}`).join('\n')}
One command per host: the event in the input says which.

After an edit: reviews the edited file with the rules and the index (the
model only when the config sets "hook": {"model": true}), keeping only
findings about the lines the uncommitted change touched (git diff against
HEAD; outside git, the whole file).

Before an edit: reviews the text the tool is about to write (a Write's
content, an Edit's new_string applied to the file, each file of a patch as
it would read afterwards) and stops the call when
it copies existing code, naming the original, so the agent calls it instead.
Which duplicate kinds stop a call: "hook": {"block": [...]} (default copy,
parametric, near; [] lets every edit through). Rule findings never stop a
call, and neither does a failure of the hook itself.

Non-source files, files outside the workspace and files git ignores are
ignored. After the first call a background process answers (one per user
for all workspaces; it keeps each index loaded and current, so edits made
outside the hook are seen too; a workspace is let go after its
daemon.idleSeconds without a call, and the process ends with the last). REVIEW_GUARD_DAEMON=off
runs every call in process; so does CI=true unless REVIEW_GUARD_DAEMON=on.
review and index calls use it too.

Exit codes (the hosts' hook contract):
  0  nothing to act on: silent
  2  after an edit: error findings or duplicates, a compact list on stderr,
     which the host shows the model; before an edit: the call is stopped,
     and the reason on stderr is shown to the model
  1  the hook itself has a problem (malformed stdin, broken config): shown
     to you; the edit goes ahead
Where a host takes a JSON answer instead (after an edit: Gemini CLI, Codex and
VS Code; before one: Gemini CLI; Cursor always), the message is in that JSON
on stdout, with exit 0.

.claude/settings.json (as \`review-guard init\` writes it for a project install):
  ${JSON.stringify({ hooks: { PostToolUse: [hookEntry(LOCAL_LAUNCH)], PreToolUse: [hookEntry(LOCAL_LAUNCH)] } })}

Example (by hand):
  echo '{"cwd":"'$PWD'","hook_event_name":"PostToolUse","tool_name":"Write","tool_input":{"file_path":"src/a.ts"}}' | review-guard hook claude-code
`,
  doctor: `Usage: review-guard doctor [--json] [--root DIR]

Checks what review-guard needs and prints one line per check with the fix:
  config      review-guard.config.json (or package.json "reviewGuard") is valid
  workspace   which folder is the root, and how it was chosen
  syntax      the syntax binding (built by npm install) loads and parses
              every language; fix: npm rebuild review-guard
  ollama      Ollama answers at the configured host (GET /api/version, 3 s limit)
  chat-model  the chat model is pulled (GET /api/tags); fix: ollama pull <model>
  embedder    the semantic embedder's model is there, if one is configured
  index       the index exists; its files, chunks, size, age, embedders, and
              how much the workspace changed since; fix: review-guard index

Statuses: ok, info (nothing to do), warn (needs attention), error.
Exit codes: 0 all fine, 1 something needs attention, 2 the config is invalid.

Options:
  --json        print the report as JSON ({root, checks, verdict})
  --root DIR    workspace root

Examples:
  review-guard doctor
  review-guard doctor --json | jq '.checks[] | select(.status == "warn")'
`,
  serve: `Usage: review-guard serve [--root DIR] [--max-message-bytes N | --http [--port N] [--host ADDR]]

Runs the MCP server (tools review_code, search_similar_code, index_status,
refresh_index; config and rule resources; the review-changes prompt): over
stdio by default, or over Streamable HTTP (stateless) at http://ADDR:N/mcp
with --http. Serves 2025-era hosts (initialize handshake) and 2026-07-28
clients from the same process; large reviews become Tasks-extension tasks for
clients that declare it (mcp.* settings in review-guard.config.json).

Options:
  --http              serve Streamable HTTP instead of stdio
  --port N            HTTP port (default ${DEFAULT_HTTP_PORT}; 0 picks a free one)
  --host ADDR         address to bind (default 127.0.0.1). Any other than a
                      loopback address needs REVIEW_GUARD_TOKEN to be set
  --max-message-bytes N
                      stdio: the largest message line read (default 10485760,
                      10 MiB); a longer one is answered with an error naming
                      the limit, and the server goes on serving

Environment:
  REVIEW_GUARD_TOKEN  when set, HTTP clients must send
                      "Authorization: Bearer <token>"
  REVIEW_GUARD_STATE_KEY
                      the key (32 characters or more) that signs the
                      requestState of a duplicate question; default: the
                      user's key in $XDG_STATE_HOME/review-guard/state-key
                      (~/.local/state/…), created once (0600)

Example .mcp.json for Claude Code (as \`review-guard init\` writes it for a project install):
  ${JSON.stringify({ mcpServers: { [SERVER_NAME]: mcpEntry(LOCAL_LAUNCH) } })}
`,
};
