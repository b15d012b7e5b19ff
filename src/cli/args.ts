/**
 * @fileoverview Command-line parsing with node:util, strict: an unknown flag
 * is a usage error (exit 2), never silently ignored.
 */
import { parseArgs } from 'node:util';
import { UserError } from '../pipeline/index.js';

export interface CliArgs {
  readonly command: string | undefined;
  readonly positionals: readonly string[];
  readonly root?: string;
  readonly json: boolean;
  readonly model: boolean;
  readonly rebuild: boolean;
  /** Show the model transcript on stderr. */
  readonly verbose: boolean;
  readonly help: boolean;
  readonly version: boolean;
  /** `serve --http`: Streamable HTTP instead of stdio. */
  readonly http: boolean;
  readonly port?: string;
  readonly host?: string;
}

/** Parses `argv` (without node and the script); throws UserError on bad flags. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        root: { type: 'string' },
        json: { type: 'boolean', default: false },
        'no-model': { type: 'boolean', default: false },
        rebuild: { type: 'boolean', default: false },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
        http: { type: 'boolean', default: false },
        port: { type: 'string' },
        host: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UserError(`${(error as Error).message}; run "review-guard --help" for usage`);
  }
  const [command, ...positionals] = parsed.positionals;
  const { values } = parsed;
  return {
    command,
    positionals,
    ...(values.root !== undefined ? { root: values.root } : {}),
    json: values.json,
    model: !values['no-model'],
    rebuild: values.rebuild,
    verbose: values.verbose,
    help: values.help,
    version: values.version,
    http: values.http,
    ...(values.port !== undefined ? { port: values.port } : {}),
    ...(values.host !== undefined ? { host: values.host } : {}),
  };
}
