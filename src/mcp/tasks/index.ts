/**
 * @fileoverview The Tasks extension: the task store (`task-store.ts`), the manager
 * that runs a review as a task with live status (`task-manager.ts`) and the
 * `tasks/*` methods (`methods.ts`).
 */
export { registerTaskMethods } from './methods.js';
export { TaskManager, taskSettingsOf } from './task-manager.js';
export { InMemoryTaskStore, type TaskRecord } from './task-store.js';
