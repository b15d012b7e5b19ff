/**
 * @fileoverview The package version, read once from package.json so the CLI
 * and the MCP server report the same number.
 */
import { readFileSync } from 'node:fs';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

export const VERSION: string = packageJson.version;
