/**
 * @fileoverview The Tasks extension's methods: tasks/get (status, and the
 * result, error or input requests inline), tasks/update (input responses)
 * and tasks/cancel (cooperative, always acknowledged). Errors as the
 * extension defines them: -32021 when the request does not declare the
 * extension, -32602 for an unknown (or expired) task. Every result says
 * `resultType: "complete"`, as 2026-07-28 results do (the SDK adds it only to
 * the methods it knows; ext-tasks' decoders reject a result without it).
 */
import { z } from 'zod';
import { MissingRequiredClientCapabilityError, ProtocolError, ProtocolErrorCode, type McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { declaresTasks, TASKS_EXTENSION } from '../request-capabilities.js';
import type { TaskManager } from './task-manager.js';
import type { TaskRecord } from './task-store.js';

const TaskIdParams = z.looseObject({ taskId: z.string().min(1) });
const UpdateParams = z.looseObject({ taskId: z.string().min(1), inputResponses: z.record(z.string(), z.unknown()).default({}) });

/** Registers tasks/get, tasks/update and tasks/cancel on `mcp`. */
export function registerTaskMethods(mcp: McpServer, tasks: TaskManager): void {
  mcp.server.setRequestHandler('tasks/get', { params: TaskIdParams }, async (params, ctx) => {
    requireExtension(ctx);
    return { ...toDetailedTask(await known(tasks, params.taskId)), resultType: 'complete' };
  });
  mcp.server.setRequestHandler('tasks/update', { params: UpdateParams }, async (params, ctx) => {
    requireExtension(ctx);
    // The SDK lifts inputResponses out of the params into the context; accept either place.
    const responses = { ...params.inputResponses, ...ctx.mcpReq.inputResponses };
    if (!(await tasks.deliver(params.taskId, responses))) throw unknownTask(params.taskId);
    return { resultType: 'complete' };
  });
  mcp.server.setRequestHandler('tasks/cancel', { params: TaskIdParams }, async (params, ctx) => {
    requireExtension(ctx);
    if (!(await tasks.cancel(params.taskId))) throw unknownTask(params.taskId);
    return { resultType: 'complete' };
  });
}

function requireExtension(ctx: ServerContext): void {
  if (!declaresTasks(ctx)) {
    throw new MissingRequiredClientCapabilityError(
      { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
      `Missing required client capability: declare the ${TASKS_EXTENSION} extension in the request's client capabilities`,
    );
  }
}

async function known(tasks: TaskManager, taskId: string): Promise<TaskRecord> {
  const task = await tasks.store.get(taskId);
  if (!task) throw unknownTask(taskId);
  return task;
}

function unknownTask(taskId: string): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, `Failed to retrieve task: no task ${taskId} (unknown, or expired after its ttlMs)`);
}

/** The extension's DetailedTask: status-specific payload inline, nothing internal. */
function toDetailedTask(task: TaskRecord): Record<string, unknown> {
  const { result, error, inputRequests, ...base } = task;
  return {
    ...base,
    ...(task.status === 'completed' && result ? { result: { ...result, resultType: 'complete' } } : {}),
    ...(task.status === 'failed' && error ? { error } : {}),
    ...(task.status === 'input_required' && inputRequests ? { inputRequests } : {}),
  };
}
