// @vitest-environment jsdom
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { diffCharts, diffToMarkdown, diffToSvg, isEmptyDiff } from '../../scripts/statecharts/chart-diff';
import { buildChartModel, canonicalJson, hashOf, type ChartModel, type ChartTransition } from '../../scripts/statecharts/chart-model';
import { readCommittedModel } from '../../scripts/statecharts/git-revision';
import { fixtureRegistry } from '../mbt/fixtures/fixture-registry';

// ELK layouts take seconds on the shared two-core machines.
vi.setConfig({ testTimeout: 30_000 });

const cancelEntry = fixtureRegistry.find((e) => e.id === 'fixtureCancel');
if (!cancelEntry) throw new Error('fixture registry changed');
const before = buildChartModel(cancelEntry);

/** The "next revision" of the fixture: one guarded transition added in front of a list. */
const added: ChartTransition = {
  key: 'fixtureCancel.inform|wizard.next|0',
  source: 'fixtureCancel.inform',
  event: 'wizard.next',
  index: 0,
  kind: 'event',
  label: 'wizard.next',
  targets: ['fixtureCancel.completed'],
  guard: 'isAlreadyCancelled',
  isElse: false,
  reenter: false,
  actions: [],
  requirements: ['ADB-CANCEL-005'],
  delay: null,
};
function withAddedTransition(model: ChartModel): ChartModel {
  const shifted = model.transitions.map((t) =>
    t.source === added.source && t.event === added.event ? { ...t, index: t.index + 1, key: `${t.source}|${t.event}|${t.index + 1}`, isElse: true } : t,
  );
  const body = { ...model, transitions: [added, ...shifted], requirements: [...model.requirements, 'ADB-CANCEL-005'].sort() };
  const { machineVersion: _old, ...rest } = body;
  return { ...body, machineVersion: hashOf(rest) };
}
const after = withAddedTransition(before);

describe('statechart diff', () => {
  it('shows exactly the added transition, its guard and its requirement', () => {
    const diff = diffCharts(before, after);
    expect(diff.states).toEqual([]);
    // The old unguarded transition, now the else-branch at index 1, is the same transition.
    expect(diff.transitions.map((c) => [c.kind, c.id])).toEqual([['added', 'fixtureCancel.inform|wizard.next|isAlreadyCancelled']]);
    expect(diff.guards.map((c) => [c.kind, c.id])).toEqual([['added', 'isAlreadyCancelled']]);
    expect(diff.requirements.map((c) => [c.kind, c.id])).toEqual([['added', 'ADB-CANCEL-005']]);
  });

  it('says which states no path reaches and which requirements no path covers once a transition is gone', () => {
    const cut = { ...before, transitions: before.transitions.filter((t) => t.key !== 'fixtureCancel.confirm.reviewing|wizard.submit|0') };
    const diff = diffCharts(before, cut);
    expect(diff.unreachable.map((c) => c.id)).toEqual(['fixtureCancel.confirm.submitting', 'fixtureCancel.completed', 'fixtureCancel.reserved']);
    // 002 was on the removed transition; 003 and 004 are still cited, but only by states no path enters.
    expect(diff.uncovered.map((c) => c.id)).toEqual(['ADB-CANCEL-002', 'ADB-CANCEL-003', 'ADB-CANCEL-004']);
    expect(diff.uncovered[1]?.text).toBe('ADB-CANCEL-003: last covered by `fixtureCancel.completed`');
    const md = diffToMarkdown(diff, 'HEAD');
    expect(md).toContain('### States no path reaches any more');
    expect(md).toContain('### Requirements no path covers any more');
    // Adding a guarded transition in front of a list changes no reachability.
    const grown = diffCharts(before, after);
    expect([grown.unreachable, grown.uncovered]).toEqual([[], []]);
  });

  it('shows exactly one transition when an unguarded one is added', () => {
    const extra: ChartTransition = { ...added, key: 'fixtureCancel.inform|wizard.back|0', event: 'wizard.back', label: 'wizard.back', guard: null, requirements: [] };
    const next = { ...before, transitions: [...before.transitions, extra] };
    const diff = diffCharts(before, next);
    expect(diff.transitions).toEqual([
      expect.objectContaining({ kind: 'added', id: 'fixtureCancel.inform|wizard.back|-', text: '`fixtureCancel.inform` —wizard.back→ `fixtureCancel.completed`' }),
    ]);
    expect([...diff.states, ...diff.guards, ...diff.requirements]).toEqual([]);
  });

  it('reports changed fields and treats a missing old version as everything added', () => {
    const retitled = {
      ...before,
      states: before.states.map((s) => (s.id === 'fixtureCancel.inform' ? { ...s, title: '解約のご案内' } : s)),
    };
    const changed = diffCharts(before, retitled);
    expect(changed.states).toEqual([
      expect.objectContaining({ kind: 'changed', id: 'fixtureCancel.inform', fields: ['title: "あんしんデータボックスの解約について" → "解約のご案内"'] }),
    ]);
    const fresh = diffCharts(null, before);
    expect(fresh.states.every((c) => c.kind === 'added')).toBe(true);
    expect(fresh.transitions).toHaveLength(before.transitions.length);
    expect(isEmptyDiff(diffCharts(before, before))).toBe(true);
    expect(diffToMarkdown(fresh, 'abc123')).toContain('new since abc123');
  });

  it('colours the diff SVG: added green, removed red dashed', async () => {
    const svg = await diffToSvg(before, after, 'HEAD~1');
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const addedEdge = doc.querySelector('[data-transition="fixtureCancel.inform|wizard.next|0"]');
    expect(addedEdge?.getAttribute('data-change')).toBe('added');
    expect(addedEdge?.querySelector('path')?.getAttribute('stroke')).toBe('#1a7f37');
    expect(doc.querySelectorAll('[data-change]')).toHaveLength(1);
    const removed = await diffToSvg(after, before, 'HEAD~1');
    const removedDoc = new DOMParser().parseFromString(removed, 'image/svg+xml');
    const removedEdge = removedDoc.querySelector('[data-change="removed"]');
    expect(removedEdge?.getAttribute('data-transition')).toBe('removed:fixtureCancel.inform|wizard.next|0');
    expect(removedEdge?.querySelector('path')?.getAttribute('stroke-dasharray')).toBe('6 4');
  });

  describe('against a git revision', () => {
    const repo = mkdtempSync(join(tmpdir(), 'statechart-diff-'));
    afterAll(() => rmSync(repo, { recursive: true, force: true }));
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });

    it('reads the committed JSON export at the revision, and null for a flow that did not exist', () => {
      git('init', '-q');
      git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'empty');
      mkdirSync(join(repo, 'docs/statecharts/fixtureCancel'), { recursive: true });
      writeFileSync(join(repo, 'docs/statecharts/fixtureCancel/fixtureCancel.json'), `${canonicalJson(before, 2)}\n`);
      git('add', '.');
      git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'export');
      expect(readCommittedModel('HEAD~1', 'fixtureCancel', repo)).toBeNull();
      const committed = readCommittedModel('HEAD', 'fixtureCancel', repo);
      expect(committed?.machineVersion).toBe(before.machineVersion);
      const diff = diffCharts(committed, after);
      expect(diff.guards.map((c) => c.id)).toEqual(['isAlreadyCancelled']);
    });
  });
});
