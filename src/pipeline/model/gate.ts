/**
 * @fileoverview Bounds the model requests of one process. A local model
 * answers one or two requests at a time; without a bound, every concurrent
 * review (HTTP clients, tasks) would hold an open request and its prompt
 * while the model works through them. At most `maxConcurrent` chat requests
 * run; up to `maxQueued` wait their turn (in order, giving up with their
 * caller's signal); any more fail at once as `busy`, which costs the file
 * its model stage only — rule and index findings are still reported.
 */
import { ModelError } from '../../../models/errors.js';
import type { ChatRequest, ChatResponse, LlmClient } from '../../../models/llm-client.js';

interface ModelGateLimits {
  readonly maxConcurrent: number;
  readonly maxQueued: number;
}

export class ModelGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limits: ModelGateLimits) {}

  /** Requests running and waiting now. */
  get load(): { readonly running: number; readonly waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** `client` with every chat request passing through this gate. */
  wrap(client: LlmClient): LlmClient {
    // Preparing (reading the model's facts, waiting for its load) holds no slot: it sends no conversation.
    const prepare = client.prepare?.bind(client);
    const takeNotices = client.takeNotices?.bind(client);
    return { description: client.description, ...(prepare ? { prepare } : {}), ...(takeNotices ? { takeNotices } : {}), chat: (request) => this.run(client, request) };
  }

  private async run(client: LlmClient, request: ChatRequest): Promise<ChatResponse> {
    await this.enter(client.description, request.signal);
    try {
      return await client.chat(request);
    } finally {
      this.leave();
    }
  }

  private enter(model: string, signal: AbortSignal | undefined): Promise<void> {
    if (this.running < this.limits.maxConcurrent) {
      this.running++;
      return Promise.resolve();
    }
    const { maxConcurrent, maxQueued } = this.limits;
    if (this.waiting.length >= maxQueued) {
      return Promise.reject(
        new ModelError(
          'busy',
          `the model is busy: ${this.running} request(s) to ${model} running and ${this.waiting.length} waiting ` +
            `(model.maxConcurrent ${maxConcurrent}, model.maxQueued ${maxQueued}); review again when fewer reviews run at once`,
          { host: model },
        ),
      );
    }
    return new Promise((resolve, reject) => {
      const turn = (): void => {
        signal?.removeEventListener('abort', giveUp);
        this.running++;
        resolve();
      };
      const giveUp = (): void => {
        const at = this.waiting.indexOf(turn);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('the model request was cancelled while waiting for its turn'));
      };
      if (signal?.aborted) return giveUp();
      signal?.addEventListener('abort', giveUp, { once: true });
      this.waiting.push(turn);
    });
  }

  private leave(): void {
    this.running--;
    this.waiting.shift()?.();
  }
}
