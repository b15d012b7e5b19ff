/**
 * @fileoverview Tasks of the 2026-07-28 Tasks extension: the record shape,
 * the store port (so a shared store can replace the in-memory one when
 * several server processes serve one client) and the in-memory store.
 * A task exists in the store before its handle is returned; expired tasks
 * are purged; ids are random UUIDs from node:crypto, so they cannot be guessed.
 */
import { randomUUID } from 'node:crypto';

const TASK_STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
type TaskStatus = (typeof TASK_STATUSES)[number];

const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

/** Whether a task in this status will never change again. */
export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL.has(status);
}

/** A task as `tasks/get` reports it (a DetailedTask of the extension). */
export interface TaskRecord {
  readonly taskId: string;
  readonly status: TaskStatus;
  readonly statusMessage?: string;
  /** ISO 8601. */
  readonly createdAt: string;
  readonly lastUpdatedAt: string;
  /** Lifetime from creation. */
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  /** The final CallToolResult, when completed. */
  readonly result?: Record<string, unknown>;
  /** The JSON-RPC error `{code, message}`, when failed. */
  readonly error?: { readonly code: number; readonly message: string };
  /** Outstanding input requests, when input_required. */
  readonly inputRequests?: Record<string, unknown>;
}

export type TaskPatch = Partial<Pick<TaskRecord, 'status' | 'statusMessage' | 'result' | 'error' | 'inputRequests'>>;

/** The store port. Every method is async so a shared (networked) store fits. */
export interface TaskStore {
  /** Creates a working task; resolves once `get` would find it. */
  create(init: { readonly ttlMs: number; readonly pollIntervalMs: number; readonly statusMessage: string }): Promise<TaskRecord>;
  /** The task, or undefined when unknown or expired. */
  get(taskId: string): Promise<TaskRecord | undefined>;
  /**
   * Applies `patch` unless the task is already terminal (a finished task never
   * changes status again); returns the task as stored afterwards.
   */
  update(taskId: string, patch: TaskPatch): Promise<TaskRecord | undefined>;
  /** Stops background purging. */
  close(): void;
}

export interface InMemoryTaskStoreOptions {
  /** Clock, for tests. */
  readonly now?: () => number;
  /** How often expired tasks are purged in the background (ms); they are also purged on access. */
  readonly purgeIntervalMs?: number;
}

/** Tasks in a Map of this process. */
export class InMemoryTaskStore implements TaskStore {
  private readonly tasks = new Map<string, TaskRecord>();
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout;

  constructor(options: InMemoryTaskStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.timer = setInterval(() => this.purge(), options.purgeIntervalMs ?? 60_000);
    // Purging must never keep the process alive.
    this.timer.unref();
  }

  async create(init: { ttlMs: number; pollIntervalMs: number; statusMessage: string }): Promise<TaskRecord> {
    const at = new Date(this.now()).toISOString();
    const task: TaskRecord = { taskId: randomUUID(), status: 'working', statusMessage: init.statusMessage, createdAt: at, lastUpdatedAt: at, ttlMs: init.ttlMs, pollIntervalMs: init.pollIntervalMs };
    this.tasks.set(task.taskId, task);
    return task;
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const task = this.tasks.get(taskId);
    if (task && this.expired(task)) {
      this.tasks.delete(taskId);
      return undefined;
    }
    return task;
  }

  async update(taskId: string, patch: TaskPatch): Promise<TaskRecord | undefined> {
    const task = await this.get(taskId);
    if (!task || isTerminal(task.status)) return task;
    const next: TaskRecord = { ...task, ...patch, lastUpdatedAt: new Date(this.now()).toISOString() };
    // Input requests belong to the input_required status only.
    if (next.status !== 'input_required') delete (next as { inputRequests?: unknown }).inputRequests;
    this.tasks.set(taskId, next);
    return next;
  }

  /** Drops every expired task; returns how many. */
  purge(): number {
    let dropped = 0;
    for (const [id, task] of this.tasks) {
      if (this.expired(task)) {
        this.tasks.delete(id);
        dropped++;
      }
    }
    return dropped;
  }

  close(): void {
    clearInterval(this.timer);
  }

  private expired(task: TaskRecord): boolean {
    return Date.parse(task.createdAt) + task.ttlMs <= this.now();
  }
}
