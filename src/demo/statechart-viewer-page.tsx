/**
 * /demo/statecharts: the analysts' viewer. Shows each flow's generated statechart
 * (docs/statecharts, `npm run statecharts`) with its index table, and highlights the current
 * state when opened from a running flow: `?flow=anshinApply&state=confirm`, or, without
 * `state`, the flow's snapshot persisted in this tab. Demo hosts only (local, review, QA).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { separateChartStyle, viewerSelection, type ViewerChart } from './statechart-viewer-state';

// Generated at build time from our own machines, so the markup is trusted.
const svgLoaders = import.meta.glob<string>('../../docs/statecharts/*/*.svg', { query: '?raw', import: 'default' });
const modelLoaders = import.meta.glob<ViewerChart>(['../../docs/statecharts/*/*.json', '!**/*.graphwalker.json'], {
  import: 'default',
});

const flowIdOf = (path: string) => path.split('/').slice(-2, -1)[0] ?? '';
const loaderFor = <T,>(loaders: Record<string, () => Promise<T>>, flow: string) =>
  Object.entries(loaders).find(([path]) => flowIdOf(path) === flow)?.[1];
const flowIds = [...new Set(Object.keys(modelLoaders).map(flowIdOf))].sort();

type Loaded = { flow: string; svg: string; model: ViewerChart };

/**
 * Rules given as a constructed stylesheet while the viewer is shown: the CSP refuses `<style>`
 * elements (style-src 'self'), not the CSSOM. A browser without constructed stylesheets shows the
 * viewer unstyled.
 */
function useAdoptedStyles(css: string) {
  useEffect(() => {
    if (typeof CSSStyleSheet === 'undefined' || !('replaceSync' in CSSStyleSheet.prototype) || !('adoptedStyleSheets' in document)) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    };
  }, [css]);
}

function useFlow(flow: string | undefined): Loaded | 'loading' | 'missing' {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const svg = flow ? loaderFor(svgLoaders, flow) : undefined;
  const model = flow ? loaderFor(modelLoaders, flow) : undefined;
  useEffect(() => {
    if (!flow || !svg || !model) return;
    let cancelled = false;
    void Promise.all([svg(), model()]).then(([svgText, chart]) => {
      if (!cancelled) setLoaded({ flow, svg: svgText, model: chart });
    });
    return () => {
      cancelled = true;
    };
  }, [flow, svg, model]);
  if (!flow || !svg || !model) return 'missing';
  return loaded?.flow === flow ? loaded : 'loading';
}

export function StatechartViewerPage() {
  const selection = useMemo(
    () => viewerSelection(window.location.search, window.sessionStorage, flowIds),
    [],
  );
  const [flow, setFlow] = useState(selection.flow);
  const current = flow === selection.flow ? selection.current : [];
  const loaded = useFlow(flow);
  useAdoptedStyles(viewerCss);
  return (
    // The layout owns <main>; this demo page renders its own h1 (staticData.ownTitle).
    <div className="statechart-viewer">
      <h1>状態遷移図（ステートチャート）</h1>
      {flowIds.length === 0 ? (
        <p>登録されたフローがありません。`npm run statecharts` を実行してください。</p>
      ) : (
        <nav aria-label="フロー">
          <ul>
            {flowIds.map((id) => (
              <li key={id}>
                <a
                  href={`?flow=${encodeURIComponent(id)}`}
                  aria-current={id === flow ? 'page' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    window.history.replaceState(null, '', `?flow=${encodeURIComponent(id)}`);
                    setFlow(id);
                  }}
                >
                  {id}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {loaded === 'loading' && flowIds.length > 0 ? <p role="status">読み込み中…</p> : null}
      {typeof loaded === 'object' ? <FlowChart loaded={loaded} current={current} source={selection.source} /> : null}
    </div>
  );
}

function FlowChart({ loaded, current, source }: { loaded: Loaded; current: string[]; source: string }) {
  const { model } = loaded;
  const { markup, css } = useMemo(() => separateChartStyle(loaded.svg), [loaded.svg]);
  // The chart's rules apply to the chart only: the page's own classes must not meet them.
  useAdoptedStyles(`@scope (.statechart-viewer .chart) {\n${css}\n}`);
  const chartRef = useRef<HTMLDivElement>(null);
  const deepest = current[current.length - 1];
  useEffect(() => {
    const root = chartRef.current;
    if (!root) return;
    for (const element of root.querySelectorAll<SVGGElement>('[data-state-id]')) {
      const id = element.getAttribute('data-state-id') ?? '';
      element.classList.toggle('is-current', current.includes(id));
      if (id === deepest) element.scrollIntoView?.({ block: 'center', inline: 'center' });
    }
  }, [current, deepest, markup]);
  const currentState = model.states.find((s) => s.id === deepest);
  const rows = model.transitions;
  const short = (id: string) => (id === model.id ? '（どの状態からでも）' : id.slice(model.id.length + 1));
  return (
    <section aria-labelledby="flow-title">
      <h2 id="flow-title">
        {model.title}（{model.id}）
      </h2>
      <p className="meta">machineVersion {model.machineVersion}</p>
      {currentState ? (
        <p className="current" role="status">
          現在の状態（{source === 'url' ? 'URL指定' : '保存されたフロー'}）: <strong>{short(currentState.id)}</strong>
          {currentState.title ? ` ${currentState.title}` : ''}
        </p>
      ) : null}
      <div className="chart" ref={chartRef} dangerouslySetInnerHTML={{ __html: markup }} />
      <table>
        <caption>状態と遷移</caption>
        <thead>
          <tr>
            <th scope="col">状態</th>
            <th scope="col">タイトル</th>
            <th scope="col">ルート</th>
            <th scope="col">画面ID</th>
            <th scope="col">イベント</th>
            <th scope="col">遷移先</th>
            <th scope="col">ガード</th>
            <th scope="col">要件</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => {
            const state = model.states.find((s) => s.id === t.source);
            return (
              <tr key={t.key} className={current.includes(t.source) ? 'is-current-row' : undefined}>
                <td>
                  <code>{short(t.source)}</code>
                </td>
                <td>{state?.title ?? ''}</td>
                <td>{state?.route ?? ''}</td>
                <td>{state?.pageId ?? ''}</td>
                <td>
                  <code>{t.label}</code>
                </td>
                <td>{t.targets.length > 0 ? t.targets.map(short).join(', ') : '（内部遷移）'}</td>
                <td>{t.guard ?? (t.isElse ? 'else' : '')}</td>
                <td>{[...new Set([...(state?.requirements ?? []), ...t.requirements])].join(', ')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

const viewerCss = `
.statechart-viewer{padding:1rem;font-family:"Noto Sans JP",sans-serif}
.statechart-viewer nav ul{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0}
.statechart-viewer nav a{display:inline-block;padding:.25rem .75rem;border:1px solid #767676;border-radius:1rem;color:#00118f}
.statechart-viewer nav a[aria-current="page"]{background:#00118f;color:#fff}
.statechart-viewer .chart{overflow:auto;max-height:75vh;border:1px solid #ccc;margin:1rem 0}
.statechart-viewer table{border-collapse:collapse;font-size:.875rem}
.statechart-viewer th,.statechart-viewer td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}
.statechart-viewer .is-current-row{background:#e8f0fe}
.statechart-viewer .meta{color:#595959}
`;

export default StatechartViewerPage;
