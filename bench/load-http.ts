/**
 * @fileoverview A bounded load test of `review-guard serve --http` on
 * loopback: the sample repository, a fake Ollama that answers slowly (the
 * suite's scripted fake), and many concurrent clients sending `review_code`
 * — synchronous single files, and two-file tasks polled with tasks/get.
 * Reports throughput, p50/p95 latency per operation, the server's RSS
 * (before, peak, after) and whether every result under load equals the
 * result of the same call made alone ("busy" results — the model gate
 * refused the model stage — are counted apart and must keep every
 * deterministic finding).
 *
 * The load runs in rounds with an idle pause after each: RSS that keeps
 * climbing from one round's end to the next is a leak; a plateau is V8
 * keeping its heap.
 *
 * A task the server refuses because `mcp.maxTasks` tasks are running is
 * counted as "refused" (the cap at work, not a wrong result).
 *
 * Usage: node dist/bench/load-http.js [--duration 12] [--rounds 2] [--clients 24] [--model-delay-ms 300] [--task-every 4] [--json out.json]
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startFakeOllama } from '../test/helpers/fake-ollama.js';
import { rpc } from '../test/reliability/http-support.js';
import { startServeHttp } from '../test/support/cli.js';
import { copySampleRepo } from '../test/support/sample-repo.js';
import { summarize, type Summary } from './lib/stats.js';

const FILES = ['src/handler/settings.ts', 'src/report/messages.ts', 'src/handler/http-handler.ts', 'src/util/strings.ts'];
const TASK_FILES = ['src/handler/settings.ts', 'src/config/load.ts'];
const MAX_DURATION_S = 120;

const USAGE =
  'Usage: node dist/bench/load-http.js [--duration 12] [--rounds 2] [--clients 24] [--model-delay-ms 300] [--task-every 4] [--json out.json]\n' +
  '  --duration S        seconds of load per round (1-120)\n' +
  '  --rounds N          rounds, each followed by 5 s idle and an RSS reading (1-5)\n' +
  '  --clients N         concurrent clients (1-128)\n' +
  '  --model-delay-ms N  how long the fake Ollama takes per chat request\n' +
  '  --task-every N      every Nth call of a client is a two-file task (0: none)\n' +
  '  --json FILE         also write the report as JSON';

function options(argv: readonly string[]) {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      duration: { type: 'string', default: '12' },
      rounds: { type: 'string', default: '2' },
      clients: { type: 'string', default: '24' },
      'model-delay-ms': { type: 'string', default: '300' },
      'task-every': { type: 'string', default: '4' },
      json: { type: 'string' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const int = (name: string, text: string, min: number, max: number): number => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} ${text}: expected an integer from ${min} to ${max}`);
    return n;
  };
  return {
    durationS: int('duration', values.duration, 1, MAX_DURATION_S),
    rounds: int('rounds', values.rounds, 1, 5),
    clients: int('clients', values.clients, 1, 128),
    modelDelayMs: int('model-delay-ms', values['model-delay-ms'], 0, 60_000),
    taskEvery: int('task-every', values['task-every'], 0, 1000),
    json: values.json,
  };
}

interface Finding {
  readonly fingerprint: string;
  readonly rule: string;
  readonly source: string;
  readonly message: string;
}
interface Review {
  readonly findings: readonly Finding[];
}
type Verdict = 'identical' | 'busy' | 'refused' | 'mismatch' | 'error';
/** A task the server refused because mcp.maxTasks were running. */
const REFUSED = 'refused';

/** Findings in a fixed order, as text; `deterministic` drops what the model stage added or reported. */
function canonical(review: Review, deterministic = false): string {
  const kept = review.findings.filter((f) => !deterministic || f.source !== 'model');
  return JSON.stringify([...kept].sort((a, b) => a.fingerprint.localeCompare(b.fingerprint)));
}

function verdict(review: Review | typeof REFUSED | undefined, reference: Review): Verdict {
  if (review === REFUSED) return 'refused';
  if (!review) return 'error';
  if (canonical(review) === canonical(reference)) return 'identical';
  const busy = review.findings.some((f) => f.rule === 'review' && /the model is busy/.test(f.message));
  return busy && canonical(review, true) === canonical(reference, true) ? 'busy' : 'mismatch';
}

function rssKb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : Number.NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One synchronous review; the structured result or undefined. */
async function syncReview(url: string, file: string): Promise<Review | undefined> {
  const { reply } = await rpc(url, 'tools/call', { name: 'review_code', arguments: { files: [file] } });
  return reply.result?.['structuredContent'] as Review | undefined;
}

/** A two-file review as a task, polled until it ends; poll latencies go to `polls`. */
async function taskReview(url: string, polls: number[]): Promise<Review | typeof REFUSED | undefined> {
  const { reply } = await rpc(url, 'tools/call', { name: 'review_code', arguments: { files: TASK_FILES } }, { tasks: true });
  const text = (reply.result?.['content'] as { text?: string }[] | undefined)?.[0]?.text ?? '';
  if (reply.result?.['isError'] === true && /^the server is busy/.test(text)) return REFUSED;
  const taskId = reply.result?.['taskId'];
  if (typeof taskId !== 'string') return undefined;
  for (;;) {
    await sleep(100);
    const started = performance.now();
    const { reply: task } = await rpc(url, 'tasks/get', { taskId }, { tasks: true });
    polls.push(performance.now() - started);
    const status = task.result?.['status'];
    if (status === 'completed') return (task.result?.['result'] as { structuredContent?: Review }).structuredContent;
    if (status !== 'working') return undefined;
  }
}

async function main(opts: ReturnType<typeof options>): Promise<void> {
  // Enough connections for every client: the load measures reviews, not the connection cap.
  const mcp = { taskThreshold: 1, maxConnections: Math.max(64, 2 * opts.clients) };
  const repo = await copySampleRepo({ rules: { 'max-lines': ['error', { max: 250 }], naming: 'warning' }, mcp });
  const fake = await startFakeOllama(() => ({ content: '{"findings":[]}', delayMs: opts.modelDelayMs }));
  const server = await startServeHttp(repo.root, { OLLAMA_HOST: fake.url });
  const pid = server.child.pid!;
  try {
    // Each call alone first: the reference results, and a warm server for the baseline RSS.
    const reference = new Map<string, Review>();
    for (const file of FILES) reference.set(file, (await syncReview(server.url, file))!);
    const referenceTask = await taskReview(server.url, []);
    if (!referenceTask || referenceTask === REFUSED) throw new Error('the reference task did not complete');
    reference.set('task', referenceTask);
    await sleep(1000);
    const rssBefore = rssKb(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssKb(pid))), 100);

    const latency = { sync: [] as number[], task: [] as number[], poll: [] as number[] };
    const verdicts: Record<Verdict, number> = { identical: 0, busy: 0, refused: 0, mismatch: 0, error: 0 };
    let firstMismatch: string | undefined;
    const rssAfterRounds: number[] = [];
    let elapsedS = 0;
    for (let round = 0; round < opts.rounds; round++) {
      const started = performance.now();
      const until = started + opts.durationS * 1000;
      await Promise.all(
        Array.from({ length: opts.clients }, async (_, client) => {
          for (let i = 0; performance.now() < until; i++) {
            const asTask = opts.taskEvery > 0 && i % opts.taskEvery === opts.taskEvery - 1;
            const key = asTask ? 'task' : FILES[(client + i) % FILES.length]!;
            const t0 = performance.now();
            const review = await (asTask ? taskReview(server.url, latency.poll) : syncReview(server.url, key)).catch(() => undefined);
            (asTask ? latency.task : latency.sync).push(performance.now() - t0);
            const v = verdict(review, reference.get(key)!);
            verdicts[v]++;
            if (v === 'mismatch' && !firstMismatch) firstMismatch = `${key}: ${canonical(review as Review).slice(0, 300)}`;
          }
        }),
      );
      elapsedS += (performance.now() - started) / 1000;
      await sleep(5000);
      rssAfterRounds.push(mb(rssKb(pid)));
    }
    clearInterval(sampler);
    const reviews = latency.sync.length + latency.task.length;
    const report = {
      options: { ...opts, json: undefined },
      elapsedS: round(elapsedS),
      reviews,
      throughputPerS: round(reviews / elapsedS),
      chatRequests: fake.chatRequests().length,
      latencyMs: { sync: rounded(summarize(latency.sync)), task: rounded(summarize(latency.task)), poll: rounded(summarize(latency.poll)) },
      rssMb: { before: mb(rssBefore), peak: mb(rssPeak), afterEachRound: rssAfterRounds },
      verdicts,
      ...(firstMismatch ? { firstMismatch } : {}),
    };
    console.log(format(report));
    if (opts.json) await writeFile(opts.json, `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    console.log(`server exit code after SIGTERM: ${code}`);
    await fake.close();
    await repo.remove();
  }
}

const round = (n: number): number => Math.round(n * 10) / 10;
const mb = (kb: number): number => round(kb / 1024);
function rounded(s: Summary): Summary {
  return { n: s.n, min: round(s.min), p50: round(s.p50), p95: round(s.p95), max: round(s.max), mean: round(s.mean) };
}

function format(r: { elapsedS: number; reviews: number; throughputPerS: number; chatRequests: number; latencyMs: Record<string, Summary>; rssMb: { before: number; peak: number; afterEachRound: number[] }; verdicts: Record<Verdict, number>; firstMismatch?: string; options: object }): string {
  const rows = Object.entries(r.latencyMs).map(([op, s]) => `| ${op} | ${s.n} | ${s.p50} | ${s.p95} | ${s.max} |`);
  return [
    `load-http: ${JSON.stringify(r.options)}`,
    `${r.reviews} reviews in ${r.elapsedS} s = ${r.throughputPerS}/s; ${r.chatRequests} chat requests reached the model`,
    '| operation | n | p50 ms | p95 ms | max ms |',
    '|---|---|---|---|---|',
    ...rows,
    `RSS MB: before ${r.rssMb.before}, peak ${r.rssMb.peak}, 5 s idle after each round ${r.rssMb.afterEachRound.join(', ')}`,
    `results: ${JSON.stringify(r.verdicts)}${r.firstMismatch ? `; first mismatch ${r.firstMismatch}` : ''}`,
  ].join('\n');
}

/** The options, or exit 2 with the usage: a bad flag or value is a usage error, not a stack trace. */
function optionsOrExit(): ReturnType<typeof options> {
  try {
    return options(process.argv.slice(2));
  } catch (error) {
    console.error(`load-http: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

await main(optionsOrExit());
