/**
 * @fileoverview `review-guard serve`: the MCP server over stdio. The era of
 * each connection (2025 initialize or 2026-07-28 discover) is the SDK's call.
 * The review service and the task store live once per process.
 */
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createMcpServer } from '../../mcp/server.js';
import { TaskManager } from '../../mcp/task-manager.js';
import { InMemoryTaskStore } from '../../mcp/task-store.js';
import { createReviewService, type ReviewService } from '../../pipeline/index.js';
import type { CliArgs } from '../args.js';
import { workspaceRoot } from '../root.js';

/** Starts serving and returns; the server runs until the client closes stdin. */
export function runServe(args: CliArgs, cwd: string, stderr: NodeJS.WriteStream): void {
  const root = workspaceRoot(cwd, args.root);
  let service: Promise<ReviewService> | undefined;
  // A broken config must not stop the server: review_code reports it as an error result instead.
  const getService = (): Promise<ReviewService> => (service ??= createReviewService({ root }));
  getService().catch((error: Error) => stderr.write(`review-guard: ${error.message}\n`));
  const tasks = new TaskManager(new InMemoryTaskStore());
  serveStdio(() => createMcpServer({ service: getService, tasks }), {
    onerror: (error) => stderr.write(`review-guard: ${error.message}\n`),
  });
  stderr.write(`review-guard: serving MCP over stdio for ${root}\n`);
}
