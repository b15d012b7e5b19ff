/**
 * @fileoverview An `Embedder` running a sentence-embedding model in-process
 * with transformers.js (`@xenova/transformers` 2.x, onnxruntime-node: an
 * optional peer dependency, imported on the first load; ~240 MB, so a default
 * install goes without it): the
 * `feature-extraction` pipeline with mean pooling over the attention mask and
 * L2 normalisation. The model is read from a local directory laid out like a
 * transformers.js export (`<modelDir>/<modelId>/config.json`, …,
 * `onnx/model.onnx`); downloading from the Hugging Face Hub is opt-in.
 *
 * transformers.js keeps its settings (`env`) in one object per process. This
 * module changes them only while one of its loads runs: loads are queued one
 * at a time and the previous values are restored afterwards, so other code
 * in the process sees the settings it made. A loaded pipeline does not read
 * `env` again, so restoring them is safe.
 */
import { access } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FeatureExtractionPipeline, Tensor } from '@xenova/transformers';
import type { EmbedInput, Embedder } from '../embedder.js';
import { EmbedderUnavailableError } from './errors.js';

/** Where the model is and how to run it; `modelId` and `quantized` are part of the embedder's `id`. */
interface TransformersEmbedderOptions {
  /** Hugging Face model id, also the folder under `modelDir`, e.g. `Xenova/all-MiniLM-L6-v2`. */
  readonly modelId: string;
  /** Folder holding `<modelId>/…` (transformers.js `env.localModelPath`; relative to the working directory); downloads are stored here too. */
  readonly modelDir: string;
  /** Use `onnx/model_quantized.onnx` (8-bit weights) instead of `onnx/model.onnx`; default false. */
  readonly quantized?: boolean;
  /** Download missing files from the Hugging Face Hub; default false (offline, fails fast). */
  readonly allowDownload?: boolean;
  /** Texts per model run; default 16. */
  readonly batchSize?: number;
}

const DEFAULT_BATCH_SIZE = 16;
const PROBE_TEXT = 'function probe() { return 1; }';
const REQUIRED_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json'];

/** A transformers.js feature-extraction model behind the embedding port; create it with {@link TransformersEmbedder.load}. */
export class TransformersEmbedder implements Embedder {
  readonly id: string;

  private constructor(
    private readonly extractor: FeatureExtractionPipeline,
    readonly dimensions: number,
    private readonly batchSize: number,
    options: TransformersEmbedderOptions,
  ) {
    this.id = transformersEmbedderId(options.modelId, options.quantized ?? false);
  }

  /**
   * Loads the tokenizer and model and embeds one probe text to learn the
   * vector size. Throws {@link EmbedderUnavailableError}: `model-missing`
   * when downloads are off and files are missing, `failed` when the files
   * cannot be loaded or run.
   */
  static async load(options: TransformersEmbedderOptions): Promise<TransformersEmbedder> {
    const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    if (!Number.isInteger(batchSize) || batchSize < 1) {
      throw new Error(`transformers embedder: batchSize must be a positive integer, got ${batchSize}`);
    }
    const modelDir = resolve(options.modelDir);
    const quantized = options.quantized ?? false;
    const allowDownload = options.allowDownload ?? false;
    const transformers = await importTransformers();
    // Checked here because transformers.js would log a warning per missing file before its own error.
    if (!allowDownload) await requireLocalFiles(modelDir, options.modelId, quantized);

    const extractor = await loadPipeline(transformers, options.modelId, modelDir, quantized, allowDownload);
    limitSequenceLength(extractor);
    const [probe] = await extract(extractor, [PROBE_TEXT], options.modelId);
    return new TransformersEmbedder(extractor, probe!.length, batchSize, { ...options, quantized });
  }

  /** One unit vector per input text; texts longer than the model's limit are truncated by its tokenizer. */
  async embed(inputs: readonly EmbedInput[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < inputs.length; start += this.batchSize) {
      const texts = inputs.slice(start, start + this.batchSize).map((input) => input.text);
      vectors.push(...(await extract(this.extractor, texts, this.id)));
    }
    return vectors;
  }

  /** Releases the ONNX session. */
  dispose(): Promise<void> {
    return this.extractor.dispose();
  }
}

/** The embedder id (recorded in an index store) for this model and weight choice, without loading it. */
export function transformersEmbedderId(modelId: string, quantized: boolean): string {
  return `transformers:${modelId}:${quantized ? 'q8' : 'fp32'}`;
}

/** The files a local model folder lacks for an offline load; empty when it is complete. */
export async function missingModelFiles(modelDir: string, modelId: string, quantized: boolean): Promise<{ modelPath: string; expected: string[]; missing: string[] }> {
  const modelPath = join(resolve(modelDir), ...modelId.split('/'));
  const expected = [...REQUIRED_FILES, `onnx/model${quantized ? '_quantized' : ''}.onnx`];
  const present = await Promise.all(expected.map((file) => access(join(modelPath, file)).then(() => true, () => false)));
  return { modelPath, expected, missing: expected.filter((_, i) => !present[i]) };
}

async function requireLocalFiles(modelDir: string, modelId: string, quantized: boolean): Promise<void> {
  const { modelPath, expected, missing } = await missingModelFiles(modelDir, modelId, quantized);
  if (missing.length === 0) return;
  throw new EmbedderUnavailableError(
    'model-missing',
    `embedding model "${modelId}" is not available offline: ${modelPath} lacks ${missing.join(', ')}. ` +
      `Put a transformers.js ONNX export there (${expected.join(', ')}), ` +
      `or set allowDownload: true to download it once from the Hugging Face Hub into ${modelDir}`,
  );
}

type TransformersModule = typeof import('@xenova/transformers');
type TransformersEnv = TransformersModule['env'];

/** The package, and the command that installs it, for the message that reports it missing. */
const TRANSFORMERS_PACKAGE = '@xenova/transformers';
const TRANSFORMERS_INSTALL =
  'npm i -D @xenova/transformers@2.17.2 (where only the npm registry is reachable, first add "overrides": {"sharp": "0.33.5"} to package.json: ' +
  "the sharp 0.32 it asks for downloads libvips at install)";

// Imported on first use: it loads onnxruntime-node and sharp, which the Ollama and structural embedders never need.
const importPackage = (): Promise<TransformersModule> => import('@xenova/transformers');
let importer: () => Promise<TransformersModule> = importPackage;

/** Test seam: import transformers.js with `replacement` until the returned function restores the real import. */
export function replaceTransformersImport(replacement: () => Promise<TransformersModule>): () => void {
  importer = replacement;
  return () => (importer = importPackage);
}

/** transformers.js; `package-missing` when it is not installed, `failed` when it is but does not load. */
async function importTransformers(): Promise<TransformersModule> {
  try {
    return await importer();
  } catch (error) {
    const detail = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
    const notInstalled = (error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND' && detail.includes(`'${TRANSFORMERS_PACKAGE}'`);
    if (notInstalled) {
      throw new EmbedderUnavailableError(
        'package-missing',
        `index.semantic.provider "transformers" needs the optional package ${TRANSFORMERS_PACKAGE}, which is not installed: run ${TRANSFORMERS_INSTALL}`,
        { cause: error },
      );
    }
    throw new EmbedderUnavailableError('failed', `${TRANSFORMERS_PACKAGE} is installed but could not be loaded: ${detail}`, { cause: error });
  }
}
type EnvSettings = Pick<TransformersEnv, 'allowLocalModels' | 'allowRemoteModels' | 'localModelPath'>;

// The tail of the queue of loads; each waits for the previous one to restore `env`.
let envQueue: Promise<void> = Promise.resolve();

async function loadPipeline(
  { env, pipeline }: TransformersModule,
  modelId: string,
  modelDir: string,
  quantized: boolean,
  allowDownload: boolean,
): Promise<FeatureExtractionPipeline> {
  const settings: EnvSettings = { allowLocalModels: true, allowRemoteModels: allowDownload, localModelPath: modelDir };
  const load = async (): Promise<FeatureExtractionPipeline> => {
    const saved: EnvSettings = {
      allowLocalModels: env.allowLocalModels,
      allowRemoteModels: env.allowRemoteModels,
      localModelPath: env.localModelPath,
    };
    Object.assign(env, settings);
    try {
      // `cache_dir: modelDir` stores downloads where the next offline load looks for them.
      return await pipeline('feature-extraction', modelId, { quantized, local_files_only: !allowDownload, cache_dir: modelDir });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new EmbedderUnavailableError('failed', `embedding model "${modelId}" could not be loaded from ${modelDir}: ${detail}`, {
        cause: error,
      });
    } finally {
      Object.assign(env, saved);
    }
  };
  const result = envQueue.then(load);
  envQueue = result.then(
    () => undefined,
    () => undefined,
  );
  return result;
}

/**
 * The pipeline truncates every text to the tokenizer's `model_max_length`.
 * Some exports leave it out (transformers.js then fails on every text) or
 * set it to a huge placeholder (no truncation, and the model fails on long
 * texts); the position-embedding count is the real limit of a BERT model.
 */
function limitSequenceLength(extractor: FeatureExtractionPipeline): void {
  const tokenizer: { model_max_length: unknown } = extractor.tokenizer;
  const positions: unknown = extractor.model.config.max_position_embeddings;
  if (typeof positions !== 'number') return;
  const limit = tokenizer.model_max_length;
  if (typeof limit !== 'number' || !(limit <= positions)) tokenizer.model_max_length = positions;
}

/** Mean-pooled, L2-normalised vectors of `texts`, in order. */
async function extract(extractor: FeatureExtractionPipeline, texts: string[], name: string): Promise<Float32Array[]> {
  let output: Tensor;
  try {
    output = await extractor(texts, { pooling: 'mean', normalize: true });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new EmbedderUnavailableError('failed', `embedding model "${name}" failed to embed ${texts.length} text(s): ${detail}`, {
      cause: error,
    });
  }
  const { data, dims } = output;
  const width = dims[1];
  if (!(data instanceof Float32Array) || dims.length !== 2 || dims[0] !== texts.length || width === undefined) {
    throw new EmbedderUnavailableError(
      'failed',
      `embedding model "${name}" returned ${output.type} [${dims.join(', ')}] for ${texts.length} text(s); expected float32 [${texts.length}, hidden]`,
    );
  }
  return texts.map((_, i) => data.slice(i * width, (i + 1) * width));
}
