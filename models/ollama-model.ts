/**
 * @fileoverview What an Ollama server knows about one model, and loading
 * it. `/api/show` gives the model's capabilities (`tools` or not) and its
 * trained context length; `/api/ps` lists the models in memory, which is
 * how a load is told from a stall; an empty `/api/chat` loads a model
 * without generating. None of these requests carries reviewed code.
 */
import { z } from 'zod';
import { callOllama } from './ollama-http.js';

/** Where the requests go; the same shape `callOllama` takes. */
type ModelCall = Parameters<typeof callOllama>[0];

/** What `/api/show` says about a model. */
export interface ModelInfo {
  /** e.g. `["completion", "tools"]`; undefined from an Ollama too old to say. */
  readonly capabilities?: readonly string[];
  /** `model_info["<arch>.context_length"]`: the most tokens the model takes. */
  readonly contextLength?: number;
}

const ShowSchema = z.object({
  capabilities: z.array(z.string()).optional(),
  model_info: z.record(z.string(), z.unknown()).optional(),
});

const PsSchema = z.object({ models: z.array(z.object({ name: z.string(), model: z.string().optional() })).default([]) });

const TagsSchema = z.object({ models: z.array(z.object({ name: z.string(), size: z.number().optional() })).default([]) });

/** The model's capabilities and context length. Throws `ModelError` (a missing model: `modelMissing`). */
export async function showModel(call: ModelCall): Promise<ModelInfo> {
  const reply = ShowSchema.safeParse(await callOllama(call, (client) => client.show({ model: call.model })));
  if (!reply.success) return {};
  const { capabilities, model_info: info = {} } = reply.data;
  const contextKey = Object.keys(info).find((key) => key.endsWith('.context_length'));
  const contextLength = contextKey === undefined ? undefined : info[contextKey];
  return {
    ...(capabilities ? { capabilities } : {}),
    ...(typeof contextLength === 'number' && contextLength > 0 ? { contextLength } : {}),
  };
}

/** Whether the model is in memory now (`/api/ps`). */
export async function isModelLoaded(call: ModelCall): Promise<boolean> {
  const reply = PsSchema.safeParse(await callOllama(call, (client) => client.ps()));
  return reply.success && reply.data.models.some((m) => sameModel(m.name, call.model) || sameModel(m.model ?? '', call.model));
}

/** The model's entry in `/api/tags` (pulled models, with their size on disk), or undefined when it is not listed. */
async function listedModel(call: ModelCall): Promise<{ readonly name: string; readonly size?: number } | undefined> {
  const reply = TagsSchema.safeParse(await callOllama(call, (client) => client.list()));
  return reply.success ? reply.data.models.find((m) => sameModel(m.name, call.model)) : undefined;
}

/** Whether `/api/tags` lists the model (pulled). */
export async function isModelListed(call: ModelCall): Promise<boolean> {
  return (await listedModel(call)) !== undefined;
}

/** The model's size on disk (`/api/tags`), for a guess at how long its load takes; undefined when unknown. */
export async function modelSizeBytes(call: ModelCall): Promise<number | undefined> {
  return (await listedModel(call))?.size;
}

/**
 * Loads the model and keeps it loaded for `keepAlive`: a chat without
 * messages. `numCtx` must be the one later chats send, or the first chat
 * loads the model again (Ollama reloads a model whose `num_ctx` changes).
 */
export async function loadModel(call: ModelCall, settings: { readonly numCtx: number; readonly keepAlive?: string | number }): Promise<void> {
  await callOllama(call, (client) =>
    client.chat({
      model: call.model,
      messages: [],
      ...(settings.keepAlive !== undefined ? { keep_alive: settings.keepAlive } : {}),
      options: { num_ctx: settings.numCtx },
      stream: false,
    }),
  );
}

/** `qwen3-coder` names `qwen3-coder:latest`. */
function sameModel(listed: string, wanted: string): boolean {
  return listed === wanted || listed === `${wanted}:latest`;
}
