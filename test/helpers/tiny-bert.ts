/**
 * @fileoverview Writes a tiny BERT-shaped model directory at test time, laid
 * out like a transformers.js model export: `config.json`, `tokenizer.json`
 * (a WordPiece tokenizer as the Hugging Face `tokenizers` library serialises
 * it), `tokenizer_config.json`, `onnx/model.onnx` and
 * `onnx/model_quantized.onnx`. No pretrained weights can be installed here,
 * and nothing binary is committed; see tiny-bert-onnx.ts for the graph.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildTinyBertOnnx } from './tiny-bert-onnx.js';

/** Width of the model's vectors. */
export const TINY_BERT_HIDDEN_SIZE = 32;
/** Tokens per text after truncation, including `[CLS]` and `[SEP]`. */
export const TINY_BERT_MAX_LENGTH = 64;

const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;
// Whole words common in code, so typical snippets are not all single characters.
const WORDS = [
  'function', 'return', 'const', 'let', 'var', 'if', 'else', 'for', 'while', 'class', 'import', 'export',
  'from', 'async', 'await', 'new', 'this', 'true', 'false', 'null', 'undefined', 'string', 'number',
  'boolean', 'type', 'interface', 'throw', 'try', 'catch', 'user', 'name', 'id', 'get', 'set', 'value',
  'data', 'error', 'request', 'response', 'config', 'list', 'map', 'filter', 'length', 'index', 'item',
];
const SUFFIXES = ['##s', '##ed', '##ing', '##er', '##id', '##name'];
const LETTERS_AND_DIGITS = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
// Everything BertPreTokenizer splits off as its own token (ASCII punctuation).
const PUNCTUATION = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];

/** Token → id, ids in insertion order; `[PAD]` is 0 as in BERT vocabularies. */
function vocabulary(): Record<string, number> {
  const tokens = [
    ...SPECIAL_TOKENS,
    ...WORDS,
    ...SUFFIXES,
    ...LETTERS_AND_DIGITS,
    ...LETTERS_AND_DIGITS.map((c) => `##${c}`),
    ...PUNCTUATION,
  ];
  return Object.fromEntries(tokens.map((token, id) => [token, id]));
}

/**
 * Writes `<dir>/<modelId>/…` and returns that model directory. Pass `dir` as
 * `modelDir` (transformers.js `env.localModelPath`) and `modelId` as the model.
 */
export async function writeTinyBertModel(dir: string, modelId = 'test/tiny-bert'): Promise<string> {
  const vocab = vocabulary();
  const vocabSize = Object.keys(vocab).length;
  const modelPath = join(dir, ...modelId.split('/'));
  await mkdir(join(modelPath, 'onnx'), { recursive: true });
  const graph = { vocabSize, hiddenSize: TINY_BERT_HIDDEN_SIZE, typeVocabSize: 2, seed: 0x5eed };
  await Promise.all([
    writeJson(join(modelPath, 'config.json'), bertConfig(vocabSize)),
    writeJson(join(modelPath, 'tokenizer.json'), tokenizerJson(vocab)),
    writeJson(join(modelPath, 'tokenizer_config.json'), tokenizerConfig()),
    writeFile(join(modelPath, 'onnx', 'model.onnx'), buildTinyBertOnnx({ ...graph, quantized: false })),
    writeFile(join(modelPath, 'onnx', 'model_quantized.onnx'), buildTinyBertOnnx({ ...graph, quantized: true })),
  ]);
  return modelPath;
}

function bertConfig(vocabSize: number): Record<string, unknown> {
  return {
    architectures: ['BertModel'],
    model_type: 'bert',
    hidden_size: TINY_BERT_HIDDEN_SIZE,
    intermediate_size: TINY_BERT_HIDDEN_SIZE * 4,
    num_attention_heads: 1,
    num_hidden_layers: 0,
    max_position_embeddings: TINY_BERT_MAX_LENGTH,
    type_vocab_size: 2,
    vocab_size: vocabSize,
    pad_token_id: 0,
    hidden_act: 'gelu',
    layer_norm_eps: 1e-12,
    transformers_version: '4.36.0',
  };
}

function tokenizerConfig(): Record<string, unknown> {
  return {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    // transformers.js truncates to this; without it, it would not truncate at all.
    model_max_length: TINY_BERT_MAX_LENGTH,
    clean_up_tokenization_spaces: true,
    cls_token: '[CLS]',
    sep_token: '[SEP]',
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    mask_token: '[MASK]',
  };
}

function tokenizerJson(vocab: Record<string, number>): Record<string, unknown> {
  const id = (token: string): number => vocab[token]!;
  const special = (token: string, typeId: number): Record<string, unknown> => ({ SpecialToken: { id: token, type_id: typeId } });
  const sequence = (name: 'A' | 'B', typeId: number): Record<string, unknown> => ({ Sequence: { id: name, type_id: typeId } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((token) => ({
      id: id(token),
      content: token,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [special('[CLS]', 0), sequence('A', 0), special('[SEP]', 0)],
      pair: [special('[CLS]', 0), sequence('A', 0), special('[SEP]', 0), sequence('B', 1), special('[SEP]', 1)],
      special_tokens: Object.fromEntries(
        ['[CLS]', '[SEP]'].map((token) => [token, { id: token, ids: [id(token)], tokens: [token] }]),
      ),
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab,
    },
  };
}

function writeJson(path: string, value: unknown): Promise<void> {
  return writeFile(path, `${JSON.stringify(value, null, 2)}\n`);
}
