/**
 * The edits init makes to host config files: a Codex server already
 * declared in any TOML form is recognised (and a new table is appended
 * after the rest, untouched); JSON edits keep the file's indentation, line
 * ends and one-line style, and a file that does not parse is refused.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'jsonc-parser';
import { z } from 'zod';
import { NPX_LAUNCH } from '../../../src/cli/claude-code.js';
import { HOSTS } from '../../../src/cli/init/hosts.js';
import { parseJsonFile, setJsonValue } from '../../../src/cli/init/json-edit.js';
import { appendServerTable, declaresServer } from '../../../src/cli/init/toml-edit.js';

describe('Codex config.toml', () => {
  it('recognises review-guard declared as a table, a sub-table, a dotted key, a quoted key or a key of [mcp_servers]', () => {
    for (const text of [
      '[mcp_servers.review-guard]\ncommand = "x"\n',
      '[ mcp_servers . "review-guard" ]\n',
      '[mcp_servers.review-guard.env]\nA = "1"\n',
      'mcp_servers.review-guard.command = "x"\n',
      "[mcp_servers]\n'review-guard' = { command = \"x\" }\n",
      '[mcp_servers]\nother = { command = "y" }\nreview-guard.command = "x"\n',
    ]) {
      assert.equal(declaresServer(text, 'review-guard'), true, text);
    }
    for (const text of ['[mcp_servers.review-guard-old]\n', '[other]\nreview-guard = 1\n', '# [mcp_servers.review-guard]\n', '[mcp_servers.docs]\ncommand = "review-guard"\n']) {
      assert.equal(declaresServer(text, 'review-guard'), false, text);
    }
  });

  it('appends the table after the existing text, with its line ends, and escapes strings', () => {
    const before = 'model = "gpt-5"\r\n[profiles.fast]\r\nmodel = "mini"';
    assert.equal(
      appendServerTable(before, 'review-guard', 'C:\\bin\\rg "x"', ['serve'], 'note'),
      `${before}\r\n\r\n# note\r\n[mcp_servers.review-guard]\r\ncommand = "C:\\\\bin\\\\rg \\"x\\""\r\nargs = ["serve"]\r\n`,
    );
  });
});

describe('JSON edits', () => {
  const entry = { command: 'npx', args: ['serve'] };

  it('indents as the file does (tabs, four spaces) and keeps CRLF line ends', () => {
    const tabs = '{\r\n\t"mcpServers": {\r\n\t\t"a": {}\r\n\t}\r\n}\r\n';
    assert.equal(setJsonValue(tabs, ['mcpServers', 'rg'], entry), '{\r\n\t"mcpServers": {\r\n\t\t"a": {},\r\n\t\t"rg": {\r\n\t\t\t"command": "npx",\r\n\t\t\t"args": [\r\n\t\t\t\t"serve"\r\n\t\t\t]\r\n\t\t}\r\n\t}\r\n}\r\n');
    const four = '{\n    "servers": {\n        "a": 1\n    }\n}\n';
    assert.match(setJsonValue(four, ['servers', 'rg'], entry), /^ {8}"rg": \{\n {12}"command": "npx",$/m);
  });

  it('a one-line file stays on one line; a missing object is created', () => {
    assert.equal(setJsonValue('{"mcpServers":{"a":{}}}', ['mcpServers', 'rg'], entry), '{"mcpServers":{"a":{},"rg": {"command":"npx","args":["serve"]}}}');
    const created = setJsonValue('{\n  "theme": "dark"\n}\n', ['mcpServers', 'rg'], entry);
    assert.deepEqual(parse(created), { theme: 'dark', mcpServers: { rg: entry } });
    assert.ok(created.startsWith('{\n  "theme": "dark",\n  "mcpServers": {\n'), created);
  });

  it('a file that does not parse, or has the wrong shape, is refused with its name and line', () => {
    const schema = z.looseObject({ mcpServers: z.record(z.string(), z.unknown()).optional() });
    assert.throws(() => parseJsonFile('{\n  "mcpServers": {\n    "a": \n}', '.cursor/mcp.json', schema), /^UserError: \.cursor\/mcp\.json is not valid JSON \(ValueExpected on line 4\); fix it by hand/);
    assert.throws(() => parseJsonFile('{"mcpServers": []}', '.cursor/mcp.json', schema), /\.cursor\/mcp\.json: "mcpServers" .*init merges into it only when it has the documented shape/);
    assert.deepEqual(parseJsonFile('// only a comment\n{}', 'x.json', schema), {});
  });
});

describe('opencode', () => {
  const [file] = HOSTS.find((host) => host.id === 'opencode')!.files(NPX_LAUNCH, '/nonexistent-root');

  it('a file already in V2\'s own shape (mcp.servers) gets the entry there, without V1\'s "enabled"', () => {
    const v2 = '{\n  "mcp": {\n    "servers": {\n      "docs": { "type": "remote", "url": "https://example.invalid/mcp" }\n    }\n  }\n}\n';
    assert.deepEqual(parse(file!.merge(v2)!).mcp.servers['review-guard'], { type: 'local', command: ['npx', '-y', 'review-guard', 'serve'] });
  });

  it('a V1 server named "servers" is a server, not V2\'s map', () => {
    const v1 = '{\n  "mcp": {\n    "servers": { "type": "local", "command": ["servers"] }\n  }\n}\n';
    assert.deepEqual(parse(file!.merge(v1)!).mcp['review-guard'], { type: 'local', command: ['npx', '-y', 'review-guard', 'serve'], enabled: true });
  });
});
