/**
 * The standing mutation check (scripts/mbt/mutants.ts, `npm run mutants`) stays meaningful: each
 * of its eight mutations still finds the code it mutates exactly once and changes it. The full
 * check (each mutant killed by the model-based run) is the separate CI step of ADR 0077.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyMutant, mutants, occurrences } from '../../scripts/mbt/mutants';

describe('the seeded mutations of the model-based run', () => {
  it('are the eight of issue 10, each with its own id', () => {
    expect(new Set(mutants.map((m) => m.id)).size).toBe(8);
  });

  it.each(mutants.map((m) => [m.id, m] as const))('%s still applies to the tree', (_id, mutant) => {
    const text = readFileSync(mutant.file, 'utf8');
    expect(occurrences(text, mutant.find), `${mutant.file} must hold the mutated text exactly once`).toBe(1);
    expect(applyMutant(mutant, text)).not.toBe(text);
  });

  it('refuses a mutation whose text is not there', () => {
    const [first] = mutants;
    expect(first).toBeDefined();
    if (first !== undefined) expect(() => applyMutant(first, '')).toThrow(/found it 0 times/);
  });
});
