/**
 * @fileoverview Command-line parsing with node:util, strict: an unknown flag
 * is a usage error (exit 2), never silently ignored.
 */
import { parseArgs } from 'node:util';
import { UserError } from '../pipeline/index.js';
import { CLI_OPTIONS } from './arg-options.cjs';

const REPORT_FORMATS = ['text', 'json', 'sarif'] as const;
type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface CliArgs {
  readonly command: string | undefined;
  readonly positionals: readonly string[];
  readonly root?: string;
  /** `--format`, with `--json` as the shorthand for `--format json`. */
  readonly format: ReportFormat;
  readonly json: boolean;
  readonly model: boolean;
  readonly rebuild: boolean;
  /** Show the model transcript on stderr. */
  readonly verbose: boolean;
  /** review: the staged version of the staged source files. */
  readonly staged: boolean;
  /** review: only findings about the lines the change touched (default with --staged). */
  readonly changed: boolean;
  /** review: every finding of the reviewed files, also with --staged. */
  readonly full: boolean;
  /** init: write without asking; `dryRun`: only show what would be written. */
  readonly yes: boolean;
  readonly dryRun: boolean;
  /** init: replace a review-guard entry that differs from the one init writes. */
  readonly force: boolean;
  readonly help: boolean;
  readonly version: boolean;
  /** `serve --http`: Streamable HTTP instead of stdio. */
  readonly http: boolean;
  readonly port?: string;
  /** `serve --http --host ADDR`: the address to bind. */
  readonly host?: string;
  /** `serve` over stdio: the largest message line read. */
  readonly maxMessageBytes?: string;
  /** `init --host NAME` (repeatable): MCP hosts to wire besides those detected. */
  readonly hosts: readonly string[];
}

/** Parses `argv` (without node and the script); throws UserError on bad flags. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: CLI_OPTIONS,
    });
  } catch (error) {
    throw new UserError(`${(error as Error).message}; run "review-guard --help" for usage`);
  }
  const [command, ...positionals] = parsed.positionals;
  const { values } = parsed;
  if (values.changed && values.full) throw new UserError('--changed and --full contradict each other; pass one');
  if (values.yes && values['dry-run']) throw new UserError('--yes and --dry-run contradict each other; pass one');
  const hosts = values.host ?? [];
  if (command !== 'init' && hosts.length > 1) throw new UserError('--host given more than once; serve binds one address');
  return {
    command,
    positionals,
    ...(values.root !== undefined ? { root: values.root } : {}),
    format: reportFormat(values.format, values.json),
    json: values.json,
    model: !values['no-model'],
    rebuild: values.rebuild,
    verbose: values.verbose,
    staged: values.staged,
    changed: values.changed,
    full: values.full,
    yes: values.yes,
    dryRun: values['dry-run'],
    force: values.force,
    help: values.help,
    version: values.version,
    http: values.http,
    ...(values.port !== undefined ? { port: values.port } : {}),
    ...(command !== 'init' && hosts[0] !== undefined ? { host: hosts[0] } : {}),
    hosts: command === 'init' ? hosts : [],
    ...(values['max-message-bytes'] !== undefined ? { maxMessageBytes: values['max-message-bytes'] } : {}),
  };
}

function reportFormat(format: string | undefined, json: boolean): ReportFormat {
  if (format === undefined) return json ? 'json' : 'text';
  if (!(REPORT_FORMATS as readonly string[]).includes(format)) {
    throw new UserError(`--format ${format}: expected one of ${REPORT_FORMATS.join(', ')}`);
  }
  if (json && format !== 'json') throw new UserError(`--json and --format ${format} contradict each other; pass one`);
  return format as ReportFormat;
}
