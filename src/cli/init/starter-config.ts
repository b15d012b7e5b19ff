/**
 * @fileoverview The starter config init writes when the repository has
 * none. The model stage is on only when the local Ollama answers and has the
 * chat model pulled; otherwise it is off, with a `$comment` (the config is
 * plain JSON) saying why and how to turn it on — a review that waits on a
 * model that is not there helps nobody.
 */
import { chatModelReadiness, ConfigSchema } from '../../pipeline/index.js';

/** Ollama on this machine answers in milliseconds; init must not wait on a dead port. */
const PROBE_TIMEOUT_MS = 300;

/** The starter config's text for the Ollama that `env` points at. */
export async function starterConfig(env: NodeJS.ProcessEnv): Promise<string> {
  const { model } = ConfigSchema.parse({}).model;
  const readiness = await chatModelReadiness(model, env, PROBE_TIMEOUT_MS);
  const modelSection = readiness.ready
    ? { enabled: true, model }
    : { $comment: `Off: ${readiness.reason}. To turn the model stage on: ${readiness.fix}, then set "enabled": true (review-guard doctor checks it).`, enabled: false, model };
  const config = {
    rules: { 'max-lines': ['error', { max: 250 }], naming: 'warning', duplicate: 'error' },
    index: { exclude: [] },
    model: modelSection,
    hook: { model: false },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
