/**
 * @fileoverview The embedding port: turns chunks or snippets into vectors.
 * The structural embedder needs no weights; a neural one plugs in here.
 */

/** What an embedder sees of a piece of code. */
export interface EmbedInput {
  /** The source text, for neural embedders. */
  readonly text: string;
  /** The normalised token stream (see normalize.ts), for structural embedders. */
  readonly tokens: readonly string[];
}

/** Maps code to fixed-size vectors compared by cosine similarity. */
export interface Embedder {
  /** Names the model and its parameters; a persisted index built with another id is rebuilt. */
  readonly id: string;
  readonly dimensions: number;
  /** One vector of `dimensions` floats per input, in input order. */
  embed(inputs: readonly EmbedInput[]): Promise<Float32Array[]>;
}

/** Scales `vector` to unit length in place (a zero vector stays zero); cosine then is a dot product. */
export function l2Normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}
