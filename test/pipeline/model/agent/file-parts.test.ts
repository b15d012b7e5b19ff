/**
 * @fileoverview Cutting a file too long for one conversation into parts:
 * whole declarations per part, classes and data cut inside, and a function
 * too large for any part named as left out.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planFileParts, type DeclarationSpan, type LineRange } from '../../../../src/pipeline/model/agent/file-parts.js';

const fn = (name: string, startLine: number, endLine: number): DeclarationSpan => ({ name, startLine, endLine, divisible: false });
const data = (name: string, startLine: number, endLine: number): DeclarationSpan => ({ name, startLine, endLine, divisible: true });
/** A part fits when it has at most `max` lines. */
const atMost = (max: number) => (range: LineRange) => range.endLine - range.startLine + 1 <= max;

describe('planFileParts', () => {
  it('puts whole declarations, with the lines before them, into as few parts as fit', () => {
    const spans = [fn('a', 3, 6), fn('b', 7, 10), fn('c', 12, 15), fn('d', 16, 19)];
    assert.deepEqual(planFileParts(20, spans, atMost(10)), {
      parts: [
        { startLine: 1, endLine: 10 },
        { startLine: 11, endLine: 20 },
      ],
      leftOut: [],
    });
  });

  it('cuts a class between its members, and data that declares none between its lines', () => {
    const klass = [data('Store', 1, 12), fn('get', 2, 5), fn('set', 6, 9), fn('drop', 10, 11)];
    assert.deepEqual(planFileParts(12, klass, atMost(5)).parts, [
      { startLine: 1, endLine: 5 },
      { startLine: 6, endLine: 9 },
      { startLine: 10, endLine: 12 },
    ]);
    assert.deepEqual(planFileParts(7, [data('TABLE', 1, 7)], atMost(3)).parts, [
      { startLine: 1, endLine: 3 },
      { startLine: 4, endLine: 6 },
      { startLine: 7, endLine: 7 },
    ]);
  });

  it('leaves out a function no part can hold, naming it, and merges what is left out one after the other', () => {
    const spans = [fn('small', 1, 2), fn('huge', 3, 20), fn('huger', 21, 40), fn('tail', 41, 42)];
    assert.deepEqual(planFileParts(42, spans, atMost(5)), {
      parts: [
        { startLine: 1, endLine: 2 },
        { startLine: 41, endLine: 42 },
      ],
      leftOut: [{ startLine: 3, endLine: 40, names: ['huge', 'huger'] }],
    });
  });

  it('leaves out top-level code that declares nothing when it fits no part', () => {
    assert.deepEqual(planFileParts(30, [fn('a', 1, 3)], atMost(10)), { parts: [{ startLine: 1, endLine: 3 }], leftOut: [{ startLine: 4, endLine: 30, names: [] }] });
  });
});
