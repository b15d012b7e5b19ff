/**
 * @fileoverview `review-guard serve`: the MCP server over stdio (default) or
 * Streamable HTTP. The era of each request (2025 initialize or 2026-07-28)
 * is the SDK's call. The review service and the task store live once per
 * process; every server instance the transport creates shares them.
 */
import { createRequestStateCodec, type McpRequestContext } from '@modelcontextprotocol/server';
import { serveHttp, StdioWire } from '../../mcp/transport/index.js';
import type { PendingAnswers } from '../../mcp/review-tool.js';
import { createMcpServer } from '../../mcp/server.js';
import { loadStateKey } from '../../mcp/state-key.js';
import { TaskManager, InMemoryTaskStore } from '../../mcp/tasks/index.js';
import { ConfigSchema, reloadingService } from '../../pipeline/index.js';
import type { CliArgs } from '../args.js';
import { workspaceRoot } from '../root.js';
import { serveOptions } from '../serve-options.js';
import { exitOnSignals } from '../shutdown.js';

/**
 * Starts serving and returns; both run until SIGTERM/SIGINT (shutdown.ts),
 * stdio also until the host closes stdin: then its tasks (and their model
 * requests) are cancelled and the process exits, as on a signal — no one
 * is left to poll a task or answer its question.
 */
export async function runServe(args: CliArgs, cwd: string, stderr: NodeJS.WriteStream): Promise<void> {
  const options = serveOptions(args, process.env);
  const root = workspaceRoot(cwd, args.root);
  // A broken config must not stop the server: review_code reports it as an error result instead,
  // until the file is fixed (the next call after it changed loads it again).
  const service = reloadingService({ root });
  const getService = () => service.get();
  const store = new InMemoryTaskStore();
  const tasks = new TaskManager(store);
  // Garbage on stdin must not flood the host's log: one short line per bad message.
  const onerror = (error: Error): void => void stderr.write(`review-guard: ${oneLine(error.message)}\n`);
  // Signs the state between the rounds of a duplicate question with the user's key, so any of their processes accepts it.
  const stateKey = loadStateKey(process.env);
  if (stateKey.notShared) onerror(new Error(`requestState key: ${stateKey.notShared}`));
  const stateCodec = createRequestStateCodec<PendingAnswers>({ key: stateKey.key, ttlSeconds: 600 });
  const factory = (context: McpRequestContext) => createMcpServer({ service: getService, tasks, stateCodec }, context);
  // Stops the transport (cancelling requests in flight), the tasks and the service; on SIGTERM/SIGINT.
  const stopOnSignals = (closeTransport: () => Promise<void>): ((reason: string) => void) =>
    exitOnSignals(async () => {
      await Promise.all([closeTransport(), tasks.close()]);
      store.close();
      await service.close();
    }, stderr);

  // The model loads while the host starts up: its first review_code call need not wait for it.
  const startService = (): void => void getService().then((started) => started.warmModel(), onerror);
  if (options.transport === 'stdio') {
    startService();
    const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
    let hostGone = (): void => undefined;
    const wire = new StdioWire({ maxLineBytes: options.maxMessageBytes, onClosed: () => hostGone() });
    const handle = serveStdio(factory, { onerror, transport: wire });
    const stop = stopOnSignals(() => handle.close());
    hostGone = () => stop('the host closed stdin');
    stderr.write(`review-guard: serving MCP over stdio for ${root}\n`);
    return;
  }
  // The connection cap is read once, at start; with a broken config, the default holds until a restart.
  const ready = await getService().catch((error: Error) => void onerror(error));
  const { maxConnections } = ready ? ready.loaded.config.mcp : ConfigSchema.parse({}).mcp;
  const server = await serveHttp(factory, { host: options.host, port: options.port, maxConnections, ...(options.token ? { token: options.token } : {}), onerror });
  ready?.warmModel();
  stderr.write(`review-guard: serving MCP over HTTP at ${server.url} for ${root}${options.token ? ' (bearer token required)' : ''}\n`);
  stopOnSignals(() => server.close());
}

/** `text` on one line, at most 300 characters (a zod error message is pretty-printed JSON). */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}
