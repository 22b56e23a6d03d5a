import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type SnapshotFrom } from 'xstate';
import type { FlowContract } from '../../contracts/api/service-contracts';
import { anshinChangePaymentMachine } from '../../machines/anshin-data-box/anshin-data-box.flows';
import { failures, sampleCard, sampleInput } from '../../machines/model-fixtures';
import { fail } from './support/fake-actors';
import { contractActors, contractOf } from './support/flow-harness';

type ChangeActor = ReturnType<typeof createActor<typeof anshinChangePaymentMachine>>;
type ChangeSnapshot = SnapshotFrom<typeof anshinChangePaymentMachine>;

const routeOf = (s: ChangeSnapshot) => Object.values(s.getMeta()).at(-1)?.route;

async function start(contract: FlowContract, update?: Parameters<typeof contractActors>[1]) {
  const h = contractActors(contract, update);
  const actor = createActor(anshinChangePaymentMachine.provide({ actors: h.actors }), { input: sampleInput }).start();
  await waitFor(actor, (s) => s.matches('detail'));
  return { ...h, actor };
}

async function submit(actor: ChangeActor) {
  actor.send({ type: 'confirm.submit' });
  actor.send({ type: 'otp.send', channel: 'sms' });
  const otp = actor.getSnapshot().children.verifyContact;
  if (!otp) throw new Error('the one-time password step did not start');
  await waitFor(otp, (s) => s.value === 'codeEntry');
  actor.send({ type: 'otp.submit', code: '123456' });
  await waitFor(actor, (s) => !s.hasTag('busy') && !s.matches('otp'));
}

async function newCard(actor: ChangeActor) {
  actor.send({ type: 'payment.select', method: '99', label: '新しいクレジットカード' });
  await waitFor(actor, (s) => s.hasTag('external'));
  actor.send({ type: 'provider.returned', outcome: 'completed' });
  await waitFor(actor, (s) => s.matches('confirm'));
}

describe('anshinChangePayment（お支払い方法の変更）', () => {
  it('カード払いの契約で変更画面に入ると変更の申込種別07が仮設定されること', async () => {
    const { actor } = await start(contractOf('active', '02'));
    expect(routeOf(actor.getSnapshot())).toBe('/AnshinDataBox/Service/Detail');
    actor.send({ type: 'wizard.next' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('paymentSelect');
    expect(routeOf(snapshot)).toBe('/AnshinDataBox/Update/Payment');
    expect(snapshot.hasTag('noBack')).toBe(true);
    expect(snapshot.context.changeInfo.requestType).toBe('07');
    expect(snapshot.context.changeInfo).toMatchObject({ planId: '225', paymentMethodLabel: '', paymentMethodDetails: [], tokenPAN: null });
  });

  it('カードからカードへの変更は操作コード20で事業者へ行き、申込種別07で更新されること', async () => {
    const h = await start(contractOf('active', '02'));
    h.actor.send({ type: 'wizard.next' });
    await newCard(h.actor);
    expect(h.createPaymentSession.calls[0]?.body.operationType).toBe('20');
    expect(routeOf(h.actor.getSnapshot())).toBe('/AnshinDataBox/Update/Confirm');
    await submit(h.actor);
    expect(h.actor.getSnapshot().value).toBe('completed');
    expect(routeOf(h.actor.getSnapshot())).toBe('/AnshinDataBox/Update/Completed');
    expect(h.updateContract.calls[0]?.body).toMatchObject({
      requestType: '07',
      resume: false,
      tokenPAN: sampleCard.tokenPAN,
      paymentMethodLabel: 'クレジットカード',
    });
  });

  it('携帯払いからカードへの変更は操作コード40・申込種別09になること', async () => {
    const h = await start(contractOf('active', '01'));
    h.actor.send({ type: 'wizard.next' });
    expect(h.actor.getSnapshot().context.changeInfo.requestType).toBe('09');
    await newCard(h.actor);
    expect(h.createPaymentSession.calls[0]?.body.operationType).toBe('40');
    expect(h.actor.getSnapshot().context.changeInfo.requestType).toBe('09');
  });

  it('カードから携帯払いへの変更は申込種別08で、トークン値を消すだけで一時コピーを作らないこと', async () => {
    const h = await start(contractOf('active', '02'));
    h.actor.send({ type: 'wizard.next' });
    await newCard(h.actor);
    h.actor.send({ type: 'wizard.back' });
    h.actor.send({ type: 'payment.select', method: '01', label: '携帯電話料金とまとめて支払い' });
    const info = h.actor.getSnapshot().context.changeInfo;
    expect(info).toMatchObject({ requestType: '08', tokenPAN: null, tokenPanEffectiveDate: null, checkRequestValidityToken: null, paymentMethodDetails: [] });
    expect(info).not.toHaveProperty('tempCredit');
    await submit(h.actor);
    expect(h.updateContract.calls[0]?.body).toMatchObject({ requestType: '08', paymentMethodLabel: '携帯電話料金とまとめて支払い' });
  });

  it('カードから携帯払いへの変更は支払方法ラベルが空なら確認に進めないこと', async () => {
    const { actor } = await start(contractOf('active', '02'));
    actor.send({ type: 'wizard.next' });
    expect(actor.getSnapshot().can({ type: 'payment.select', method: '01', label: ' ' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'payment.select', method: '01', label: '携帯電話料金とまとめて支払い' })).toBe(true);
  });

  it('携帯払いの契約は携帯払いを選び直せないこと', async () => {
    const { actor } = await start(contractOf('active', '01'));
    actor.send({ type: 'wizard.next' });
    expect(actor.getSnapshot().can({ type: 'payment.select', method: '01', label: '携帯電話料金とまとめて支払い' })).toBe(false);
  });

  it('利用停止中の契約は支払方法の変更を始められないこと', async () => {
    const { actor } = await start(contractOf('suspended', '02'));
    expect(actor.getSnapshot().can({ type: 'wizard.next' })).toBe(false);
  });

  it('更新でW0008が返ったら支払方法の選択に戻り、変更の申込種別を保つこと', async () => {
    const h = await start(contractOf('active', '02'), [fail(failures.cardUnusable)]);
    h.actor.send({ type: 'wizard.next' });
    await newCard(h.actor);
    await submit(h.actor);
    const snapshot = h.actor.getSnapshot();
    expect(snapshot.value).toBe('paymentSelect');
    expect(snapshot.context.notice).toBe('W0008');
    expect(snapshot.context.changeInfo).toMatchObject({ requestType: '07', tokenPAN: null });
  });

  it('支払方法のない契約は変更を始められないこと', async () => {
    const { actor } = await start(contractOf('active', null));
    expect(actor.getSnapshot().can({ type: 'wizard.next' })).toBe(false);
  });

  it('新しいカードを選ぶと事業者の画面のURLを持ち、前に登録したカードを消してから事業者へ行くこと', async () => {
    const h = await start(contractOf('active', '02'));
    h.actor.send({ type: 'wizard.next' });
    await newCard(h.actor);
    expect(h.actor.getSnapshot().context.changeInfo.paymentMethodDetails).toEqual(['**** **** **** 4242']);
    h.actor.send({ type: 'wizard.back' });
    h.actor.send({ type: 'payment.select', method: '99', label: '新しいクレジットカード' });
    await waitFor(h.actor, (s) => s.hasTag('external'));
    const away = h.actor.getSnapshot().context;
    expect(away.redirectOrderUrl).toBe('https://card.example.jp/order/o-2');
    expect(away.changeInfo).toMatchObject({ requestType: '07', tokenPAN: null, checkRequestValidityToken: null, paymentMethodDetails: [] });
  });
});
