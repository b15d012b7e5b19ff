/**
 * Input that makes a duplicate detector pay — a 5,000-line function whose
 * lines are a shuffled copy of an indexed one, declarations nested 2,000
 * deep — reviewed through the real CLI, hook and stdio server under a
 * memory cap a stock laptop would have. The costly file ends its own
 * duplicate search early with a status and a warning; the batch's other
 * findings come back intact; nothing aborts.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { longFunction, nestedFunctions, reorderedCopy } from '../../bench/lib/hostile-code.js';
import { buildIdentity, decidingEnv, PROTOCOL, SILENCE_MS, type DaemonRequest } from '../../src/cli/daemon/protocol.cjs';
import { AlignmentBudget, commonSubsequence, FILE_ALIGNMENT_WORK } from '../../src/pipeline/duplicates/token-diff.js';
import { runCli, startServeStdio } from '../support/cli.js';
import { DAEMON_ON, startDaemon, stopDaemons } from '../support/daemon.js';
import { makeTempDir, type TempDir } from '../support/sample-repo.js';

const LINES = 5000;
// Last round's code passed 2 GB on this input; a cap well under it turns that into an abort (exit 134).
const CAPPED = { NODE_OPTIONS: '--max-old-space-size=768' };
// Not a speed target: ten times what a run takes here, far under the minutes the unbounded diff took.
const DEADLINE_MS = 30_000;

const MONEY = `export function formatPrice(cents: number, currency: string): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return \`\${sign}\${currency} \${whole.toLocaleString('en-US')}.\${rest}\`;
}
`;
const NORMAL_COPY = `export function priceLabel(amount: number, code: string): string {
  const sign = amount < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(amount) / 100);
  const rest = String(Math.abs(amount) % 100).padStart(2, '0');
  return \`\${sign}\${code} \${whole.toLocaleString('en-US')}.\${rest}\`;
}
`;

interface Result {
  findings: Array<{ file: string; rule: string; severity: string; message: string }>;
  summary: { files: Array<{ file: string; status: string; duplicates?: string }> };
}

/** Each file's status and findings. */
function files(result: Result): Map<string, { duplicates?: string; findings: Result['findings'] }> {
  return new Map(result.summary.files.map((status) => [status.file, { ...status, findings: result.findings.filter((f) => f.file === status.file) }]));
}

/** Sends `request` to the daemon at `socketPath`; each reply line's type and arrival time, until the connection ends. */
function messageTimes(socketPath: string, request: DaemonRequest): Promise<Array<{ type: string; at: number }>> {
  return new Promise((resolve, reject) => {
    const arrivals: Array<{ type: string; at: number }> = [];
    let buffered = '';
    const socket = connect(socketPath, () => socket.write(`${JSON.stringify(request)}\n`));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
        arrivals.push({ type: (JSON.parse(buffered.slice(0, end)) as { type: string }).type, at: Date.now() });
        buffered = buffered.slice(end + 1);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(arrivals));
  });
}

describe('costly input', () => {
  let temp: TempDir;
  let root: string;
  before(async () => {
    temp = await makeTempDir('rg-costly-');
    root = temp.path;
    await mkdir(join(root, 'src'));
    await writeFile(join(root, 'src', 'long.ts'), longFunction('sumRecords', LINES));
    await writeFile(join(root, 'src', 'money.ts'), MONEY);
    await writeFile(join(root, 'review-guard.config.json'), JSON.stringify({ model: { enabled: false } }));
    execFileSync('git', ['init', '-q'], { cwd: root });
    execFileSync('git', ['add', '.'], { cwd: root });
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'base'], { cwd: root });
    // The hostile and the ordinary copy arrive as new files, as an agent writes them.
    await writeFile(join(root, 'src', 'shuffled.ts'), reorderedCopy('sumRecordsAgain', LINES, 'shuffled'));
    await writeFile(join(root, 'src', 'price.ts'), NORMAL_COPY);
    await writeFile(join(root, 'src', 'nested.ts'), nestedFunctions(2000));
  });
  after(() => temp.remove());

  it('an alignment stops at its budget: a pair that cannot be a near copy costs little', () => {
    const tokens = Array.from({ length: 40_000 }, (_, i) => `t${i % 997}`);
    const reversed = [...tokens].reverse();
    const budget = new AlignmentBudget();
    const started = process.hrtime.bigint();
    assert.equal(commonSubsequence(tokens, reversed, tokens.length, budget), undefined);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    assert.ok(ms < 5_000, `${ms} ms`);
    assert.equal(budget.exhausted, false, 'one pair takes its own share, not the file\'s');
    for (let i = 0; i < FILE_ALIGNMENT_WORK / 1_000_000 && !budget.exhausted; i++) commonSubsequence(tokens, reversed, tokens.length, budget);
    assert.equal(budget.exhausted, true);
  });

  it('review: the costly file is marked incomplete, the batch\'s other findings intact, no abort', async () => {
    const run = await runCli(root, ['review', '--no-model', '--json', 'src/shuffled.ts', 'src/price.ts', 'src/nested.ts'], { env: CAPPED, timeoutMs: DEADLINE_MS });
    assert.equal(run.code, 1, run.stderr);
    const byPath = files(JSON.parse(run.stdout) as Result);
    const price = byPath.get('src/price.ts');
    assert.ok(price?.findings.some((f) => f.rule === 'duplicate' && /formatPrice/.test(f.message)), JSON.stringify(price));
    const shuffled = byPath.get('src/shuffled.ts');
    assert.ok(shuffled, run.stdout.slice(0, 500));
    const incomplete = shuffled.duplicates === 'incomplete';
    const notJudged = shuffled.findings.some((f) => /sumRecords/.test(f.message));
    assert.ok(incomplete || notJudged, JSON.stringify(shuffled));
    if (incomplete) assert.ok(shuffled.findings.some((f) => /stopped early/.test(f.message)), JSON.stringify(shuffled.findings));
    assert.ok(byPath.has('src/nested.ts'));
  });

  for (const daemon of ['off', 'on'] as const) {
    it(`hook (daemon ${daemon}): the shuffled copy and the nested file answer under the cap`, async () => {
      const env = { ...CAPPED, ...(daemon === 'on' ? DAEMON_ON : {}) };
      if (daemon === 'on') await startDaemon(root, CAPPED);
      try {
        for (const file of ['shuffled.ts', 'nested.ts']) {
          const input = JSON.stringify({ hook_event_name: 'PostToolUse', cwd: root, tool_name: 'Write', tool_input: { file_path: join(root, 'src', file) } });
          const run = await runCli(root, ['hook', 'claude-code'], { input, env, timeoutMs: DEADLINE_MS });
          assert.ok([0, 2].includes(run.code), `${file}: exit ${run.code} ${run.stderr.slice(0, 400)}`);
        }
      } finally {
        if (daemon === 'on') await stopDaemons();
      }
    });
  }

  it("a file of many hostile copies uses up its own budget: marked incomplete with a warning, the batch's other file intact", async () => {
    const many = await makeTempDir('rg-costly-many-');
    try {
      await mkdir(join(many.path, 'src'));
      for (let i = 0; i < 5; i++) await writeFile(join(many.path, 'src', `orig${i}.ts`), longFunction(`sumRecords${i}`, 1500));
      await writeFile(join(many.path, 'src', 'money.ts'), MONEY);
      await writeFile(join(many.path, 'review-guard.config.json'), JSON.stringify({ model: { enabled: false } }));
      const copies = Array.from({ length: 6 }, (_, i) => reorderedCopy(`again${i}`, 1500, 'shuffled', 7 + i)).join('\n');
      await writeFile(join(many.path, 'src', 'many.ts'), copies);
      await writeFile(join(many.path, 'src', 'price.ts'), NORMAL_COPY);
      const run = await runCli(many.path, ['review', '--no-model', '--json', 'src/many.ts', 'src/price.ts'], { env: CAPPED, timeoutMs: DEADLINE_MS });
      assert.equal(run.code, 1, run.stderr);
      const byPath = files(JSON.parse(run.stdout) as Result);
      assert.equal(byPath.get('src/many.ts')?.duplicates, 'incomplete', JSON.stringify(byPath.get('src/many.ts')));
      assert.ok(byPath.get('src/many.ts')?.findings.some((f) => f.rule === 'review' && /duplicate search of this file stopped early/.test(f.message)));
      assert.equal(byPath.get('src/price.ts')?.duplicates, undefined);
      assert.ok(byPath.get('src/price.ts')?.findings.some((f) => f.rule === 'duplicate' && /formatPrice/.test(f.message)));
    } finally {
      await many.remove();
    }
  });

  it('the daemon keeps its heartbeat while it works on the costly files', async () => {
    const state = await startDaemon(root, CAPPED);
    try {
      const env = { ...process.env, OLLAMA_HOST: '', NO_COLOR: '', ...CAPPED, ...DAEMON_ON };
      const request: DaemonRequest = {
        protocol: PROTOCOL,
        ...buildIdentity(),
        token: state.token,
        cwd: root,
        argv: ['review', '--no-model', '--json', 'src/shuffled.ts', 'src/nested.ts', 'src/price.ts'],
        stdoutIsTTY: false,
        env: decidingEnv(env),
        gitEnv: {},
        noColor: true,
      };
      const arrivals = await messageTimes(state.socket, request);
      assert.equal(arrivals.at(-1)?.type, 'result', JSON.stringify(arrivals.map((a) => a.type)));
      const gaps = arrivals.slice(1).map((a, i) => a.at - arrivals[i]!.at);
      assert.ok(Math.max(...gaps) < SILENCE_MS, `longest silence ${Math.max(...gaps)} ms`);
    } finally {
      await stopDaemons();
    }
  });

  it('serve over stdio answers the review of the costly file', async () => {
    const server = startServeStdio(root, [], CAPPED);
    try {
      server.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
      await server.reply(1, 20_000);
      server.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      server.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'review_code', arguments: { files: ['src/shuffled.ts', 'src/price.ts'] } } });
      const reply = await server.reply(2, DEADLINE_MS);
      const content = reply.result?.['structuredContent'] as Result | undefined;
      assert.ok(content, JSON.stringify(reply).slice(0, 800));
      assert.ok(files(content).get('src/price.ts')?.findings.some((f) => /formatPrice/.test(f.message)), JSON.stringify(content.findings).slice(0, 800));
    } finally {
      await server.close();
    }
  });
});
