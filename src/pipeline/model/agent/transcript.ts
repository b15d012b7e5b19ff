/**
 * @fileoverview The model transcript as text for `--verbose` and the debug
 * log: every message of the conversation once, as it is added, with the
 * turn and the token counts Ollama reported.
 */
import type { ChatMessage, ChatResponse } from '../../../../models/llm-client.js';

/** Receives transcript text, one message (possibly several lines) per call. */
export type TranscriptSink = (text: string) => void;

/** Writes the messages of one file's review to a sink. */
export class Transcript {
  constructor(
    private readonly file: string,
    private readonly sink: TranscriptSink | undefined,
  ) {}

  /** A message the loop sent (system, user, tool, repair). */
  sent(message: ChatMessage): void {
    const label = message.role === 'tool' ? `tool ${message.tool_name ?? ''}`.trimEnd() : message.role;
    this.write(label, message.content);
  }

  /** A reply of the model, with the request's turn number and tokens. */
  received(turn: number, response: ChatResponse): void {
    const tokens =
      response.promptEvalCount !== undefined || response.evalCount !== undefined
        ? `, ${response.promptEvalCount ?? '?'} prompt + ${response.evalCount ?? '?'} output tokens`
        : '';
    const calls = (response.message.tool_calls ?? []).map(
      (call) => `→ ${call.function.name} ${typeof call.function.arguments === 'string' ? call.function.arguments : JSON.stringify(call.function.arguments)}`,
    );
    this.write(`assistant (turn ${turn}${tokens})`, [response.message.content, ...calls].filter((part) => part !== '').join('\n'));
  }

  /** Something the loop decided: a parse problem, a dropped finding, why it stopped. */
  note(text: string): void {
    this.write('review-guard', text);
  }

  private write(label: string, content: string): void {
    this.sink?.(`── model ${this.file} ── ${label}\n${content}`);
  }
}
