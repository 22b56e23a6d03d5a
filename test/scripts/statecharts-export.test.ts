// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { buildChartModel, canonicalJson, parseChartModel } from '../../scripts/statecharts/chart-model';
import { renderAll } from '../../scripts/statecharts/export-all';
import { toGraphWalker } from '../../scripts/statecharts/graphwalker-export';
import { toIndexMarkdown } from '../../scripts/statecharts/index-markdown';
import { toMermaid } from '../../scripts/statecharts/mermaid-export';
import { SERVICE_INVOKE_TYPE, toScxml } from '../../scripts/statecharts/scxml-export';
import { textWidth, toSvg } from '../../scripts/statecharts/svg-export';
import { fixtureRegistry } from '../mbt/fixtures/fixture-registry';

// ELK layouts take seconds on the shared two-core machines.
vi.setConfig({ testTimeout: 30_000 });

const [applyEntry, cancelEntry] = fixtureRegistry;
if (!applyEntry || !cancelEntry) throw new Error('fixture registry changed');
const apply = buildChartModel(applyEntry);
const cancel = buildChartModel(cancelEntry);

function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}

describe('chart model', () => {
  it('labels states with title, route and screen ID and names guards', () => {
    const state = apply.states.find((s) => s.id === 'fixtureApply.apply');
    expect(state).toMatchObject({ title: 'あんしんデータボックスのお申し込み', route: '/AnshinDataBox/Apply', pageId: 'ADB0002' });
    expect(state?.tags).toEqual(['noBack', 'persistable', 'step']);
    const submit = apply.transitions.filter((t) => t.source === 'fixtureApply.apply' && t.event === 'wizard.submit');
    expect(submit.map((t) => [t.key, t.guard, t.isElse])).toEqual([
      ['fixtureApply.apply|wizard.submit|0', 'hasPaymentMethod', false],
      ['fixtureApply.apply|wizard.submit|1', null, true],
    ]);
  });

  it('lists always, after, done and error transitions and the requirements of states and transitions', () => {
    const kinds = new Set(apply.transitions.map((t) => t.kind));
    expect([...kinds].sort()).toEqual(['after', 'always', 'done.actor', 'error.actor', 'event']);
    expect(apply.transitions.find((t) => t.kind === 'after')).toMatchObject({ delay: 1_800_000, label: 'after 30 min' });
    expect(apply.requirements).toContain('ADB-APPLY-007');
    expect(apply.requirements).toContain('ADB-APPLY-001');
  });

  it('is deterministic, sorted and function-free JSON whose version is a hash of the content', () => {
    const again = buildChartModel(applyEntry);
    expect(canonicalJson(again, 2)).toBe(canonicalJson(apply, 2));
    const text = canonicalJson(apply, 2);
    expect(text).not.toContain('function');
    const keys = Object.keys(JSON.parse(text) as object);
    expect(keys).toEqual([...keys].sort());
    expect(parseChartModel(text).machineVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(apply.machineVersion).not.toBe(cancel.machineVersion);
  });
});

describe('exports', () => {
  it('writes Mermaid with guards, else-branches and lifted cross-composite edges', () => {
    const text = toMermaid(cancel);
    expect(text).toContain('stateDiagram-v2');
    expect(text).toContain('fixtureCancel_confirm_reviewing --> fixtureCancel_confirm_submitting : wizard.submit [hasAgreed]');
    expect(text).toContain('wizard.submit [else] (internal)');
    // Mermaid cannot link into another composite state: the edge starts at the container.
    expect(text).toContain('fixtureCancel_confirm --> fixtureCancel_inform : wizard.back (confirm.reviewing → inform)');
    expect(text).toContain(`machineVersion ${cancel.machineVersion}`);
    expect(toMermaid(apply)).toContain('any_state --> fixtureApply_aborted : wizard.abort');
  });

  it('draws a well-formed SVG with titles, routes, screen IDs, tags and edge labels', async () => {
    const svg = await toSvg(apply);
    const doc = parseXml(svg);
    const apply_ = doc.querySelector('[data-state-id="fixtureApply.apply"]');
    expect(apply_?.textContent).toContain('あんしんデータボックスのお申し込み');
    expect(apply_?.textContent).toContain('ADB0002  /AnshinDataBox/Apply');
    expect(apply_?.textContent).toContain('#noBack');
    expect(doc.querySelector('[data-transition="fixtureApply.apply|wizard.submit|0"]')?.textContent?.trim()).toBe('wizard.submit [hasPaymentMethod]');
    expect(doc.documentElement.getAttribute('data-machine-version')).toBe(apply.machineVersion);
    expect(await toSvg(apply)).toBe(svg);
  });

  it('estimates full-width text at 1em and the rest narrower', () => {
    expect(textWidth('あいう', 10)).toBe(30);
    expect(textWidth('abc', 10)).toBe(18);
  });

  it('writes executable SCXML: conditions, assignments, invokes of services, real delays and top-level finals', () => {
    const doc = parseXml(toScxml(apply, applyEntry));
    expect(doc.documentElement.namespaceURI).toBe('http://www.w3.org/2005/07/scxml');
    expect(doc.documentElement.getAttribute('datamodel')).toBe('ecmascript');
    const conds = [...doc.getElementsByTagName('transition')].map((t) => t.getAttribute('cond')).filter(Boolean);
    expect(conds).toEqual(expect.arrayContaining(['(_event.data.eligible === true)', "(paymentMethod === '99')", "(_event.data.status === 'success')"]));
    const assign = doc.querySelector('transition[event="payment.select"] > assign');
    expect([assign?.getAttribute('location'), assign?.getAttribute('expr')]).toEqual(['paymentMethod', '_event.data.method']);
    expect([...doc.getElementsByTagName('data')].map((d) => d.getAttribute('id'))).toContain('paymentMethod');
    const invoke = doc.getElementsByTagName('invoke')[0];
    expect([invoke?.getAttribute('id'), invoke?.getAttribute('src'), invoke?.getAttribute('type')]).toEqual([
      'checkEligibility',
      'service:checkEligibility',
      SERVICE_INVOKE_TYPE,
    ]);
    expect(doc.getElementsByTagName('send')[0]?.getAttribute('delay')).toBe('1800000ms');
    const completed = [...doc.getElementsByTagName('final')].find((f) => f.getAttribute('id') === 'fixtureApply.completed');
    expect(completed?.parentElement?.localName).toBe('scxml');
    expect(completed?.querySelector('donedata > param')?.getAttribute('expr')).toBe("'completed'");
    const ids = [...doc.querySelectorAll('[id]')].map((e) => e.getAttribute('id'));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('writes a GraphWalker model with named vertices and edges, guards and requirements', () => {
    const model = toGraphWalker(cancel).models[0];
    expect(model?.startElementId).toBe('v_fixtureCancel_inform');
    expect(model?.vertices.map((v) => v.name)).toEqual(['v_inform', 'v_confirm_reviewing', 'v_confirm_submitting', 'v_completed', 'v_reserved']);
    const guarded = model?.edges.find((e) => e.guard === 'hasAgreed');
    expect(guarded).toMatchObject({ name: 'e_wizard_submit', sourceVertexId: 'v_fixtureCancel_confirm_reviewing', requirements: ['ADB-CANCEL-002'] });
    const ids = new Set(model?.vertices.map((v) => v.id));
    for (const e of model?.edges ?? []) expect(ids.has(e.sourceVertexId) && ids.has(e.targetVertexId)).toBe(true);
  });

  it('indexes each transition as state, route, screen ID, event, targets, guard and requirements', () => {
    // A nested state without its own page shows the title, route and screen ID of its page.
    const md = toIndexMarkdown(cancel);
    expect(md).toContain(
      '| `confirm.reviewing` | あんしんデータボックスの解約内容の確認 | /AnshinDataBox/Cancel/Confirm | ADB0009 | step | `wizard.submit` | `confirm.submitting` | `hasAgreed` | ADB-CANCEL-002 |',
    );
    expect(md).toContain(`machineVersion: \`${cancel.machineVersion}\``);
  });

  it('renders every file of every flow plus the README, identically on each run', async () => {
    const first = await renderAll(fixtureRegistry);
    expect([...first.keys()].filter((k) => k.startsWith('fixtureCancel/')).sort()).toEqual([
      'fixtureCancel/fixtureCancel.graphwalker.json',
      'fixtureCancel/fixtureCancel.json',
      'fixtureCancel/fixtureCancel.mmd',
      'fixtureCancel/fixtureCancel.scxml',
      'fixtureCancel/fixtureCancel.svg',
      'fixtureCancel/index.md',
    ]);
    expect(first.get('README.md')).toContain('[あんしんデータボックスの解約（フィクスチャ）](./fixtureCancel/index.md)');
    const second = await renderAll(fixtureRegistry);
    expect([...second]).toEqual([...first]);
  });
});
