/**
 * @fileoverview The one TOML edit init makes: an `[mcp_servers.NAME]` table
 * appended to a Codex `config.toml`. Appending a table at the end is valid
 * after any TOML (root keys come before tables, and none is added), so the
 * rest of the file is never parsed or rewritten; only "is the server
 * already declared?" is read, from the lines that can declare it.
 */

/** A TOML basic string: JSON's escapes are TOML's for everything a command holds. */
function tomlString(value: string): string {
  return JSON.stringify(value);
}

/** A bare key when TOML allows one, else a quoted key. */
function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : tomlString(key);
}

/**
 * Whether `text` declares server `name` under `mcp_servers`: a table header
 * (`[mcp_servers.NAME]`, `[mcp_servers.NAME.env]`), a dotted key
 * (`mcp_servers.NAME.command = …`), or a key `NAME` inside `[mcp_servers]`.
 */
export function declaresServer(text: string, name: string): boolean {
  const key = `(?:${escape(name)}|"${escape(name)}"|'${escape(name)}')`;
  const nested = new RegExp(`^\\s*\\[?\\s*mcp_servers\\s*\\.\\s*${key}\\s*[.\\]=]`);
  const inTable = new RegExp(`^\\s*${key}\\s*[.=]`);
  let table = '';
  for (const line of text.split(/\r?\n/)) {
    if (nested.test(line)) return true;
    const header = /^\s*\[\s*([^\]]+?)\s*\]/.exec(line);
    if (header) table = header[1]!.replace(/\s+/g, '');
    else if (table === 'mcp_servers' && inTable.test(line)) return true;
  }
  return false;
}

/** `text` (or a new file) with the table `[mcp_servers.NAME]` holding `command` and `args` appended. */
export function appendServerTable(text: string | undefined, name: string, command: string, args: readonly string[], comment: string): string {
  const eol = text?.includes('\r\n') ? '\r\n' : '\n';
  const table = [`# ${comment}`, `[mcp_servers.${tomlKey(name)}]`, `command = ${tomlString(command)}`, `args = [${args.map(tomlString).join(', ')}]`];
  if (text === undefined || text.trim() === '') return `${table.join(eol)}${eol}`;
  const base = text.endsWith('\n') ? text : `${text}${eol}`;
  return `${base}${eol}${table.join(eol)}${eol}`;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
