/**
 * @fileoverview Asks an Ollama server, briefly, whether it runs and which
 * models it has: `GET /api/version`, then `GET /api/tags`, through the same
 * client and error translation the reviewer uses, with a short timeout so a
 * dead host costs the doctor a moment, not a minute.
 */
import { z } from 'zod';
import { ModelError } from '../../../models/errors.js';
import { callOllama } from '../../../models/ollama-http.js';
import { isLocalHost, resolveOllamaHost } from '../../../models/ollama-host.js';

/** What a probe found out about one host. */
export type OllamaProbe =
  | { readonly reachable: true; readonly host: string; readonly version: string; readonly models: readonly string[]; readonly elapsedMs: number }
  | { readonly reachable: false; readonly host: string; readonly problem: string; readonly kind: string };

const VersionSchema = z.object({ version: z.string() });
const TagsSchema = z.object({ models: z.array(z.object({ name: z.string() })) });

/** Probes `host` (a full base URL); never throws. */
export async function probeOllama(host: string, timeoutMs: number): Promise<OllamaProbe> {
  const started = Date.now();
  // callOllama names a model in its timeout messages; a probe has none, so timeouts are worded here.
  const options = { host, model: 'ollama', timeoutMs };
  try {
    const version = VersionSchema.parse(await callOllama(options, (client) => client.version())).version;
    const tags = TagsSchema.parse(await callOllama(options, (client) => client.list()));
    return { reachable: true, host, version, models: tags.models.map((m) => m.name), elapsedMs: Date.now() - started };
  } catch (error) {
    if (error instanceof ModelError) {
      const problem = error.kind === 'timeout' ? `Ollama at ${host} did not answer within ${timeoutMs} ms` : error.message;
      return { reachable: false, host, problem, kind: error.kind };
    }
    // A 2xx reply that is not Ollama's (another server on that port).
    return { reachable: false, host, problem: `the server at ${host} does not answer like Ollama (${(error as Error).message.split('\n')[0]})`, kind: 'invalid-response' };
  }
}

/** Whether `wanted` is among the pulled `models`; a name without a tag means `:latest`, as in Ollama. */
export function hasModel(models: readonly string[], wanted: string): boolean {
  const withTag = (name: string): string => (name.includes(':') ? name : `${name}:latest`);
  return models.some((name) => withTag(name) === withTag(wanted));
}

/** Whether the chat model can serve reviews now; when not, why and what to run. */
export type ChatModelReadiness = { readonly ready: true; readonly host: string } | { readonly ready: false; readonly reason: string; readonly fix: string };

/**
 * Is `model` pulled on the Ollama that `env` points at (`OLLAMA_HOST`, else
 * the default)? Only a host on this machine is asked: code is never sent
 * elsewhere by default, so a remote one counts as not ready. Never throws.
 */
export async function chatModelReadiness(model: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<ChatModelReadiness> {
  let host: string;
  try {
    host = resolveOllamaHost(undefined, env);
  } catch (error) {
    return { ready: false, reason: (error as Error).message, fix: 'set OLLAMA_HOST to host:port or a URL' };
  }
  if (!isLocalHost(host)) {
    return { ready: false, reason: `Ollama at ${host} is not on this machine`, fix: 'set model.host to a local Ollama (or model.allowRemoteHost: true)' };
  }
  const found = await probeOllama(host, timeoutMs);
  if (!found.reachable) return { ready: false, reason: `Ollama did not answer at ${host}`, fix: `start Ollama (ollama serve), run ollama pull ${model}` };
  if (!hasModel(found.models, model)) return { ready: false, reason: `${model} is not pulled on Ollama at ${host}`, fix: `run ollama pull ${model}` };
  return { ready: true, host };
}
