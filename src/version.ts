/**
 * @fileoverview The package name and version, read once from package.json so
 * the CLI, the MCP server and the entries `init` writes all use the same ones.
 */
import { readFileSync } from 'node:fs';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

export const VERSION: string = packageJson.version;
/** The package name: also the MCP server's name and its key in `.mcp.json`. */
export const PACKAGE_NAME: string = packageJson.name;
