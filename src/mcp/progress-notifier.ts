/**
 * @fileoverview MCP progress notifications for one tool call: bound to the
 * progress token the request carries, and only when it carries one.
 */
import type { ServerContext } from '@modelcontextprotocol/server';
import type { ProgressStep } from './progress.js';

/**
 * A sender of `notifications/progress` for the request in `ctx`, or
 * undefined when the request asked for none (no `_meta.progressToken`), so a
 * caller can skip the work of producing steps. Steps that do not advance are
 * dropped: MCP requires progress to increase with every notification.
 */
export function progressNotifier(ctx: ServerContext): ((step: ProgressStep) => void) | undefined {
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === undefined) return undefined;
  let last = 0;
  return (step) => {
    if (step.progress <= last) return;
    last = step.progress;
    // A lost progress notification must not fail the call.
    ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, ...step } }).catch(() => undefined);
  };
}
