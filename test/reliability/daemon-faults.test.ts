/**
 * Faults of the warm path never change a verdict: whatever happens to the
 * daemon (stopped, killed mid-call, busy, gone with its socket left behind,
 * of another installation, serving another workspace, a socket path too
 * long, `.review-guard/` not writable, a broken answer), the hook call
 * prints what it prints in process. Real CLI children throughout; the
 * daemon is real except where a test plays a broken one over the socket.
 */
import assert from 'node:assert/strict';
import { chmod, copyFile, cp, mkdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { privateTempDir } from '../../src/cli/daemon/socket-path.js';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama.js';
import { copyOfLoadConfig, initAndCommit, postToolUse, runCli, waitFor, type CliRun } from '../support/cli.js';
import { answeredWarm, DAEMON_ON, daemonState, isAlive, moduleTracer, startDaemon, stopDaemon, type ModuleTracer } from '../support/daemon.js';
import { copySampleRepo, makeTempDir, REPO_ROOT, SAMPLE_REPO, type SampleRepo } from '../support/sample-repo.js';

/** A git workspace (the sample repo, at `root` when given) in which an agent just wrote a copy of loadConfig. */
async function editedWorkspace(config?: unknown, at?: string): Promise<{ repo: SampleRepo; input: string }> {
  const repo = at ? await copyTo(at, config) : await copySampleRepo(config);
  await initAndCommit(repo.root);
  const filePath = join(repo.root, 'src', 'handler', 'app-config.ts');
  const content = copyOfLoadConfig(await readFile(join(repo.root, 'src', 'config', 'load.ts'), 'utf8'), 'readAppConfig');
  await writeFile(filePath, content);
  return { repo, input: postToolUse(repo.root, 'Write', { file_path: filePath, content }) };
}

async function copyTo(root: string, config?: unknown): Promise<SampleRepo> {
  await cp(SAMPLE_REPO, root, { recursive: true, filter: (src) => !src.includes('.review-guard') });
  if (config !== undefined) await writeFile(join(root, 'review-guard.config.json'), JSON.stringify(config));
  return { root, remove: async () => undefined };
}

const hook = (root: string, input: string, env: NodeJS.ProcessEnv = {}): Promise<CliRun> => runCli(root, ['hook', 'claude-code'], { input, env: { ...DAEMON_ON, ...env } });
/** What the hook prints in process: the verdict every fault must leave as it is. */
const inProcess = (root: string, input: string, env: NodeJS.ProcessEnv = {}): Promise<CliRun> => runCli(root, ['hook', 'claude-code'], { input, env });

/** The verdict on the copy: exit 2 naming it. */
function assertCopyReported(run: CliRun): void {
  assert.equal(run.code, 2, run.stderr);
  assert.match(run.stderr, /"readAppConfig" duplicates "(loadConfig|parseSettings)"/);
}

describe('daemon faults: the call runs in process, with the same verdict', () => {
  let tracer: ModuleTracer;
  const cleanups: (() => Promise<void>)[] = [];
  before(async () => {
    tracer = await moduleTracer();
  });
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await tracer.remove();
  });
  /** A workspace this test owns: its daemons are stopped and it is removed at the end. */
  const workspace = async (config?: unknown, at?: string) => {
    const made = await editedWorkspace(config, at);
    cleanups.push(async () => {
      await stopDaemon(made.repo.root);
      await made.repo.remove();
    });
    return made;
  };

  it('a daemon that is stuck (SIGSTOP): the client gives up after its silence limit', async () => {
    const { repo, input } = await workspace();
    const expected = await inProcess(repo.root, input);
    assertCopyReported(expected);
    const state = await startDaemon(repo.root);
    process.kill(state.pid, 'SIGSTOP');
    const started = Date.now();
    const run = await tracer.run(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON });
    assert.ok(!answeredWarm(run.loaded), 'ran in process');
    assert.deepEqual({ code: run.code, stdout: run.stdout, stderr: run.stderr }, expected);
    assert.ok(Date.now() - started < 15_000);
  });

  describe('with a model call in flight (a slow fake Ollama)', () => {
    let ollama: FakeOllama;
    let slowTurns: Set<number>;
    before(async () => {
      // The turns listed in slowTurns wait 8 s; every other answers at once with no findings.
      ollama = await startFakeOllama((_request, turn) => ({ content: JSON.stringify({ findings: [] }), ...(slowTurns.has(turn) ? { delayMs: 8000 } : {}) }));
    });
    after(() => ollama.close());
    const env = () => ({ OLLAMA_HOST: ollama.url });
    const modelConfig = { hook: { model: true } };

    it('the daemon killed during the hook call: that call still returns the right verdict', async () => {
      const { repo, input } = await workspace(modelConfig);
      slowTurns = new Set();
      const expected = await inProcess(repo.root, input, env());
      assertCopyReported(expected);
      const state = await startDaemon(repo.root, env());
      const turnsBefore = ollama.chatRequests().length;
      slowTurns = new Set([turnsBefore]);
      const call = hook(repo.root, input, env());
      await waitFor(() => ollama.chatRequests().length, (n) => n > turnsBefore);
      process.kill(state.pid, 'SIGKILL');
      assert.deepEqual(await call, expected);
    });

    it('a daemon busy with another call: the next one is sent back and runs in process', async () => {
      const { repo, input } = await workspace(modelConfig);
      slowTurns = new Set();
      const expected = await inProcess(repo.root, input, env());
      await startDaemon(repo.root, env());
      const turnsBefore = ollama.chatRequests().length;
      slowTurns = new Set([turnsBefore]);
      const slow = hook(repo.root, input, env());
      await waitFor(() => ollama.chatRequests().length, (n) => n > turnsBefore);
      const started = Date.now();
      const next = await tracer.run(repo.root, ['hook', 'claude-code'], { input, env: { ...DAEMON_ON, ...env() } });
      assert.ok(Date.now() - started < 7000, 'it did not wait for the slow call');
      assert.ok(!answeredWarm(next.loaded), 'ran in process');
      assert.deepEqual({ code: next.code, stdout: next.stdout, stderr: next.stderr }, expected);
      assert.deepEqual(await slow, expected);
    });
  });

  it('a stale socket file (the daemon died): in process, and a new daemon takes over', async () => {
    const { repo, input } = await workspace();
    const expected = await inProcess(repo.root, input);
    const dead = await startDaemon(repo.root);
    process.kill(dead.pid, 'SIGKILL');
    await waitFor(() => isAlive(dead.pid), (alive) => !alive);
    assert.ok((await daemonState(repo.root))?.socket, 'the dead daemon left its files');
    assert.deepEqual(await hook(repo.root, input), expected);
    const next = await waitFor(() => daemonState(repo.root), (state) => state !== undefined && state.pid !== dead.pid && isAlive(state.pid), 20_000);
    assert.ok(next);
    const warm = await tracer.run(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON });
    assert.ok(answeredWarm(warm.loaded));
    assert.deepEqual({ code: warm.code, stdout: warm.stdout, stderr: warm.stderr }, expected);
  });

  it('a lock left long ago under a pid another process now has: taken over, a daemon starts', async () => {
    const { repo, input } = await workspace();
    const expected = await inProcess(repo.root, input);
    const lock = join(repo.root, '.review-guard', 'daemon.lock');
    await mkdir(join(repo.root, '.review-guard'), { recursive: true, mode: 0o700 });
    await writeFile(lock, `${process.pid}\n`, { mode: 0o600 });
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await utimes(lock, longAgo, longAgo);
    assert.deepEqual(await hook(repo.root, input), expected);
    const state = await waitFor(() => daemonState(repo.root), (found) => found !== undefined && isAlive(found.pid), 20_000);
    assert.notEqual(state?.pid, process.pid);
    const warm = await tracer.run(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON });
    assert.ok(answeredWarm(warm.loaded));
    assert.deepEqual({ code: warm.code, stdout: warm.stdout, stderr: warm.stderr }, expected);
  });

  it('a workspace path too long for a socket: the socket goes to an owner-only folder of the temp dir', async () => {
    const base = await makeTempDir('rg-long-');
    cleanups.push(() => base.remove());
    const root = join(base.path, 'a-folder-name-that-is-long'.repeat(3), 'and-deeper-still'.repeat(2));
    assert.ok(Buffer.byteLength(join(root, '.review-guard', 'daemon.sock')) > 108);
    await mkdir(root, { recursive: true });
    const { repo, input } = await workspace(undefined, root);
    const expected = await inProcess(repo.root, input);
    const state = await startDaemon(repo.root);
    assert.ok(state.socket.startsWith(`${privateTempDir(process.getuid!())}/`), state.socket);
    const warm = await tracer.run(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON });
    assert.ok(answeredWarm(warm.loaded));
    assert.deepEqual({ code: warm.code, stdout: warm.stdout, stderr: warm.stderr }, expected);
  });

  it('.review-guard/ a link out of the workspace: no daemon, the call in process', async () => {
    const { repo, input } = await workspace();
    const outside = await makeTempDir('rg-outside-');
    cleanups.push(() => outside.remove());
    await symlink(outside.path, join(repo.root, '.review-guard'));
    const expected = await inProcess(repo.root, input);
    assert.deepEqual(await hook(repo.root, input), expected);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.deepEqual(await readFile(join(outside.path, 'daemon.lock'), 'utf8').catch(() => 'none'), 'none', 'no daemon wrote through the link');
  });

  it('.review-guard/ read-only: no daemon, the call in process', { skip: process.getuid?.() === 0 ? 'root writes into read-only folders' : false }, async () => {
    const { repo, input } = await workspace();
    await mkdir(join(repo.root, '.review-guard'));
    await chmod(join(repo.root, '.review-guard'), 0o555);
    cleanups.push(() => chmod(join(repo.root, '.review-guard'), 0o755));
    const expected = await inProcess(repo.root, input);
    assert.deepEqual(await hook(repo.root, input), expected);
    assert.deepEqual(await hook(repo.root, input), expected);
    assert.equal(await daemonState(repo.root), undefined);
  });

  it('a client of another installation: the daemon refuses and stops, the call runs in process, the next starts its own', async () => {
    const copy = await makeTempDir('rg-cli-copy-');
    cleanups.push(() => copy.remove());
    await cp(join(REPO_ROOT, 'dist'), join(copy.path, 'dist'), { recursive: true });
    const packageJson = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(join(copy.path, 'package.json'), JSON.stringify({ ...packageJson, version: '0.0.0-other' }));
    await symlink(join(REPO_ROOT, 'node_modules'), join(copy.path, 'node_modules'));
    await symlink(join(REPO_ROOT, 'build'), join(copy.path, 'build'));
    const otherCli = join(copy.path, 'dist', 'src', 'cli', 'bin.js');

    const { repo, input } = await workspace();
    const expected = await inProcess(repo.root, input);
    const ours = await startDaemon(repo.root);
    const other = await runCli(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON, cli: otherCli });
    assert.deepEqual(other, expected);
    await waitFor(() => isAlive(ours.pid), (alive) => !alive);
    assert.deepEqual(await runCli(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON, cli: otherCli }), expected);
    const theirs = await waitFor(() => daemonState(repo.root), (state) => state?.version === '0.0.0-other' && isAlive(state.pid), 20_000);
    assert.ok(theirs);
  });

  it("another workspace's daemon named in the state file: refused, the call runs in process for its own workspace", async () => {
    const a = await workspace();
    const b = await workspace({ rules: { 'max-lines': ['error', { max: 5 }] } });
    const expected = await inProcess(b.repo.root, b.input);
    assert.match(expected.stderr, /max-lines/, "b's own config decides");
    const daemonA = await startDaemon(a.repo.root);
    await mkdir(join(b.repo.root, '.review-guard'), { recursive: true, mode: 0o700 });
    await copyFile(join(a.repo.root, '.review-guard', 'daemon.json'), join(b.repo.root, '.review-guard', 'daemon.json'));
    await chmod(join(b.repo.root, '.review-guard', 'daemon.json'), 0o600);
    const run = await tracer.run(b.repo.root, ['hook', 'claude-code'], { input: b.input, env: DAEMON_ON });
    assert.ok(!answeredWarm(run.loaded));
    assert.deepEqual({ code: run.code, stdout: run.stdout, stderr: run.stderr }, expected);
    assert.ok(isAlive(daemonA.pid), "a's daemon keeps serving a");
  });

  it('a client whose model host differs from the daemon\'s: refused, the call runs in process with its own host', async () => {
    const { repo, input } = await workspace();
    const expected = await inProcess(repo.root, input, { OLLAMA_HOST: 'http://127.0.0.1:9' });
    const daemon = await startDaemon(repo.root);
    const run = await tracer.run(repo.root, ['hook', 'claude-code'], { input, env: { ...DAEMON_ON, OLLAMA_HOST: 'http://127.0.0.1:9' } });
    assert.ok(!answeredWarm(run.loaded));
    assert.deepEqual({ code: run.code, stdout: run.stdout, stderr: run.stderr }, expected);
    assert.ok(isAlive(daemon.pid), 'the daemon keeps serving clients like the one that started it');
  });

  describe('a broken answer on the socket', () => {
    /** Plays the daemon of `root`: a state file naming this process and a socket that answers with `respond`. */
    async function fakeDaemon(root: string, respond: (socket: import('node:net').Socket) => void): Promise<Server> {
      const dir = join(root, '.review-guard');
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const socketPath = join(dir, 'daemon.sock');
      const server = createServer((socket) => socket.once('data', () => respond(socket)));
      await new Promise<void>((resolve) => server.listen(socketPath, resolve));
      const { version } = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
      const state = { protocol: 1, version, build: join(REPO_ROOT, 'dist', 'src') + '/', pid: process.pid, root, socket: socketPath, token: 'x' };
      await writeFile(join(dir, 'daemon.json'), JSON.stringify(state), { mode: 0o600 });
      return server;
    }
    const broken: Record<string, (socket: import('node:net').Socket) => void> = {
      'a result cut off before its end': (socket) => socket.end('{"type":"alive"}\n{"type":"result","stdout":"","exitCo'),
      'a result without a newline, then the connection dropped': (socket) => {
        socket.write('{"type":"result","stdout":"","exitCode":0}');
        socket.destroy();
      },
      'garbage': (socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'),
      'a result missing its exit code': (socket) => socket.end('{"type":"result","stdout":""}\n'),
    };
    for (const [name, respond] of Object.entries(broken)) {
      it(`${name}: the verdict in process, never an empty one`, async () => {
        const { repo, input } = await workspace();
        const expected = await inProcess(repo.root, input);
        const server = await fakeDaemon(repo.root, respond);
        try {
          assert.deepEqual(await hook(repo.root, input), expected);
        } finally {
          server.close();
          // The state file names this process: gone before teardown stops "the daemon".
          await rm(join(repo.root, '.review-guard', 'daemon.json'), { force: true });
        }
      });
    }
  });
});
