/**
 * @fileoverview Help texts, one per command, each with examples.
 */
import { DEFAULT_HTTP_PORT } from './serve-options.js';

export const MAIN_HELP = `review-guard — a local second pair of eyes for coding agents

Usage: review-guard <command> [options]

Commands:
  review <files...>   review changed files: rules, duplicate search, local model
  index               build or update the similarity index of the workspace
  serve               run the MCP server over stdio (for Claude Code, Cursor, …) or HTTP
  doctor              check config, workspace, Ollama, models and index; say how to fix
  help [command]      show help for a command

Common options:
  --root DIR          workspace root (default: nearest folder with .git or
                      review-guard.config.json, else the current folder)
  -h, --help          show help
  -v, --version       print the version

Exit codes: 0 no error findings, 1 error findings, 2 usage, config or input problem.

Examples:
  review-guard review src/handler/settings.ts
  review-guard review --no-model --json src/a.ts src/b.ts
  review-guard index --rebuild
  review-guard serve --root /path/to/repo
  review-guard doctor
`;

export const COMMAND_HELP: Readonly<Record<string, string>> = {
  review: `Usage: review-guard review <files...> [--json] [--no-model] [--verbose] [--root DIR]

Reviews the given files (absolute, or relative to the current folder when it
is inside the workspace root, else to the root): deterministic rules first, then the similarity
index for existing code the files duplicate, then the local model (Ollama)
to judge near matches. Without a reachable model the rule and index findings
are still reported, with a warning that says why the model stage did not run.

Options:
  --json        print the result as JSON ({findings, summary})
  --no-model    skip the model stage (rules and index only; fast, offline)
  --verbose     show the model transcript (prompts, replies, tool calls) on stderr;
                REVIEW_GUARD_LOG=<file> appends it to a file instead, also for serve
  --root DIR    workspace root

Examples:
  review-guard review src/handler/settings.ts
  review-guard review --no-model src/**/*.ts
  review-guard review --json src/a.ts > findings.json
`,
  index: `Usage: review-guard index [--rebuild] [--root DIR]

Builds or updates the similarity index under .review-guard/ in the workspace
root. Only files whose content changed are re-indexed; --rebuild starts over.
A review updates the index by itself; run this to warm it up ahead of time.

Examples:
  review-guard index
  review-guard index --rebuild --root ../other-repo
`,
  doctor: `Usage: review-guard doctor [--json] [--root DIR]

Checks what review-guard needs and prints one line per check with the fix:
  config      review-guard.config.json (or package.json "reviewGuard") is valid
  workspace   which folder is the root, and how it was chosen
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
  serve: `Usage: review-guard serve [--root DIR] [--http [--port N] [--host ADDR]]

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

Environment:
  REVIEW_GUARD_TOKEN  when set, HTTP clients must send
                      "Authorization: Bearer <token>"

Example .mcp.json for Claude Code:
  {"mcpServers": {"review-guard": {"command": "npx", "args": ["review-guard", "serve"]}}}
`,
};
