/**
 * @fileoverview The ceiling of the model path on a written set: an oracle
 * double of Ollama (the test suite's fake, a real HTTP server on loopback
 * speaking Ollama's API) that knows which candidate is the original. It
 * reads every candidate listing the model stage sends (the first turn's
 * list, then the answers to its searches); when one lists the original it
 * reports a duplicate citing that candidate, else it searches once by each
 * declaration of the file and then answers "no findings". So the model path
 * finds a copy exactly when the product showed the model its original: what
 * a perfect judge could do with what review-guard gives it.
 */
import { startFakeOllama, type FakeChatRequest, type FakeOllama, type FakeReply } from '../../../test/helpers/fake-ollama.js';
import type { WrittenCopy } from './set.js';

const LISTING = /candidate (\S+): (\S+):(\d+)-\d+ symbol /g;

/** What the oracle is told about the copy under review. */
interface OracleTarget {
  readonly original?: WrittenCopy['original'];
  /** The declarations of the reviewed file, searched by name when the first list lacks the original. */
  readonly symbols: readonly string[];
}

/** The oracle server and what it saw for the current copy. */
export class WrittenOracle {
  private target: OracleTarget = { symbols: [] };
  /** The current copy's original appeared in a listing. */
  shown = false;

  private constructor(private readonly server: FakeOllama) {}

  static async start(): Promise<WrittenOracle> {
    let oracle: WrittenOracle | undefined;
    const server = await startFakeOllama((request) => oracle!.reply(request), { contextLength: 32_768 });
    oracle = new WrittenOracle(server);
    return oracle;
  }

  get url(): string {
    return this.server.url;
  }

  /** Starts a new copy. */
  aim(target: OracleTarget): void {
    this.target = target;
    this.shown = false;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private reply(request: FakeChatRequest): FakeReply {
    const { original, symbols } = this.target;
    const text = request.messages.map((m) => m.content).join('\n');
    for (const [, id, file, line] of text.matchAll(LISTING)) {
      if (original && file === original.file && Number(line) === original.startLine) {
        this.shown = true;
        return { content: JSON.stringify({ findings: [{ rule: 'duplicate', severity: 'warning', message: `duplicates ${original.symbol}`, related: { candidate: id } }] }) };
      }
    }
    const searched = request.messages.some((m) => m.role === 'tool');
    if (searched || symbols.length === 0 || !request.tools?.length) return { content: '{"findings":[]}' };
    return { tool_calls: symbols.map((symbol) => ({ function: { name: 'search_similar_code', arguments: { symbol } } })) };
  }
}
