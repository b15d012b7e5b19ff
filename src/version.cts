/**
 * @fileoverview The package name and version, read once from package.json so
 * the CLI, the MCP server and the entries `init` writes all use the same ones.
 * CommonJS, as the rest of the hook's client (see cli/bin.cts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const packageJson = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { name: string; version: string };

export const VERSION: string = packageJson.version;
/** The package name: also the MCP server's name and its key in `.mcp.json`. */
export const PACKAGE_NAME: string = packageJson.name;
