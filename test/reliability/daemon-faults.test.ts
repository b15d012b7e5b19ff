/**
 * Faults of the warm path never change a verdict: whatever happens to the
 * daemon (stopped, killed mid-call, busy, gone with its socket left behind,
 * of another installation or environment, files planted in
 * the workspace, `.review-guard/` not writable, a broken answer, one that
 * started the call and then stalls), the hook call prints what it prints
 * in process, or — past its deadline — says it was not reviewed. Real CLI
 * children throughout; the daemon is real except where a test plays a
 * broken one over the socket.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, link, mkdir, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama.js';
import { copyOfLoadConfig, initAndCommit, postToolUse, runCli, waitFor, type CliRun } from '../support/cli.js';
import { buildIdentity, PROTOCOL } from '../../src/cli/daemon/protocol.cjs';
import { answeredWarm, DAEMON_ON, daemonFiles, daemonState, daemonStates, isAlive, moduleTracer, startDaemon, stopDaemons, type ModuleTracer } from '../support/daemon.js';
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
  // One daemon serves every workspace of this file's user: each test ends with none running.
  afterEach(() => stopDaemons());
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await tracer.remove();
  });
  /** A workspace this test owns: removed at the end. */
  const workspace = async (config?: unknown, at?: string) => {
    const made = await editedWorkspace(config, at);
    cleanups.push(() => made.repo.remove());
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
    assert.ok((await daemonState())?.socket, 'the dead daemon left its files');
    assert.deepEqual(await hook(repo.root, input), expected);
    const next = await waitFor(() => daemonState(), (state) => state !== undefined && state.pid !== dead.pid && isAlive(state.pid), 20_000);
    assert.ok(next);
    const warm = await tracer.run(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON });
    assert.ok(answeredWarm(warm.loaded));
    assert.deepEqual({ code: warm.code, stdout: warm.stdout, stderr: warm.stderr }, expected);
  });

  it('a lock left long ago under a pid another process now has: taken over, a daemon starts', async () => {
    const { repo, input } = await workspace();
    const expected = await inProcess(repo.root, input);
    const { lock, dir } = daemonFiles();
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFile(lock, `${process.pid}\n`, { mode: 0o600 });
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await utimes(lock, longAgo, longAgo);
    assert.deepEqual(await hook(repo.root, input), expected);
    const state = await waitFor(() => daemonState(), (found) => found !== undefined && isAlive(found.pid), 20_000);
    assert.notEqual(state?.pid, process.pid);
    const warm = await tracer.run(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON });
    assert.ok(answeredWarm(warm.loaded));
    assert.deepEqual({ code: warm.code, stdout: warm.stdout, stderr: warm.stderr }, expected);
  });

  it('a workspace path of any length: the daemon answers, and none of its files is in the workspace', async () => {
    const base = await makeTempDir('rg-long-');
    cleanups.push(() => base.remove());
    const root = join(base.path, 'a-folder-name-that-is-long'.repeat(3), 'and-deeper-still'.repeat(2));
    await mkdir(root, { recursive: true });
    const { repo, input } = await workspace(undefined, root);
    const expected = await inProcess(repo.root, input);
    const state = await startDaemon(repo.root);
    assert.ok(!state.socket.startsWith(repo.root), state.socket);
    const warm = await tracer.run(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON });
    assert.ok(answeredWarm(warm.loaded));
    assert.deepEqual({ code: warm.code, stdout: warm.stdout, stderr: warm.stderr }, expected);
    assert.deepEqual((await readdir(join(repo.root, '.review-guard'))).filter((name) => name.startsWith('daemon')), []);
  });

  it('a daemon.json and daemon.lock planted in .review-guard/ (from a tarball): ignored, the warm path comes up', async () => {
    const { repo, input } = await workspace();
    const expected = await inProcess(repo.root, input);
    const dir = join(repo.root, '.review-guard');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // A listener that keeps the client waiting with heartbeats forever, and a lock dated a year ahead.
    const listener = createServer((socket) => {
      connections++;
      setInterval(() => socket.write('{"type":"alive"}\n'), 100).unref();
    });
    let connections = 0;
    const socketPath = join(dir, 'planted.sock');
    await new Promise<void>((resolve) => listener.listen(socketPath, resolve));
    cleanups.push(async () => void listener.close());
    const { version } = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    const planted = { protocol: 2, version, build: join(REPO_ROOT, 'dist', 'src') + '/', pid: process.pid, root: repo.root, socket: socketPath, token: 'x' };
    await writeFile(join(dir, 'daemon.json'), JSON.stringify(planted), { mode: 0o600 });
    await writeFile(join(dir, 'daemon.lock'), `${process.pid}\n`, { mode: 0o600 });
    const nextYear = new Date(Date.now() + 365 * 86_400_000);
    await utimes(join(dir, 'daemon.lock'), nextYear, nextYear);
    assert.deepEqual(await hook(repo.root, input), expected);
    const state = await waitFor(() => daemonState(), (found) => found !== undefined && isAlive(found.pid), 20_000);
    assert.notEqual(state?.socket, socketPath);
    const warm = await tracer.run(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON });
    assert.ok(answeredWarm(warm.loaded));
    assert.deepEqual({ code: warm.code, stdout: warm.stdout, stderr: warm.stderr }, expected);
    assert.equal(connections, 0, 'the planted socket was never connected to');
  });

  it('the workspace deleted under its daemon: the daemon leaves and makes nothing in it again', async () => {
    const { repo, input } = await workspace();
    const state = await startDaemon(repo.root);
    assert.equal((await hook(repo.root, input)).code, 2);
    await rm(repo.root, { recursive: true, force: true });
    await waitFor(() => isAlive(state.pid), (alive) => !alive, 15_000);
    assert.equal(existsSync(repo.root), false, 'no .review-guard/ made again');
    assert.equal(existsSync(daemonFiles().state), false, 'its state file removed');
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

  it('.review-guard/ read-only: the same verdicts, nothing written into it', { skip: process.getuid?.() === 0 ? 'root writes into read-only folders' : false }, async () => {
    const { repo, input } = await workspace();
    await mkdir(join(repo.root, '.review-guard'));
    await chmod(join(repo.root, '.review-guard'), 0o555);
    cleanups.push(() => chmod(join(repo.root, '.review-guard'), 0o755));
    const expected = await inProcess(repo.root, input);
    assert.deepEqual(await hook(repo.root, input), expected);
    await waitFor(() => daemonState(), (state) => state !== undefined, 20_000).catch(() => undefined);
    assert.deepEqual(await hook(repo.root, input), expected);
    assert.deepEqual(await readdir(join(repo.root, '.review-guard')), []);
  });

  it('a client of another installation: not the running daemon\'s call; it runs in process and starts a daemon of its own', async () => {
    const copy = await makeTempDir('rg-cli-copy-');
    cleanups.push(() => copy.remove());
    await cp(join(REPO_ROOT, 'dist'), join(copy.path, 'dist'), { recursive: true });
    const packageJson = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(join(copy.path, 'package.json'), JSON.stringify({ ...packageJson, version: '0.0.0-other' }));
    await symlink(join(REPO_ROOT, 'node_modules'), join(copy.path, 'node_modules'));
    await symlink(join(REPO_ROOT, 'build'), join(copy.path, 'build'));
    const otherCli = join(copy.path, 'dist', 'src', 'cli', 'bin.cjs');

    const { repo, input } = await workspace();
    const expected = await inProcess(repo.root, input);
    const ours = await startDaemon(repo.root);
    const other = await runCli(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON, cli: otherCli });
    assert.deepEqual(other, expected);
    const theirs = await waitFor(daemonStates, (states) => states.some((state) => state.version === '0.0.0-other' && isAlive(state.pid)), 20_000);
    assert.equal(theirs.length, 2, 'two daemons, one per installation');
    assert.deepEqual(await runCli(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON, cli: otherCli }), expected);
    assert.ok(isAlive(ours.pid), 'ours keeps serving our installation');
  });

  it('a planted state file naming a live daemon for another environment: refused, the call runs in process', async () => {
    const { repo, input } = await workspace();
    const expected = await inProcess(repo.root, input);
    const other = { OLLAMA_HOST: 'http://127.0.0.1:9' };
    const daemon = await startDaemon(repo.root, other);
    const files = daemonFiles();
    // This environment's place holds the other daemon's state and a hard link to its socket: the client reaches it, and it refuses.
    await writeFile(files.state, JSON.stringify({ ...daemon, socket: files.socket }), { mode: 0o600 });
    await link(daemon.socket, files.socket);
    const run = await tracer.run(repo.root, ['hook', 'claude-code'], { input, env: DAEMON_ON });
    assert.ok(!answeredWarm(run.loaded));
    assert.deepEqual({ code: run.code, stdout: run.stdout, stderr: run.stderr }, expected);
    assert.ok(isAlive(daemon.pid), 'the other daemon keeps serving its own clients');
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
    /** Plays the daemon: a state file naming this process and a socket that answers with `respond`. */
    async function fakeDaemon(respond: (socket: import('node:net').Socket) => void): Promise<Server> {
      const files = daemonFiles();
      await mkdir(files.dir, { recursive: true, mode: 0o700 });
      await rm(files.socket, { force: true });
      const server = createServer((socket) => socket.once('data', () => respond(socket)));
      await new Promise<void>((resolve) => server.listen(files.socket, resolve));
      await writeFile(files.state, JSON.stringify(await fakeState(process.pid)), { mode: 0o600 });
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
        const server = await fakeDaemon(respond);
        try {
          assert.deepEqual(await hook(repo.root, input), expected);
        } finally {
          server.close();
          // The state file names this process: gone before teardown stops "the daemon".
          await rm(daemonFiles().state, { force: true });
        }
      });
    }
  });

  describe('a daemon that started the call and then stalls', () => {
    /** A daemon in a child process: it takes the call, says `started`, then goes `silent` or sends heartbeats forever. */
    async function stallingDaemon(mode: 'silent' | 'heartbeats'): Promise<ChildProcess> {
      const files = daemonFiles();
      await mkdir(files.dir, { recursive: true, mode: 0o700 });
      await rm(files.socket, { force: true });
      const script = `import { createServer } from 'node:net';
        createServer((s) => s.once('data', () => {
          s.write('{"type":"started"}\\n');
          if (process.argv[1] === 'heartbeats') setInterval(() => s.write('{"type":"alive"}\\n'), 100);
        })).listen(${JSON.stringify(files.socket)}, () => process.stdout.write('ready'));`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
      cleanups.push(async () => void child.kill('SIGKILL'));
      await new Promise((resolve) => child.stdout?.once('data', resolve));
      await writeFile(files.state, JSON.stringify(await fakeState(child.pid!)), { mode: 0o600 });
      return child;
    }
    const exitOf = (child: ChildProcess) => new Promise<NodeJS.Signals | null>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(child.signalCode) : child.once('exit', (_code, signal) => resolve(signal))));

    it('silent: the client stops it, then runs the call in process (never both at once)', async () => {
      const { repo, input } = await workspace();
      const expected = await inProcess(repo.root, input);
      const child = await stallingDaemon('silent');
      const exited = exitOf(child);
      assert.deepEqual(await hook(repo.root, input), expected);
      assert.equal(await exited, 'SIGKILL');
    });

    it("heartbeats forever: the hook ends at its deadline, inside the host's timeout, saying the edit was not reviewed", async () => {
      const { repo, input } = await workspace();
      const child = await stallingDaemon('heartbeats');
      const exited = exitOf(child);
      const started = Date.now();
      const run = await hook(repo.root, input);
      assert.ok(Date.now() - started < 58_000, `${Date.now() - started} ms`);
      assert.equal(run.code, 1, run.stderr);
      assert.match(run.stderr, /gave no answer within 50 s and was stopped; this edit was not reviewed/);
      assert.equal(await exited, 'SIGKILL');
    });
  });
});

/** A state file for a fake daemon with `pid`, listening where the real one would. */
async function fakeState(pid: number): Promise<Record<string, unknown>> {
  const { version } = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  return { protocol: PROTOCOL, version, build: buildIdentity().build, pid, socket: daemonFiles().socket, token: 'x' };
}
