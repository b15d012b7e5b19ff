/**
 * @fileoverview The doctor's checks of the model side: is Ollama reachable
 * where the config points, is the chat model pulled and able to call tools
 * (its `/api/show` capabilities), and is the embedding model there (pulled
 * into Ollama, or a complete local transformers.js folder). Each says what
 * to run when something is missing.
 */
import { semanticHost, semanticModelDir } from '../semantic.js';
import { missingModelFiles } from '../../../indexer/embedders/neural/index.js';
import { ModelError, toolsUnsupportedMessage } from '../../../models/errors.js';
import { isLocalHost, resolveOllamaHost } from '../../../models/ollama-host.js';
import { isModelLoaded, modelSizeBytes, showModel } from '../../../models/ollama-model.js';
import { DEFAULT_NUM_CTX, expectedLoadSeconds } from '../../../models/model-defaults.js';
import { wholeFileLines } from '../model/agent/loop.js';
import type { Config } from '../config/index.js';
import { hasModel, probeOllama, type OllamaProbe } from './ollama-probe.js';
import { check, type HealthCheck } from './report.js';

/** Probes each host once, however many checks ask. */
type Prober = (host: string) => Promise<OllamaProbe>;

export function cachedProber(timeoutMs: number): Prober {
  const probes = new Map<string, Promise<OllamaProbe>>();
  return (host) => {
    let probe = probes.get(host);
    if (!probe) probes.set(host, (probe = probeOllama(host, timeoutMs)));
    return probe;
  };
}

/** The chat host, or why it cannot be worked out (a bad OLLAMA_HOST). */
function chatHost(config: Config, env: NodeJS.ProcessEnv): { host: string } | { problem: string } {
  try {
    return { host: resolveOllamaHost(config.model.host, env) };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

/** Whether reviews would refuse to send code to `host` (see `model.allowRemoteHost`). */
function refusedHost(config: Config, host: string): boolean {
  return !config.model.allowRemoteHost && !isLocalHost(host);
}

/** Ollama reachable at the configured host, when anything configured needs it. */
export async function ollamaCheck(config: Config, env: NodeJS.ProcessEnv, probe: Prober): Promise<HealthCheck> {
  const semanticOllama = config.index.semantic?.provider === 'ollama';
  if (!config.model.enabled && !semanticOllama) {
    return check('ollama', 'info', 'not needed: the model stage is off (model.enabled: false) and no Ollama embedder is configured');
  }
  const resolved = chatHost(config, env);
  if ('problem' in resolved) {
    return check('ollama', 'warn', resolved.problem, { fix: 'set OLLAMA_HOST to host:port or a URL, or set model.host in the config' });
  }
  // Probing sends no code, but a review would refuse this host: say so before anything else.
  if (refusedHost(config, resolved.host)) {
    return check('ollama', 'warn', `${resolved.host} is not on this machine, so reviews refuse to send code to it`, {
      fix: 'point model.host or OLLAMA_HOST at a local Ollama, or set model.allowRemoteHost: true to send reviewed code to that host',
      details: { host: resolved.host, remote: true },
    });
  }
  const found = await probe(resolved.host);
  if (!found.reachable) {
    // The client's own hint repeats the fix below.
    return check('ollama', 'warn', found.problem.replace(/: is Ollama running\?.*$/, ''), {
      fix: `start Ollama (\`ollama serve\`), point model.host or OLLAMA_HOST at it, or set model.enabled: false to review without the model`,
      details: { host: found.host, reachable: false, problem: found.kind },
    });
  }
  return check('ollama', 'ok', `Ollama ${found.version} answers at ${found.host} (${found.elapsedMs} ms)`, {
    details: { host: found.host, reachable: true, version: found.version, elapsedMs: found.elapsedMs, models: found.models.length },
  });
}

/** The chat model pulled on the chat host. */
export async function chatModelCheck(config: Config, env: NodeJS.ProcessEnv, probe: Prober): Promise<HealthCheck> {
  const { model } = config.model;
  if (!config.model.enabled) return check('chat-model', 'info', `not checked: the model stage is off (model.enabled: false)`);
  const resolved = chatHost(config, env);
  if ('problem' in resolved) return check('chat-model', 'info', 'not checked: the Ollama address is invalid');
  if (refusedHost(config, resolved.host)) return check('chat-model', 'info', `not checked: reviews refuse the host ${resolved.host}`);
  const found = await probe(resolved.host);
  if (!found.reachable) return check('chat-model', 'info', `not checked: Ollama is not reachable at ${found.host}`, { details: { model } });
  const pulled = pulledCheck('chat-model', model, found, 'model.model');
  return pulled.status === 'ok' ? toolsCheck(model, found.host, pulled.message, config.model.numCtx ?? DEFAULT_NUM_CTX) : pulled;
}

/** A pulled chat model that cannot call tools fails every review: say so here, with the fix. */
async function toolsCheck(model: string, host: string, pulled: string, numCtx: number): Promise<HealthCheck> {
  let capabilities: readonly string[] | undefined;
  let contextLength: number | undefined;
  try {
    ({ capabilities, contextLength } = await showModel({ host, model, timeoutMs: 5000 }));
  } catch (error) {
    const problem = error instanceof ModelError ? error.message : String(error);
    return check('chat-model', 'warn', `${pulled}, but Ollama's /api/show failed for it: ${problem}`, { details: { model, host } });
  }
  const details = { model, host, ...(capabilities ? { capabilities } : {}), ...(contextLength ? { contextLength } : {}) };
  if (capabilities && !capabilities.includes('tools')) {
    return check('chat-model', 'warn', toolsUnsupportedMessage(model, capabilities), {
      fix: 'set model.model to a model with tool support (e.g. qwen3-coder:30b, qwen2.5-coder:7b), or model.enabled: false',
      details,
    });
  }
  const capped = contextLength !== undefined && contextLength < numCtx;
  const context = !contextLength
    ? ''
    : capped
      ? `; its context length is ${contextLength} tokens, so num_ctx (${numCtx}) is capped there and ${partsNote(contextLength)}`
      : `; context length ${contextLength} tokens`;
  const tools = capabilities ? 'can call tools' : "whether it can call tools is unknown (this Ollama's /api/show lists no capabilities)";
  const memory = await memoryNote({ host, model, timeoutMs: 5000 });
  return check('chat-model', capabilities && !capped ? 'ok' : 'info', `${pulled}; it ${tools}${context}${memory}`, { details });
}

// A numbered line of code as the prompt sends it, in characters (this repository's source: about 36).
const CHARS_PER_LINE = 36;

/** Which files a `window`-token context reviews in parts (the stage's own budget), the line count rounded down to tens. */
function partsNote(window: number): string {
  const lines = Math.floor(wholeFileLines(window, CHARS_PER_LINE) / 10) * 10;
  return lines === 0 ? 'the instructions alone nearly fill it: every file is reviewed in small parts' : `files over about ${lines} lines are reviewed in parts`;
}

/** "; not in memory now: the first review waits for its load (about 38 s)", or nothing when it is loaded or Ollama cannot say. */
async function memoryNote(call: { host: string; model: string; timeoutMs: number }): Promise<string> {
  const loaded = await isModelLoaded(call).catch(() => true);
  if (loaded) return '';
  const size = await modelSizeBytes(call).catch(() => undefined);
  return `; not in memory now: the first review waits for its load${size === undefined ? '' : ` (about ${expectedLoadSeconds(size)} s)`}`;
}

/** The configured semantic embedder's model is available (none configured is fine). */
export async function embedderCheck(config: Config, root: string, env: NodeJS.ProcessEnv, probe: Prober): Promise<HealthCheck> {
  const semantic = config.index.semantic;
  if (!config.index.enabled) return check('embedder', 'info', 'not checked: the index is off (index.enabled: false)');
  if (!semantic) return check('embedder', 'ok', 'none configured: the index uses the structural signal only (no model needed)');
  if (semantic.provider === 'transformers') {
    const modelDir = semanticModelDir(semantic, root);
    const { modelPath, missing } = await missingModelFiles(modelDir, semantic.model, semantic.quantized);
    const details = { provider: 'transformers', model: semantic.model, path: modelPath };
    if (missing.length === 0) return check('embedder', 'ok', `transformers model "${semantic.model}" is complete in ${modelPath}`, { details });
    const lacks = `${modelPath} lacks ${missing.join(', ')}`;
    if (semantic.allowDownload) {
      return check('embedder', 'info', `transformers model "${semantic.model}": ${lacks}; it is downloaded from the Hugging Face hub at the next index (allowDownload: true)`, { details });
    }
    return check('embedder', 'warn', `transformers model "${semantic.model}" is not available offline: ${lacks}`, {
      fix: `put a transformers.js ONNX export of ${semantic.model} in ${modelPath}, or set index.semantic.allowDownload: true once`,
      details: { ...details, missing },
    });
  }
  let host: string;
  try {
    host = semanticHost(semantic, config, env);
  } catch (error) {
    return check('embedder', 'warn', (error as Error).message, { fix: 'set index.semantic.host, model.host or OLLAMA_HOST to host:port or a URL' });
  }
  // The index's embedder obeys the same host policy as the chat (OllamaEmbedder): a host it would refuse is not probed either.
  if (refusedHost(config, host)) {
    return check('embedder', 'warn', `Ollama embedding model "${semantic.model}" is not checked: ${host} is not on this machine, so the index refuses to send code to it`, {
      fix: 'point index.semantic.host at a local Ollama, or set model.allowRemoteHost: true to send indexed code to that host',
      details: { provider: 'ollama', model: semantic.model, host, remote: true },
    });
  }
  const found = await probe(host);
  if (!found.reachable) {
    return check('embedder', 'warn', `Ollama embedding model "${semantic.model}" cannot be checked: ${found.problem}`, {
      fix: 'start Ollama (`ollama serve`) or point index.semantic.host at it; until then the index uses the structural signal only',
      details: { provider: 'ollama', model: semantic.model, host },
    });
  }
  return pulledCheck('embedder', semantic.model, found, 'index.semantic.model');
}

function pulledCheck(id: 'chat-model' | 'embedder', model: string, found: OllamaProbe & { reachable: true }, key: string): HealthCheck {
  const details = { model, host: found.host };
  if (hasModel(found.models, model)) return check(id, 'ok', `"${model}" is pulled on Ollama at ${found.host}`, { details });
  // An untagged name means `:latest`; pulling that would fetch another model than the one already there.
  const tagged = model.includes(':') ? [] : found.models.filter((name) => name.startsWith(`${model}:`));
  if (tagged.length > 0) {
    return check(id, 'warn', `"${model}" (${key}) means ${model}:latest, which is not pulled on Ollama at ${found.host}; pulled under that name: ${tagged.join(', ')}`, {
      fix: `set ${key} to "${tagged[0]}"`,
      details: { ...details, pulled: found.models },
    });
  }
  return check(id, 'warn', `"${model}" (${key}) is not pulled on Ollama at ${found.host}`, {
    fix: `ollama pull ${model}`,
    details: { ...details, pulled: found.models },
  });
}
