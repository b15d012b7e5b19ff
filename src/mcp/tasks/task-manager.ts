/**
 * @fileoverview Runs tool work as a task: creates the task in the store,
 * returns its handle, then works in the background, writing status
 * messages as it goes and the result (or the JSON-RPC error) at the end.
 * Cancellation is cooperative: the work's signal aborts, the review stops
 * at its next file boundary and the in-flight model request is aborted.
 * One manager per process; the per-request MCP servers share it.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { UserError, type McpConfig } from '../../pipeline/index.js';
import type { CreateTaskResult } from '../tool-router.js';
import { isTerminal, type TaskPatch, type TaskRecord, type TaskStore } from './task-store.js';

interface TaskSettings {
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  /** Tasks that may run (or wait for input) at once; one more is refused as busy. */
  readonly maxRunning: number;
}

/** A task's settings from the `mcp` config. */
export function taskSettingsOf(mcp: McpConfig): TaskSettings {
  return { ttlMs: mcp.taskTtlMs, pollIntervalMs: mcp.taskPollIntervalMs, maxRunning: mcp.maxTasks };
}

/** What running work sees of its task. */
interface RunningTask {
  readonly taskId: string;
  /** Aborted when a client cancels the task. */
  readonly signal: AbortSignal;
  /** Sets the status message ("file 3/12: asking the model"). */
  report(message: string): void;
  /**
   * Moves the task to input_required with `inputRequests` and resolves with the
   * responses once every key is answered (tasks/update), or with what arrived
   * when the task is cancelled or half its TTL has passed.
   */
  ask(inputRequests: Record<string, unknown>, statusMessage: string): Promise<Record<string, unknown>>;
}

interface PendingInput {
  readonly outstanding: Set<string>;
  readonly responses: Record<string, unknown>;
  readonly done: (responses: Record<string, unknown>) => void;
}

type TaskWork = (task: RunningTask) => Promise<{ readonly result: CallToolResult; readonly summary: string }>;

export class TaskManager {
  private readonly running = new Map<string, { readonly controller: AbortController; done?: Promise<void> }>();
  private readonly pendingInput = new Map<string, PendingInput>();
  /** Tasks being created: counted against the cap before their store write, so concurrent starts cannot pass it. */
  private creating = 0;
  private closing = false;

  constructor(readonly store: TaskStore) {}

  /**
   * Creates the task (durably, before the handle is returned) and starts
   * `work`. With `settings.maxRunning` tasks unfinished, throws a UserError
   * saying the server is busy (a tool error result, as a busy model is a
   * notice): each task holds a review's memory until it ends.
   */
  async start(statusMessage: string, settings: TaskSettings, work: TaskWork): Promise<CreateTaskResult> {
    const unfinished = this.running.size + this.creating;
    if (unfinished >= settings.maxRunning) {
      throw new UserError(
        `the server is busy: ${unfinished} task(s) running (mcp.maxTasks ${settings.maxRunning}); ` +
          'poll them with tasks/get, and call again when one has finished',
      );
    }
    const { ttlMs, pollIntervalMs } = settings;
    this.creating++;
    const task = await this.store.create({ ttlMs, pollIntervalMs, statusMessage }).finally(() => this.creating--);
    const entry = { controller: new AbortController() } as { controller: AbortController; done?: Promise<void> };
    this.running.set(task.taskId, entry);
    entry.done = this.run(task.taskId, entry.controller, work);
    return toCreateTaskResult(task);
  }

  /**
   * Asks the task to stop; false when no such task exists. A finished task
   * stays as it was (the cancel is still acknowledged).
   */
  async cancel(taskId: string): Promise<boolean> {
    const task = await this.store.get(taskId);
    if (!task) return false;
    if (isTerminal(task.status)) return true;
    await this.store.update(taskId, { statusMessage: 'cancelling: stopping at the next file' });
    this.running.get(taskId)?.controller.abort(new Error('the task was cancelled (tasks/cancel)'));
    return true;
  }

  /**
   * Hands input responses to a task waiting for them; keys that are not
   * outstanding are ignored, as the extension says. False for an unknown task.
   */
  async deliver(taskId: string, responses: Record<string, unknown>): Promise<boolean> {
    if (!(await this.store.get(taskId))) return false;
    const pending = this.pendingInput.get(taskId);
    if (!pending) return true;
    for (const [key, value] of Object.entries(responses)) {
      if (pending.outstanding.delete(key)) pending.responses[key] = value;
    }
    if (pending.outstanding.size === 0) pending.done(pending.responses);
    return true;
  }

  /** Shutting down: cancels every running task and waits until each has stopped. */
  async close(): Promise<void> {
    this.closing = true;
    const entries = [...this.running.values()];
    for (const entry of entries) entry.controller.abort(new Error('the server is shutting down'));
    await Promise.all(entries.map((entry) => entry.done));
  }

  private async run(taskId: string, controller: AbortController, work: TaskWork): Promise<void> {
    // Status writes are chained so a late progress message never overwrites the final state.
    let writes: Promise<unknown> = Promise.resolve();
    const write = (patch: TaskPatch): Promise<unknown> => (writes = writes.then(() => this.store.update(taskId, patch)).catch(() => undefined));
    const running: RunningTask = {
      taskId,
      signal: controller.signal,
      report: (message) => {
        if (!controller.signal.aborted) void write({ statusMessage: message });
      },
      ask: (inputRequests, statusMessage) => this.ask(taskId, controller.signal, inputRequests, statusMessage, write),
    };
    try {
      const { result, summary } = await work(running);
      // Work that finished before it noticed the cancel is complete: its result is worth keeping.
      await write({ status: 'completed', statusMessage: summary, result: { ...result } });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await write(controller.signal.aborted ? cancelled(this.closing) : { status: 'failed', statusMessage: `failed: ${message}`, error: { code: -32603, message } });
    } finally {
      this.running.delete(taskId);
    }
  }

  private async ask(
    taskId: string,
    signal: AbortSignal,
    inputRequests: Record<string, unknown>,
    statusMessage: string,
    write: (patch: TaskPatch) => Promise<unknown>,
  ): Promise<Record<string, unknown>> {
    const task = await this.store.get(taskId);
    const waitMs = (task?.ttlMs ?? 60_000) / 2;
    const responses = await new Promise<Record<string, unknown>>((resolve) => {
      const answers: Record<string, unknown> = {};
      const finish = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', finish);
        this.pendingInput.delete(taskId);
        resolve(answers);
      };
      const timer = setTimeout(finish, waitMs);
      signal.addEventListener('abort', finish, { once: true });
      this.pendingInput.set(taskId, { outstanding: new Set(Object.keys(inputRequests)), responses: answers, done: finish });
      void write({ status: 'input_required', statusMessage, inputRequests });
    });
    if (!signal.aborted) await write({ status: 'working', statusMessage: 'answers received, finishing the review' });
    return responses;
  }
}

function cancelled(byShutdown: boolean): TaskPatch {
  const by = byShutdown ? 'the server is shutting down' : 'cancelled by the client';
  return { status: 'cancelled', statusMessage: `${by}; files after the current one were not reviewed` };
}

/** The handle `tools/call` answers with. */
function toCreateTaskResult(task: TaskRecord): CreateTaskResult {
  return {
    resultType: 'task',
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage !== undefined ? { statusMessage: task.statusMessage } : {}),
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: task.ttlMs,
    pollIntervalMs: task.pollIntervalMs,
  };
}
