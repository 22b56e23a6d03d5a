/**
 * Writers for a coverage report: JSON (the report itself), one self-contained HTML page, and
 * JUnit XML (one suite per flow, one case per test plus one per enforced criterion). The raw
 * traces go beside them so later runs (Playwright) can be merged in.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CoverageReport, CriterionResult, ModelResult } from './coverage-report';
import type { CoverageTrace } from '../../machines/mbt/coverage-trace';

/** Root of every coverage run; git-ignored. */
export const COVERAGE_ROOT = 'reports/coverage';

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The report as JSON text. */
export function toReportJson(report: CoverageReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

const CRITERIA: [keyof Pick<ModelResult, 'vertices' | 'edges' | 'guardOutcomes' | 'oneSwitch'>, string][] = [
  ['vertices', '状態 (state nodes)'],
  ['edges', '遷移 (transitions)'],
  ['guardOutcomes', 'ガードの真偽 (guard outcomes)'],
  ['oneSwitch', '1-switch (transition pairs, reported only)'],
];

function criterionRow(label: string, c: CriterionResult, enforced = true): string {
  const cls = c.coverage === 100 ? 'ok' : enforced ? 'ng' : 'info';
  return `<tr><th scope="row">${esc(label)}</th><td>${c.visited} / ${c.total}</td><td class="${cls}"><span class="bar"><span style="width:${c.coverage}%"></span></span> ${c.coverage}%</td></tr>`;
}

function list(title: string, items: readonly string[], cls = ''): string {
  if (items.length === 0) return '';
  return `<details${cls === 'ng' ? ' open' : ''}><summary>${esc(title)} (${items.length})</summary><ul class="${cls}">${items.map((i) => `<li><code>${esc(i)}</code></li>`).join('')}</ul></details>`;
}

const STATUS_JA: Record<ModelResult['status'], string> = {
  completed: '完了 (completed)',
  incomplete: '未達 (incomplete)',
  failed: '失敗 (failed)',
  notExecuted: '未実行 (not executed)',
};

/** The report as one HTML page without external assets. */
export function toReportHtml(report: CoverageReport): string {
  const models = report.models.map((m) => {
    const rows = CRITERIA.map(([k, label]) => criterionRow(label, m[k], k !== 'oneSwitch')).join('');
    const reqRow = `<tr><th scope="row">要件 (requirements)</th><td>${m.totalNumberOfPassedRequirement + m.totalNumberOfFailedRequirement} / ${m.totalNumberOfRequirement}</td><td class="${m.requirementCoverage === 100 && m.totalNumberOfFailedRequirement === 0 ? 'ok' : 'ng'}">合格 ${m.totalNumberOfPassedRequirement} · 不合格 ${m.totalNumberOfFailedRequirement} · 未カバー ${m.totalNumberOfUncoveredRequirement}</td></tr>`;
    const inv = m.invariants;
    const invRow =
      inv.total === 0
        ? ''
        : `<tr><th scope="row">不変条件 (invariants)</th><td>${inv.held} / ${inv.total}</td><td class="${inv.violated + inv.notChecked === 0 ? 'ok' : 'ng'}">成立 ${inv.held} · 違反 ${inv.violated} · 未検査 ${inv.notChecked} · 検査 ${inv.checks} 回</td></tr>`;
    const invList = list(
      '不変条件 (invariants: checked after every step)',
      inv.items.map((i) => `${i.id} ${i.description}: ${i.status}, ${i.checks} checks, ${i.violations} violations`),
      inv.violated + inv.notChecked > 0 ? 'ng' : '',
    );
    const failureList = list(
      '失敗 (failures)',
      m.failures.map((f) => `${f.invariant ? `[${f.invariant}] ` : ''}${f.test}: ${f.error}`),
      'ng',
    );
    const unvisited = CRITERIA.map(([k, label]) =>
      list(`未到達の${label}`, m[k].notVisited.map((i) => i.name), k === 'oneSwitch' ? '' : 'ng'),
    ).join('');
    const tests = m.tests
      .map(
        (t) =>
          `<tr class="${t.status}"><td>${t.status === 'passed' ? '✓' : t.status === 'failed' ? '✗' : '−'}</td><td>${esc(t.name)}${t.error ? `<pre>${esc(t.error)}</pre>` : ''}</td><td>${t.steps}</td><td>${esc(t.requirements.join(', '))}</td></tr>`,
      )
      .join('');
    return `<section><h2>${esc(m.title)} <code>${esc(m.name)}</code> <span class="status ${m.status}">${STATUS_JA[m.status]}</span></h2>
<p class="meta">model hash <code>${esc(m.modelHash)}</code></p>
<table class="summary"><thead><tr><th>基準</th><th>到達 / 全体</th><th>網羅率</th></tr></thead><tbody>${rows}${reqRow}${invRow}</tbody></table>
${unvisited}
${failureList}
${invList}
${list('合格した要件 (requirements passed)', m.requirementsPassed)}
${list('不合格の要件 (requirements failed)', m.requirementsFailed, 'ng')}
${list('未カバーの要件 (requirements not covered)', m.requirementsNotCovered, 'ng')}
<details><summary>テスト (${m.tests.length})</summary><table class="tests"><thead><tr><th></th><th>パス</th><th>ステップ</th><th>要件</th></tr></thead><tbody>${tests}</tbody></table></details>
</section>`;
  });
  const t = report.totals;
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>モデルベーステスト網羅率 ${esc(report.run)}</title>
<style>
body{font-family:"Noto Sans JP","Hiragino Sans","Yu Gothic",sans-serif;margin:1.5rem;color:#1a1a1a;line-height:1.6;max-width:72rem}
table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
.bar{display:inline-block;width:8rem;height:.7rem;background:#eee;border-radius:.35rem;overflow:hidden;vertical-align:middle}
.bar span{display:block;height:100%;background:#1a7f37}.ng .bar span{background:#b35900}.info .bar span{background:#0b4f9c}
.ng{color:#a40e26}.ok{color:#1a7f37}.status{font-size:.8em;border-radius:.3rem;padding:.1rem .4rem;background:#eee}
.status.completed{background:#dafbe1}.status.failed{background:#ffebe9}.status.incomplete{background:#fff8c5}
tr.failed{background:#ffebe9}pre{white-space:pre-wrap;font-size:.85em;margin:.25rem 0}code{font-size:.9em}.meta{color:#555}
section{border-top:2px solid #ddd;margin-top:1.5rem}
</style></head><body>
<h1>モデルベーステスト網羅率</h1>
<p class="meta">実行 <code>${esc(report.run)}</code> · ソース ${esc(report.source)} · ジェネレータ <code>${esc(report.generator)}</code> · 停止条件 <code>${esc(report.stopCondition)}</code> · ${esc(report.generatedAt)}</p>
<p>フロー ${report.totalNumberOfModels}: 完了 ${report.totalNumberOfCompletedModels} · 未達 ${report.totalNumberOfIncompleteModels} · 失敗 ${report.totalNumberOfFailedModels} · 未実行 ${report.totalNumberOfNotExecutedModels}</p>
<table class="summary"><thead><tr><th>合計</th><th>到達 / 全体</th><th>網羅率</th></tr></thead><tbody>
${CRITERIA.map(([k, label]) => criterionRow(label, t[k], k !== 'oneSwitch')).join('')}
<tr><th scope="row">要件 (requirements)</th><td>${t.requirements.passed + t.requirements.failed} / ${t.requirements.total}</td><td>合格 ${t.requirements.passed} · 不合格 ${t.requirements.failed} · 未カバー ${t.requirements.notCovered}</td></tr>
<tr><th scope="row">不変条件 (invariants)</th><td>${t.invariants.held} / ${t.invariants.total}</td><td>成立 ${t.invariants.held} · 違反 ${t.invariants.violated} · 未検査 ${t.invariants.notChecked} · 検査 ${t.invariants.checks} 回</td></tr>
</tbody></table>
${models.join('\n')}
</body></html>
`;
}

/** The report as JUnit XML: a suite per flow with its tests and its enforced criteria. */
export function toJUnitXml(report: CoverageReport): string {
  const suites = report.models.map((m) => {
    const cases = m.tests.map((t) => {
      const body =
        t.status === 'failed'
          ? `<failure message="${esc((t.error ?? 'failed').split('\n')[0] ?? '')}">${esc(t.error ?? '')}</failure>`
          : t.status === 'skipped'
            ? '<skipped/>'
            : '';
      return `    <testcase classname="${esc(m.name)}" name="${esc(t.name)}">${body}</testcase>`;
    });
    const criteria: [string, boolean, string][] = [
      ['state coverage 100%', m.vertices.unvisited === 0, m.vertices.notVisited.map((i) => i.name).join('\n')],
      ['transition coverage 100%', m.edges.unvisited === 0, m.edges.notVisited.map((i) => i.name).join('\n')],
      ['guard outcome coverage 100%', m.guardOutcomes.unvisited === 0, m.guardOutcomes.notVisited.map((i) => i.name).join('\n')],
      ['requirements covered and passed', m.requirementsNotCovered.length + m.requirementsFailed.length === 0, [...m.requirementsNotCovered, ...m.requirementsFailed].join('\n')],
    ];
    if (m.invariants.total > 0) {
      criteria.push([
        'invariants checked and held',
        m.invariants.violated + m.invariants.notChecked === 0,
        m.invariants.items
          .filter((i) => i.status !== 'held')
          .map((i) => `${i.id} ${i.status}: ${i.description}`)
          .join('\n'),
      ]);
    }
    for (const [name, ok, detail] of criteria) {
      cases.push(
        `    <testcase classname="${esc(m.name)}.coverage" name="${esc(name)}">${ok ? '' : `<failure message="${esc(name)} not met">${esc(detail)}</failure>`}</testcase>`,
      );
    }
    const failures = m.tests.filter((t) => t.status === 'failed').length + criteria.filter(([, ok]) => !ok).length;
    const skipped = m.tests.filter((t) => t.status === 'skipped').length;
    const props = [
      ['modelHash', m.modelHash],
      ['vertexCoverage', String(m.vertices.coverage)],
      ['edgeCoverage', String(m.edges.coverage)],
      ['guardOutcomeCoverage', String(m.guardOutcomes.coverage)],
      ['oneSwitchCoverage', String(m.oneSwitch.coverage)],
      ['requirementCoverage', String(m.requirementCoverage)],
      ['invariantsHeld', `${m.invariants.held}/${m.invariants.total}`],
      ['invariantChecks', String(m.invariants.checks)],
    ]
      .map(([k, v]) => `      <property name="${k}" value="${esc(v ?? '')}"/>`)
      .join('\n');
    return `  <testsuite name="${esc(m.name)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}">\n    <properties>\n${props}\n    </properties>\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="model-based coverage ${esc(report.run)}">\n${suites.join('\n')}\n</testsuites>\n`;
}

/** Writes report.json, report.html, junit.xml and traces.json into `dir`; returns the paths. */
export function writeCoverageReport(report: CoverageReport, traces: readonly CoverageTrace[], dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const files: [string, string][] = [
    ['report.json', toReportJson(report)],
    ['report.html', toReportHtml(report)],
    ['junit.xml', toJUnitXml(report)],
    ['traces.json', `${JSON.stringify(traces, null, 1)}\n`],
  ];
  return files.map(([name, text]) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  });
}
