/**
 * @fileoverview The `review_code` tool. Small reviews (or clients without
 * the Tasks extension) are answered synchronously, with progress
 * notifications and a time budget under the hosts' ~60 s call timeout;
 * larger ones, when the request declares the extension, become a task.
 * Findings are a result (`isError: false`); only a review that could not
 * run at all is an error.
 */
import { inputRequired, type CallToolResult, type RequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import { ReviewRequestSchema, ReviewResultSchema, UserError, type McpConfig, type ReviewRequest, type ReviewResult, type ReviewService } from '../pipeline/index.js';
import { formatText } from '../report/text.js';
import { applyAnswers, duplicateQuestions, questionRequests, type DuplicateQuestion } from './duplicate-questions.js';
import { checkPendingAnswers, requestBinding, type Execution, type PendingAnswers } from './pending-answers.js';
import { progressTracker } from './progress.js';
import { progressNotifier } from './progress-notifier.js';
import { declaresElicitation, declaresTasks } from './request-capabilities.js';
import { taskSettingsOf, type TaskManager } from './tasks/index.js';
import { defineTool, type ToolDefinition, type ToolReply } from './tool-router.js';

const REVIEW_TOOL_DESCRIPTION =
  'Review changed source files before you move on: checks the house rules (code lines per file, ' +
  'naming conventions) and searches the repository for existing code that the change duplicates, ' +
  'so you can call the existing function instead of writing another variant. Call it after every ' +
  'change to source files and before committing, with the paths you changed; fix every finding of ' +
  'severity "error". Returns findings {file, line, rule, severity, message, related, suggestion} ' +
  'and a per-file summary. Runs locally: code goes to no other machine unless model.allowRemoteHost is set.';

/** Where a result says how it was produced (in `_meta`). */
const EXECUTION_META_KEY = 'review-guard/execution';

interface ReviewToolDeps {
  /** May reject with a ConfigError, reported as an error result. */
  readonly service: () => Promise<ReviewService>;
  /** Absent: every review is synchronous. */
  readonly tasks?: TaskManager;
  /** Signs the state carried between the rounds of a question; absent: no questions. */
  readonly stateCodec?: RequestStateCodec<PendingAnswers>;
}

export type { PendingAnswers };

/** Sync or task, decided per request. */
function chooseExecution(fileCount: number, config: McpConfig, tasksDeclared: boolean): Execution {
  const size = `${fileCount} file(s), task threshold ${config.taskThreshold}`;
  if (fileCount <= config.taskThreshold) return { mode: 'sync', reason: `${size}: small enough to answer at once` };
  if (!tasksDeclared) return { mode: 'sync', reason: `${size}, but the request does not declare the io.modelcontextprotocol/tasks extension` };
  return { mode: 'task', reason: `${size}: reviewed as a task` };
}

export function reviewTool(deps: ReviewToolDeps): ToolDefinition {
  return defineTool({
    name: 'review_code',
    title: 'Review changed code',
    description: REVIEW_TOOL_DESCRIPTION,
    inputSchema: ReviewRequestSchema,
    outputSchema: ReviewResultSchema,
    // It writes only its own index cache under .review-guard/; the user's files are never changed.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: async (args, ctx, server): Promise<ToolReply> => {
      const service = await deps.service();
      // A retry carrying answers: the review is in the (verified) state, only the answers are new.
      const state = ctx.mcpReq.requestState<unknown>();
      if (state !== undefined) {
        const pending = checkPendingAnswers(state, requestBinding(service.root, args));
        return answered(service, pending.result, pending.questions, ctx.mcpReq.inputResponses, pending.execution);
      }
      const { mcp } = service.loaded.config;
      const execution = chooseExecution(args.files.length, mcp, deps.tasks !== undefined && declaresTasks(ctx));
      const canAsk = deps.stateCodec !== undefined && declaresElicitation(ctx, server);
      if (execution.mode === 'task' && deps.tasks) return startTask(deps.tasks, service, args, mcp, execution, canAsk);
      const result = await reviewNow(service, args, ctx, mcp);
      const questions = canAsk ? await duplicateQuestions(result, service.root) : [];
      if (questions.length === 0 || !deps.stateCodec) return toToolResult(result, execution);
      return inputRequired({ inputRequests: questionRequests(questions), requestState: await deps.stateCodec.mint({ request: requestBinding(service.root, args), result, questions, execution }) });
    },
  });
}

async function reviewNow(service: ReviewService, args: ReviewRequest, ctx: ServerContext, mcp: McpConfig): Promise<ReviewResult> {
  const notify = progressNotifier(ctx);
  const track = progressTracker(args.files.length);
  return service.review(args, {
    signal: ctx.mcpReq.signal,
    deadline: Date.now() + mcp.timeBudgetMs,
    ...(notify === undefined
      ? {}
      : {
          onEvent: (event) => {
            const step = track(event);
            if (step) notify(step);
          },
        }),
  });
}

/** The findings shaped by the client's answers; accepted pairs are recorded. */
async function answered(
  service: ReviewService,
  result: ReviewResult,
  questions: readonly DuplicateQuestion[],
  responses: Record<string, unknown> | undefined,
  execution: Execution,
): Promise<CallToolResult> {
  const applied = applyAnswers(result, questions, responses);
  const notes = [...applied.notes];
  // The answer still shapes this reply; a record that cannot be written (a link in the way) is said, not thrown.
  const unknown = await service.acceptDuplicates(applied.accepted).catch((error: unknown) => {
    if (!(error instanceof UserError)) throw error;
    notes.push(`The accepted pair(s) were not recorded, so they may be reported again: ${error.message}`);
    return [];
  });
  if (unknown.length > 0) notes.push(`${unknown.length} accepted pair(s) were not recorded: they name code the index does not hold (changed or removed since the review)`);
  const reply = toToolResult(applied.result, execution);
  reply.content.push({ type: 'text', text: notes.join('\n') });
  return reply;
}

function startTask(tasks: TaskManager, service: ReviewService, args: ReviewRequest, mcp: McpConfig, execution: Execution, canAsk: boolean): Promise<ToolReply> {
  return tasks.start(`starting: ${execution.reason}`, taskSettingsOf(mcp), async (task) => {
    const track = progressTracker(args.files.length);
    const result = await service.review(args, {
      signal: task.signal,
      onEvent: (event) => {
        const step = track(event);
        if (step) task.report(step.message);
      },
    });
    const questions = canAsk ? await duplicateQuestions(result, service.root) : [];
    let reply = toToolResult(result, execution);
    if (questions.length > 0) {
      const responses = await task.ask(questionRequests(questions), `waiting for answers: ${questions.length} near-certain duplicate(s), reuse or accept?`);
      task.signal.throwIfAborted();
      reply = await answered(service, result, questions, responses, execution);
    }
    const { counts } = (reply.structuredContent as ReviewResult).summary;
    return { result: reply, summary: `completed: ${counts.error} error, ${counts.warning} warning, ${counts.info} info` };
  });
}

function toToolResult(result: ReviewResult, execution: Execution): CallToolResult {
  const files = result.summary.files;
  // Nothing could be read at all: that is a failed call, not an empty review.
  const nothingReviewed = files.length > 0 && files.every((f) => f.status === 'error');
  return {
    content: [{ type: 'text', text: formatText(result) }],
    structuredContent: result,
    isError: nothingReviewed,
    _meta: { [EXECUTION_META_KEY]: execution },
  };
}
