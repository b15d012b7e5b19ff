/**
 * @fileoverview The MCP server factory. It holds no state of its own: the
 * review service (config, warm index, model client) is created once by the
 * caller and shared by every server instance the transport asks for.
 */
import { McpServer } from '@modelcontextprotocol/server';
import type { ReviewService } from '../pipeline/index.js';
import { VERSION } from '../version.js';
import { registerReviewTool } from './review-tool.js';

export const SERVER_NAME = 'review-guard';

const INSTRUCTIONS =
  'review-guard is a local code reviewer. After editing source files, call review_code with the ' +
  'changed paths and fix every "error" finding; a duplicate finding names the existing code to reuse.';

/** A fresh server with review-guard's tools, for one connection or request. */
export function createMcpServer(service: () => Promise<ReviewService>): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  registerReviewTool(server, service);
  return server;
}
