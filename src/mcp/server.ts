/**
 * @fileoverview The MCP server factory. It holds no state of its own: the
 * review service (config, warm index, model client) and the task manager
 * are created once per process by the caller and shared by every server
 * instance the transport asks for (one per connection or per request).
 */
import { McpServer, type McpServerOptions, type ProtocolEra, type RequestStateCodec, type Transport } from '@modelcontextprotocol/server';
import { indexStatusTool, refreshIndexTool, searchSimilarCodeTool } from './index-tools.js';
import { registerPrompts } from './prompts.js';
import type { ReviewService } from '../pipeline/index.js';
import { PACKAGE_NAME, VERSION } from '../version.cjs';
import { TASKS_EXTENSION } from './request-capabilities.js';
import { registerResources } from './resources.js';
import { reviewTool, type PendingAnswers } from './review-tool.js';
import type { TaskManager } from './tasks/index.js';
import { registerTaskMethods } from './tasks/index.js';
import { routeTools } from './tool-router.js';
import { withWireFixes } from './transport/index.js';

const SERVER_NAME = PACKAGE_NAME;

const INSTRUCTIONS =
  'review-guard is a local code reviewer. After editing source files, call review_code with the ' +
  'changed paths and fix every "error" finding; a duplicate finding names the existing code to reuse. ' +
  'Before writing a helper, call search_similar_code to check whether it already exists.';

interface McpServerDeps {
  /** May reject with a ConfigError; tools then answer with an error result. */
  readonly service: () => Promise<ReviewService>;
  /** Absent: no Tasks extension, every review is answered synchronously. */
  readonly tasks?: TaskManager;
  /** Signs the state between the rounds of a duplicate question; absent: no questions are asked. */
  readonly stateCodec?: RequestStateCodec<PendingAnswers>;
}

/** McpServer whose outbound messages get review-guard's wire corrections (wire-fixes.ts) for its era. */
class CorrectedMcpServer extends McpServer {
  constructor(
    options: McpServerOptions,
    private readonly era: ProtocolEra,
  ) {
    super({ name: SERVER_NAME, version: VERSION }, options);
  }

  override connect(transport: Transport): Promise<void> {
    return super.connect(withWireFixes(transport, this.era));
  }
}

/**
 * A fresh server with review-guard's tools, for one connection or request;
 * `context.era` is the SDK's word on which era it serves (2025 without it).
 */
export function createMcpServer(deps: McpServerDeps, context: { readonly era?: ProtocolEra } = {}): McpServer {
  const server = new CorrectedMcpServer(
    {
      capabilities: { tools: {}, resources: {}, prompts: {}, ...(deps.tasks ? { extensions: { [TASKS_EXTENSION]: {} } } : {}) },
      instructions: INSTRUCTIONS,
      // Echoed requestState is verified (signature, expiry) before any handler sees it.
      ...(deps.stateCodec ? { requestState: { verify: deps.stateCodec.verify } } : {}),
    },
    context.era ?? 'legacy',
  );
  routeTools(server, [reviewTool(deps), searchSimilarCodeTool(deps.service), indexStatusTool(deps.service), refreshIndexTool(deps)]);
  registerResources(server, deps.service);
  registerPrompts(server);
  if (deps.tasks) registerTaskMethods(server, deps.tasks);
  return server;
}
