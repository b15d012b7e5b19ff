/**
 * @fileoverview The ONNX graph of the tiny BERT-shaped test model, encoded
 * with the ONNX protobuf definitions of `onnx-proto`. It has the interface of
 * a BERT encoder export (`input_ids`, `attention_mask`, `token_type_ids` in,
 * `last_hidden_state` out) but no attention layers: each position's hidden
 * state is its token embedding plus its token-type embedding, zeroed where
 * the attention mask is 0. That is enough for mean pooling to turn texts
 * into distinct, deterministic vectors, so the real transformers.js loading,
 * tokenising, padding and pooling path runs without pretrained weights.
 */
import onnxProto from 'onnx-proto';

// onnx-proto is CommonJS with `module.exports = $root`, so ESM sees it only as a default export.
const { onnx } = onnxProto;
type ITensorProto = onnxProto.onnx.ITensorProto;
type IValueInfoProto = onnxProto.onnx.IValueInfoProto;
type INodeProto = onnxProto.onnx.INodeProto;

/** Shape and weights of the tiny graph. */
export interface TinyBertGraphOptions {
  readonly vocabSize: number;
  readonly hiddenSize: number;
  readonly typeVocabSize: number;
  /** Seed of the PRNG that fills the embedding tables. */
  readonly seed: number;
  /**
   * Store the token embeddings as int8 plus a scale, dequantised in the
   * graph (`DequantizeLinear`), like the `model_quantized.onnx` of an export.
   */
  readonly quantized: boolean;
}

const { FLOAT, INT8, INT64 } = onnx.TensorProto.DataType;
// Opset 13 is what transformers.js exports of BERT models use; Unsqueeze takes its axes as an input there.
const OPSET = 13;
// IR version 7 is the lowest that allows opset 13 and is read by onnxruntime 1.14.
const IR_VERSION = 7;

/** The serialised `ModelProto`. */
export function buildTinyBertOnnx(options: TinyBertGraphOptions): Uint8Array {
  const { vocabSize, hiddenSize, typeVocabSize, seed, quantized } = options;
  const random = mulberry32(seed);
  const table = (rows: number): Float32Array =>
    Float32Array.from({ length: rows * hiddenSize }, () => random() * 2 - 1);
  const words = table(vocabSize);
  const types = table(typeVocabSize).map((x) => x * 0.1);

  const initializer: ITensorProto[] = [
    floatTensor('token_type_embeddings', [typeVocabSize, hiddenSize], types),
    int64Tensor('unsqueeze_axes', [1], [-1]),
  ];
  const nodes: INodeProto[] = [];
  if (quantized) {
    const scale = Math.max(...words.map(Math.abs)) / 127;
    const q = Int8Array.from(words, (x) => Math.round(x / scale));
    initializer.push(
      { name: 'word_embeddings_int8', dims: [vocabSize, hiddenSize], dataType: INT8, rawData: bytes(q) },
      floatTensor('word_embeddings_scale', [], [scale]),
      { name: 'word_embeddings_zero_point', dims: [], dataType: INT8, rawData: new Uint8Array(1) },
    );
    nodes.push(
      node('DequantizeLinear', ['word_embeddings_int8', 'word_embeddings_scale', 'word_embeddings_zero_point'], 'word_embeddings'),
    );
  } else {
    initializer.push(floatTensor('word_embeddings', [vocabSize, hiddenSize], words));
  }
  nodes.push(
    node('Gather', ['word_embeddings', 'input_ids'], 'token_vectors'),
    node('Gather', ['token_type_embeddings', 'token_type_ids'], 'type_vectors'),
    node('Add', ['token_vectors', 'type_vectors'], 'embeddings'),
    { ...node('Cast', ['attention_mask'], 'mask_float'), attribute: [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: FLOAT }] },
    node('Unsqueeze', ['mask_float', 'unsqueeze_axes'], 'mask_column'),
    node('Mul', ['embeddings', 'mask_column'], 'last_hidden_state'),
  );

  const model = onnx.ModelProto.create({
    irVersion: IR_VERSION,
    producerName: 'review-guard test helper',
    opsetImport: [{ domain: '', version: OPSET }],
    graph: {
      name: 'tiny_bert',
      node: nodes,
      initializer,
      input: ['input_ids', 'attention_mask', 'token_type_ids'].map((name) => valueInfo(name, INT64, ['batch', 'sequence'])),
      output: [valueInfo('last_hidden_state', FLOAT, ['batch', 'sequence', hiddenSize])],
    },
  });
  return onnx.ModelProto.encode(model).finish();
}

function node(opType: string, input: string[], output: string): INodeProto {
  return { opType, input, output: [output], name: output };
}

function floatTensor(name: string, dims: number[], values: ArrayLike<number>): ITensorProto {
  return { name, dims, dataType: FLOAT, rawData: bytes(Float32Array.from(values)) };
}

function int64Tensor(name: string, dims: number[], values: readonly number[]): ITensorProto {
  return { name, dims, dataType: INT64, int64Data: [...values] };
}

/** A tensor's `raw_data`: little-endian, which is every platform onnxruntime-node ships for. */
function bytes(array: Float32Array | Int8Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

function valueInfo(name: string, elemType: number, shape: readonly (string | number)[]): IValueInfoProto {
  const dim = shape.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d }));
  return { name, type: { tensorType: { elemType, shape: { dim } } } };
}

/** A small seeded PRNG (mulberry32) with outputs in [0, 1), so the weights are the same on every run. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
