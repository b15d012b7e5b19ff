/**
 * @fileoverview The TOML edit init makes: the table `[mcp_servers.NAME]` in
 * a Codex `config.toml`. The file is parsed with smol-toml (TOML 1.0) first:
 * an invalid file is refused naming its line, never appended to; what is
 * declared is read from the parsed document, so a header inside a `"""`
 * string, a quoted `["mcp_servers"."NAME"]` or a dotted key are told apart
 * as Codex tells them. smol-toml keeps no comments or layout, so the edit
 * is made on the text (the table appended; an old entry's lines or an
 * inline `mcp_servers = {…}`, which TOML lets no table extend, taken out)
 * and kept only when the edited text parses to exactly the old document
 * plus the entry. Anything else is a UserError with the table to add by hand.
 */
import { isDeepStrictEqual } from 'node:util';
import { parse, stringify, TomlError } from 'smol-toml';
import { UserError } from '../../pipeline/index.js';
import { differsReason, HeldChange, type MergeOptions, type MergeResult } from './server-entry.js';

type Table = Record<string, unknown>;

/** The parsed document; a UserError naming the line when `text` is not TOML. */
export function parseToml(text: string, name: string): Table {
  try {
    return parse(text);
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const what = error.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '');
    throw new UserError(`${name} is not valid TOML (${what} on line ${error.line}); fix it by hand, then run init again — it is never overwritten`);
  }
}

/** A TOML basic string: JSON's escapes are TOML's for everything a command holds. */
function tomlString(value: string): string {
  return JSON.stringify(value);
}

/** A bare key when TOML allows one, else a quoted key. */
function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : tomlString(key);
}

/** The lines init adds: its comment, the header, command and args. */
function serverTable(name: string, entry: { command: string; args: readonly string[] }, comment: string): string[] {
  return [`# ${comment}`, `[mcp_servers.${tomlKey(name)}]`, `command = ${tomlString(entry.command)}`, `args = [${entry.args.map(tomlString).join(', ')}]`];
}

/**
 * `current` (the file `path`, undefined when missing) with server `name` set
 * to `entry`; undefined when exactly that entry is there. An entry that
 * differs is replaced only with `options.force` (else a HeldChange).
 */
export function mergeTomlServer(current: string | undefined, path: string, name: string, entry: { command: string; args: string[] }, comment: string, options: MergeOptions): MergeResult {
  const eol = current?.includes('\r\n') ? '\r\n' : '\n';
  const table = serverTable(name, entry, comment);
  if (current === undefined || current.trim() === '') return `${table.join(eol)}${eol}`;
  const doc = parseToml(current, path);
  const servers = doc['mcp_servers'];
  if (servers !== undefined && !isTable(servers)) {
    const shape = Array.isArray(servers) ? 'an array ([[mcp_servers]] or mcp_servers = […])' : `a ${typeof servers}`;
    throw new UserError(`${path}: "mcp_servers" is ${shape}, but Codex reads a table of servers by name ([mcp_servers.NAME]); fix it by hand, then run init again`);
  }
  const existing = servers?.[name];
  if (same(existing, entry)) return undefined;
  const expected = { ...doc, mcp_servers: { ...servers, [name]: entry } };
  const refuse = (why: string) =>
    new UserError(`${path}: ${why}; add this table by hand (replacing any ${name} entry there), then run init again:\n${table.slice(1).join('\n')}`);

  const lines = current.split(/\r?\n/);
  const others = { ...servers };
  delete others[name];
  const rest = { ...doc };
  delete rest['mcp_servers'];
  // Taking the only server out may take the table with it: both read the same to Codex.
  const kept = existing === undefined ? lines : removeServer(lines, name, comment, Object.keys(others).length > 0 ? { ...rest, mcp_servers: others } : rest);
  let text = kept && appendLines(kept, table, eol);
  if (text === undefined || !parsesTo(text, expected)) {
    // The one valid file TOML forbids appending to: `mcp_servers = {…}` inline. Its servers are written out as tables.
    const without = removeInlineServers(lines, rest);
    if (!without) throw refuse('init could not set its table without changing other settings');
    const tables = Object.keys(others).length > 0 ? [...stringify({ mcp_servers: others }).trim().split('\n'), ''] : [];
    text = appendLines(without, [...tables, ...table], eol);
    if (!parsesTo(text, expected)) throw refuse('init could not set its table without changing other settings');
  }
  return existing === undefined || options.force ? text : new HeldChange(text, differsReason(`its [mcp_servers.${tomlKey(name)}] table`));
}

/** Deep equality of parsed values: smol-toml's tables have no prototype, which isDeepStrictEqual alone tells apart. */
function same(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(structuredClone(a), structuredClone(b));
}

function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function parseLines(lines: readonly string[]): Table | undefined {
  try {
    return parse(lines.join('\n'));
  } catch {
    return undefined;
  }
}

function parsesTo(text: string, expected: Table): boolean {
  const parsed = parseLines([text]);
  return parsed !== undefined && same(parsed, expected);
}

/** `lines` with `added` after them, one blank line between. */
function appendLines(lines: readonly string[], added: readonly string[], eol: string): string {
  const kept = [...lines];
  while (kept.length > 0 && kept.at(-1)!.trim() === '') kept.pop();
  return `${kept.length > 0 ? `${kept.join(eol)}${eol}${eol}` : ''}${added.join(eol)}${eol}`;
}

/** A TOML key spelled bare, "quoted" or 'literal'. */
function keyPattern(key: string): string {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `(?:${escaped}|"${escaped}"|'${escaped}')`;
}

/**
 * `lines` without server `name`'s definition — its tables (`[mcp_servers.NAME]`,
 * `[mcp_servers.NAME.env]`, each up to the next header) and its dotted or
 * inline keys — when what is left parses to `expected`; else undefined.
 */
function removeServer(lines: readonly string[], name: string, comment: string, expected: Table): string[] | undefined {
  const server = `\\s*${keyPattern('mcp_servers')}\\s*\\.\\s*${keyPattern(name)}\\s*`;
  const header = new RegExp(`^\\s*\\[${server}[\\].]`);
  const key = new RegExp(`^(?:${server}|\\s*${keyPattern(name)}\\s*)[.=]`);
  const kept: string[] = [];
  let dropping = false;
  for (const line of lines) {
    if (/^\s*\[/.test(line)) dropping = header.test(line);
    if (dropping || key.test(line)) {
      if (kept.at(-1) === `# ${comment}`) kept.pop();
      continue;
    }
    kept.push(line);
  }
  const parsed = parseLines(kept);
  return parsed !== undefined && same(parsed, expected) ? kept : undefined;
}

/** `lines` without the root line(s) `mcp_servers = {…}`, when what is left parses to `expected`. */
function removeInlineServers(lines: readonly string[], expected: Table): string[] | undefined {
  const start = new RegExp(`^\\s*${keyPattern('mcp_servers')}\\s*=\\s*\\{`);
  for (let i = 0; i < lines.length; i++) {
    if (!start.test(lines[i]!)) continue;
    // TOML 1.0 keeps an inline table on one line; a few more cover 1.1's multi-line ones.
    for (let end = i; end < Math.min(lines.length, i + 200); end++) {
      const kept = [...lines.slice(0, i), ...lines.slice(end + 1)];
      const parsed = parseLines(kept);
      if (parsed !== undefined && same(parsed, expected)) return kept;
    }
  }
  return undefined;
}
