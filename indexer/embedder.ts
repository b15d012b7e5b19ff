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
