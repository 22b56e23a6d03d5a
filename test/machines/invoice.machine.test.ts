import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type SnapshotFrom } from 'xstate';
import type { InvoiceServiceResponse, InvoiceSessionResponse } from '../../contracts/api/invoice';
import type { InvoiceParameter } from '../../contracts/api/invoice-parameter';
import { invoiceMachine, type InvoiceFlowInput, type LoadInvoiceServicesInput } from '../../machines/invoice/invoice.machine';
import { invoiceSummary } from '../../machines/invoice/model-entries';
import { failures } from '../../machines/model-fixtures';
import { fail, ok, scripted, type Answer } from './support/fake-actors';

type InvoiceSnapshot = SnapshotFrom<typeof invoiceMachine>;
const routeOf = (s: InvoiceSnapshot) => Object.values(s.getMeta()).at(-1)?.route;

const session: InvoiceSessionResponse = { lineGeneration: '4g', months: ['2026/10', '2026/09'] };
const october: InvoiceServiceResponse = { month: '2026/10', invoices: [invoiceSummary('CF01', 550), invoiceSummary('CF02', 990), invoiceSummary('CF04', 1540)] };

function start(invoiceParameter: InvoiceParameter | null, sessionAnswer: Answer<InvoiceSessionResponse>, ...services: Answer<InvoiceServiceResponse>[]) {
  const loadInvoiceSession = scripted<{ sbSystemId: string }, InvoiceSessionResponse>(sessionAnswer);
  const loadInvoiceServices = scripted<LoadInvoiceServicesInput, InvoiceServiceResponse>(...services);
  const input: InvoiceFlowInput = { sbSystemId: '1000000017', invoiceParameter };
  const actor = createActor(invoiceMachine.provide({ actors: { loadInvoiceSession: loadInvoiceSession.logic, loadInvoiceServices: loadInvoiceServices.logic } }), { input }).start();
  return { actor, loadInvoiceSession, loadInvoiceServices };
}

describe('invoice（請求書）', () => {
  it('月を選ぶとその月の請求書を読み、選んだ請求書を invoiceParameter に持って表示の画面へ進み、戻ると選択を外すこと', async () => {
    const h = start(null, ok(session), ok(october));
    await waitFor(h.actor, (s) => s.matches('months'));
    expect(routeOf(h.actor.getSnapshot())).toBe('/Invoice');
    expect(h.loadInvoiceSession.calls).toEqual([{ sbSystemId: '1000000017' }]);
    h.actor.send({ type: 'month.select', month: '2026/10' });
    await waitFor(h.actor, (s) => s.matches('services'));
    expect(routeOf(h.actor.getSnapshot())).toBe('/Invoice/Services');
    expect(h.loadInvoiceServices.calls).toEqual([{ sbSystemId: '1000000017', month: '2026/10' }]);
    h.actor.send({ type: 'invoice.select', cfService: 'CF04' });
    expect(routeOf(h.actor.getSnapshot())).toBe('/Invoice/Downloads');
    expect(h.actor.getSnapshot().context.invoiceParameter).toEqual({ contents: '2026/10', cfservice: 'CF04' });
    h.actor.send({ type: 'wizard.back' });
    expect(h.actor.getSnapshot().context.invoiceParameter).toEqual({ contents: '2026/10', cfservice: null });
    h.actor.send({ type: 'wizard.back' });
    expect(h.actor.getSnapshot().value).toBe('months');
    expect(h.actor.getSnapshot().context.invoiceParameter).toEqual({ contents: null, cfservice: null });
  });

  it('一覧にない月や請求書を選んでも何も起きないこと', async () => {
    const h = start(null, ok(session), ok(october));
    await waitFor(h.actor, (s) => s.matches('months'));
    h.actor.send({ type: 'month.select', month: '2026/11' });
    expect(h.actor.getSnapshot().value).toBe('months');
    h.actor.send({ type: 'month.select', month: '2026/10' });
    await waitFor(h.actor, (s) => s.matches('services'));
    h.actor.send({ type: 'invoice.select', cfService: 'CF03' });
    expect(h.actor.getSnapshot().value).toBe('services');
  });

  it('外部のリンクが指定した月と請求書があれば、その請求書の画面へそのまま進むこと', async () => {
    const h = start({ contents: '2026/10', cfservice: 'CF02' }, ok(session), ok(october));
    await waitFor(h.actor, (s) => s.matches('downloads'));
    expect(h.actor.getSnapshot().context).toMatchObject({ invoiceParameter: { contents: '2026/10', cfservice: 'CF02' }, notice: null });
  });

  it('指定の月がなければ月の選択で、請求書がなければその月の請求書の選択で、そのことを伝えること', async () => {
    const noMonth = start({ contents: '2026/11', cfservice: 'CF01' }, ok(session));
    await waitFor(noMonth.actor, (s) => s.matches('months'));
    expect(noMonth.actor.getSnapshot().context).toMatchObject({ notice: 'monthUnavailable', invoiceParameter: { contents: null, cfservice: null } });
    expect(noMonth.loadInvoiceServices.calls).toEqual([]);
    const noInvoice = start({ contents: '2026/10', cfservice: 'CF03' }, ok(session), ok(october));
    await waitFor(noInvoice.actor, (s) => s.matches('services'));
    expect(noInvoice.actor.getSnapshot().context).toMatchObject({ notice: 'invoiceUnavailable', invoiceParameter: { contents: '2026/10', cfservice: null } });
  });

  it('読み込みに失敗するとエラー画面で終わり、エラーコードを持つこと', async () => {
    const h = start(null, fail(failures.statusForbids));
    await waitFor(h.actor, (s) => s.status === 'done');
    expect(routeOf(h.actor.getSnapshot())).toBe('/Error');
    expect(h.actor.getSnapshot().context.errorCode).toBe('E0008');
  });

  it('リンクの指定がなければ、月の選択にも請求書の選択にもお知らせを出さないこと', async () => {
    const h = start(null, ok(session), ok(october));
    await waitFor(h.actor, (s) => s.matches('months'));
    expect(h.actor.getSnapshot().context).toMatchObject({ notice: null, invoiceParameter: { contents: null, cfservice: null } });
    h.actor.send({ type: 'month.select', month: '2026/10' });
    await waitFor(h.actor, (s) => s.matches('services'));
    expect(h.actor.getSnapshot().context.notice).toBeNull();
  });

  it('リンクが月だけを指定したら、その月の請求書の選択をお知らせなしで出すこと', async () => {
    const h = start({ contents: '2026/10', cfservice: null }, ok(session), ok(october));
    await waitFor(h.actor, (s) => s.matches('services'));
    expect(h.actor.getSnapshot().context).toMatchObject({ notice: null, invoiceParameter: { contents: '2026/10', cfservice: null } });
  });

  it('リンクから請求書の画面へ直接進んでも、その月の請求書（表示する金額）を持っていること', async () => {
    const h = start({ contents: '2026/10', cfservice: 'CF02' }, ok(session), ok(october));
    await waitFor(h.actor, (s) => s.matches('downloads'));
    expect(h.actor.getSnapshot().context.invoices).toEqual(october.invoices);
  });

  it('月の請求書の読み込みに失敗すると、そのエラーコードを持ってエラー画面で終わること', async () => {
    const h = start(null, ok(session), fail(failures.congestion));
    await waitFor(h.actor, (s) => s.matches('months'));
    h.actor.send({ type: 'month.select', month: '2026/10' });
    await waitFor(h.actor, (s) => s.status === 'done');
    expect(routeOf(h.actor.getSnapshot())).toBe('/Error');
    expect(h.actor.getSnapshot().context.errorCode).toBe('W0010');
  });

  it('選んだ月と請求書はスナップショットに残り、再読み込みで同じ画面に戻ること', async () => {
    const h = start(null, ok(session), ok(october));
    await waitFor(h.actor, (s) => s.matches('months'));
    h.actor.send({ type: 'month.select', month: '2026/10' });
    await waitFor(h.actor, (s) => s.matches('services'));
    h.actor.send({ type: 'invoice.select', cfService: 'CF02' });
    const restored = createActor(invoiceMachine, { snapshot: h.actor.getPersistedSnapshot(), input: { sbSystemId: '1000000017' } }).start();
    expect(restored.getSnapshot().value).toBe('downloads');
    expect(restored.getSnapshot().context.invoiceParameter).toEqual({ contents: '2026/10', cfservice: 'CF02' });
  });
});
