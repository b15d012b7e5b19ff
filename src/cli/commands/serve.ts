/**
 * @fileoverview `review-guard serve`: the MCP server over stdio. The era of
 * each connection (2025 initialize or 2026-07-28 discover) is the SDK's call.
 */
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createMcpServer } from '../../mcp/server.js';
import { createReviewService, type ReviewService } from '../../pipeline/index.js';
import type { CliArgs } from '../args.js';
import { workspaceRoot } from '../root.js';
import { exitOnSignals } from '../shutdown.js';

/** Starts serving and returns; the server runs until the client closes stdin, or SIGTERM/SIGINT (shutdown.ts). */
export function runServe(args: CliArgs, cwd: string, stderr: NodeJS.WriteStream): void {
  const root = workspaceRoot(cwd, args.root);
  let service: Promise<ReviewService> | undefined;
  // A broken config must not stop the server: review_code reports it as an error result instead.
  const getService = (): Promise<ReviewService> => (service ??= createReviewService({ root }));
  getService().catch((error: Error) => stderr.write(`review-guard: ${error.message}\n`));
  const handle = serveStdio(() => createMcpServer(getService), {
    // Garbage on stdin must not flood the host's log: one short line per bad message.
    onerror: (error) => stderr.write(`review-guard: ${oneLine(error.message)}\n`),
  });
  exitOnSignals(async () => {
    await handle.close();
    (await service?.catch(() => undefined))?.close();
  }, stderr);
  stderr.write(`review-guard: serving MCP over stdio for ${root}\n`);
}

/** `text` on one line, at most 300 characters (a zod error message is pretty-printed JSON). */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}
