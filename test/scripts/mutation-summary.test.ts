import { describe, expect, it } from 'vitest';
import { formatScores, scoresByFolder, survivors, type MutationReport } from '../../scripts/mutation/mutation-summary';

const at = (line: number) => ({ start: { line, column: 1 } });

const report: MutationReport = {
  files: {
    'src/navigation/navigation-rules.ts': {
      mutants: [
        { mutatorName: 'ConditionalExpression', replacement: 'true', status: 'Killed', location: at(10) },
        { mutatorName: 'EqualityOperator', replacement: 'a !== b', status: 'Survived', location: at(12) },
        { mutatorName: 'StringLiteral', replacement: '""', status: 'Timeout', location: at(3) },
        { mutatorName: 'BlockStatement', replacement: '{}', status: 'Ignored', location: at(1) },
      ],
    },
    'src/navigation/error-redirect.ts': {
      mutants: [
        { mutatorName: 'BooleanLiteral', replacement: 'false', status: 'NoCoverage', location: at(7) },
        { mutatorName: 'ArrowFunction', replacement: '() => undefined', status: 'CompileError', location: at(2) },
      ],
    },
    'machines/otp.machine.ts': {
      mutants: [{ mutatorName: 'ObjectLiteral', replacement: '{}', status: 'Ignored', location: at(5) }],
    },
  },
};

describe('mutation summary', () => {
  it('scores each folder as Stryker does: timeouts count as killed, ignored and broken mutants not at all', () => {
    const scores = scoresByFolder(report);
    expect(scores.map(({ folder, score }) => [folder, score])).toEqual([
      ['machines', null],
      ['src/navigation', 50],
      ['total', 50],
    ]);
    expect(scores.find(({ folder }) => folder === 'src/navigation')).toMatchObject({ killed: 2, survived: 1, noCoverage: 1, ignored: 1 });
  });

  it('lists every mutant the tests let live, by file and line', () => {
    expect(survivors(report)).toEqual([
      { file: 'src/navigation/error-redirect.ts', line: 7, mutator: 'BooleanLiteral', replacement: 'false', status: 'NoCoverage' },
      { file: 'src/navigation/navigation-rules.ts', line: 12, mutator: 'EqualityOperator', replacement: 'a !== b', status: 'Survived' },
    ]);
  });

  it('prints n/a for a folder with nothing that counts', () => {
    expect(formatScores(scoresByFolder(report)).split('\n')[1]).toMatch(/^machines\s+n\/a\s+0\s+0\s+0\s+1$/);
  });
});
