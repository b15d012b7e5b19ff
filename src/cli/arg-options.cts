/**
 * @fileoverview The command line's flags, for node:util parseArgs. Apart
 * from args.ts (which reports bad flags as UserErrors) so that the small
 * client entry can tell which command a call is without loading the
 * pipeline.
 */
import type { ParseArgsConfig } from 'node:util';

export const CLI_OPTIONS = {
  root: { type: 'string' },
  format: { type: 'string' },
  json: { type: 'boolean', default: false },
  'no-model': { type: 'boolean', default: false },
  rebuild: { type: 'boolean', default: false },
  verbose: { type: 'boolean', default: false },
  staged: { type: 'boolean', default: false },
  changed: { type: 'boolean', default: false },
  full: { type: 'boolean', default: false },
  yes: { type: 'boolean', short: 'y', default: false },
  'dry-run': { type: 'boolean', default: false },
  force: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'v', default: false },
  http: { type: 'boolean', default: false },
  port: { type: 'string' },
  host: { type: 'string', multiple: true },
  'max-message-bytes': { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;
