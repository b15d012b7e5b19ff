/**
 * @fileoverview What the client declared on this very request. On the
 * 2026-07-28 revision capabilities travel in each request's `_meta`
 * envelope; the Tasks extension counts only when declared there ("a server
 * MUST NOT return CreateTaskResult to a client that did not include the
 * extension capability on its request, regardless of prior declarations").
 */
import { z } from 'zod';
import { CLIENT_CAPABILITIES_META_KEY, type Server, type ServerContext } from '@modelcontextprotocol/server';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

const EnvelopeCapabilitiesSchema = z.looseObject({
  extensions: z.record(z.string(), z.unknown()).optional(),
  elicitation: z.unknown().optional(),
});

type RequestCapabilities = z.infer<typeof EnvelopeCapabilitiesSchema>;

function requestCapabilities(ctx: ServerContext): RequestCapabilities | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const parsed = EnvelopeCapabilitiesSchema.safeParse(envelope?.[CLIENT_CAPABILITIES_META_KEY]);
  return parsed.success ? parsed.data : undefined;
}

/** The request declares the Tasks extension in its per-request capabilities. */
export function declaresTasks(ctx: ServerContext): boolean {
  return requestCapabilities(ctx)?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/**
 * The client can answer an elicitation for this request: declared in the
 * request's envelope (2026-07-28), or at initialize on a 2025-era stdio
 * connection (the SDK pushes elicitation/create there; stateless HTTP
 * cannot push to a 2025-era client).
 */
export function declaresElicitation(ctx: ServerContext, server: Server): boolean {
  const perRequest = requestCapabilities(ctx);
  if (perRequest) return perRequest.elicitation !== undefined;
  return ctx.http === undefined && server.getClientCapabilities()?.elicitation !== undefined;
}
