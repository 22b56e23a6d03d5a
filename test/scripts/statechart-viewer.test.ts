// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatechartViewerPage } from '../../src/demo/statechart-viewer-page';
import { activeStateIds, separateChartStyle, stateIdsFromPath, viewerSelection } from '../../src/demo/statechart-viewer-state';

const storage = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });

describe('viewer selection', () => {
  it('takes the state from the URL, or else from the flow persisted in this tab', () => {
    expect(viewerSelection('?flow=anshinCancel&state=confirm', undefined, ['anshinApply', 'anshinCancel'])).toEqual({
      flow: 'anshinCancel',
      current: ['anshinCancel.confirm'],
      source: 'url',
    });
    const persisted = storage({ 'portal.flow.anshinApply': JSON.stringify({ snapshot: { value: { payment: 'selecting' } } }) });
    expect(viewerSelection('?flow=anshinApply', persisted, ['anshinApply'])).toEqual({
      flow: 'anshinApply',
      current: ['anshinApply.payment', 'anshinApply.payment.selecting'],
      source: 'session',
    });
    expect(viewerSelection('?flow=unknown', undefined, ['anshinApply']).flow).toBe('anshinApply');
  });

  it('maps state values and dotted paths to state node ids', () => {
    expect(activeStateIds('f', { a: { b: 'c' } })).toEqual(['f.a', 'f.a.b', 'f.a.b.c']);
    expect(stateIdsFromPath('f', 'f.a.b')).toEqual(['f.a', 'f.a.b']);
  });
});

describe('StatechartViewerPage', () => {
  afterEach(cleanup);

  // Whatever flow the registry exports last: the viewer must work for every flow.
  const dir = 'docs/statecharts';
  const flow = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'diff')
    .map((d) => d.name)
    .sort()
    .at(-1);
  const chart = flow
    ? (JSON.parse(readFileSync(join(dir, flow, `${flow}.json`), 'utf8')) as {
        title: string;
        states: { id: string; key: string; parent: string | null }[];
      })
    : undefined;

  it.skipIf(!flow || !chart)('renders the flow chart and index and highlights the state named in the URL', async () => {
    const [first, second] = (chart?.states ?? []).filter((s) => s.parent === null);
    if (!flow || !chart || !first || !second) throw new Error('the flow needs two top-level states');
    window.history.replaceState(null, '', `/demo/statecharts?flow=${flow}&state=${second.key}`);
    const { container } = render(createElement(StatechartViewerPage));
    await waitFor(() => expect(container.querySelector(`svg[data-machine="${flow}"]`)).not.toBeNull(), { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain(chart.title);
    // The highlight is applied by an effect after the chart is in the DOM.
    await waitFor(() => expect(container.querySelector(`[data-state-id="${second.id}"]`)?.classList.contains('is-current')).toBe(true), {
      timeout: 10_000,
    });
    expect(container.querySelector(`[data-state-id="${first.id}"]`)?.classList.contains('is-current')).toBe(false);
    expect(screen.getByRole('status').textContent).toContain(second.key);
    expect(screen.getByRole('link', { name: flow }).getAttribute('aria-current')).toBe('page');
    // The portal's CSP refuses <style> elements: the chart is drawn without its own.
    expect(container.querySelector('.chart style')).toBeNull();
  });

  it.skipIf(!flow)('takes the chart’s own rules out of its markup, whole', () => {
    const svg = readFileSync(join(dir, flow ?? '', `${flow}.svg`), 'utf8');
    const { markup, css } = separateChartStyle(svg);
    expect(markup).not.toContain('<style');
    expect(markup).toContain(`data-machine="${flow}"`);
    expect(css).toContain('.is-current>rect');
    expect(css).toContain('.state>rect{fill:#fff');
    expect(markup.length + css.length + '<style></style>'.length).toBe(svg.length);
  });
});
