/**
 * @fileoverview The options of `review-guard serve`, checked at the edge:
 * a bad port or a flag that needs --http is a usage error (exit 2).
 */
import { z } from 'zod';
import { UserError } from '../pipeline/index.js';
import type { CliArgs } from './args.js';

export const DEFAULT_HTTP_PORT = 7331;
const DEFAULT_HTTP_HOST = '127.0.0.1';
/** The environment variable holding the HTTP bearer token. */
const TOKEN_ENV = 'REVIEW_GUARD_TOKEN';

/** The largest stdio message line read by default: the SDK's own stdio limit, 10 MiB. */
const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** The smallest stdio message limit: a tools/call with a few paths must fit. */
const MIN_MESSAGE_BYTES = 64 * 1024;

type ServeOptions =
  | { readonly transport: 'stdio'; readonly maxMessageBytes: number }
  | { readonly transport: 'http'; readonly host: string; readonly port: number; readonly token?: string };

const PortSchema = z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().max(65_535));

export function serveOptions(args: CliArgs, env: NodeJS.ProcessEnv): ServeOptions {
  if (!args.http) {
    if (args.port !== undefined || args.host !== undefined) throw new UserError('--port and --host need --http (stdio is the default transport)');
    return { transport: 'stdio', maxMessageBytes: messageLimit(args.maxMessageBytes) };
  }
  if (args.maxMessageBytes !== undefined) {
    throw new UserError('--max-message-bytes is for stdio; over --http a request body is limited to 4 MiB (answered 413 above it)');
  }
  const port = PortSchema.safeParse(args.port ?? String(DEFAULT_HTTP_PORT));
  if (!port.success) throw new UserError(`--port ${args.port}: expected a port number from 0 to 65535`);
  const host = args.host ?? DEFAULT_HTTP_HOST;
  if (host.trim() === '') throw new UserError('--host: expected an address such as 127.0.0.1');
  const token = env[TOKEN_ENV];
  return { transport: 'http', host, port: port.data, ...(token ? { token } : {}) };
}

/** `--max-message-bytes`: a whole number of bytes, at least MIN_MESSAGE_BYTES. */
function messageLimit(flag: string | undefined): number {
  if (flag === undefined) return DEFAULT_MAX_MESSAGE_BYTES;
  const bytes = /^\d+$/.test(flag) ? Number(flag) : Number.NaN;
  if (!Number.isSafeInteger(bytes) || bytes < MIN_MESSAGE_BYTES) {
    throw new UserError(`--max-message-bytes ${flag}: expected a whole number of bytes, at least ${MIN_MESSAGE_BYTES} (default ${DEFAULT_MAX_MESSAGE_BYTES}, 10 MiB)`);
  }
  return bytes;
}
