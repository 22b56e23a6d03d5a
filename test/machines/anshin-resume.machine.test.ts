import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { FlowContract } from '../../contracts/api/service-contracts';
import { nextStatusOnResume } from '../../contracts/lifecycle';
import { anshinResumeMachine } from '../../machines/anshin-data-box/anshin-data-box.flows';
import { sampleCard, sampleInput } from '../../machines/model-fixtures';
import { contractActors, contractOf } from './support/flow-harness';

type ResumeActor = ReturnType<typeof createActor<typeof anshinResumeMachine>>;

async function start(contract: FlowContract) {
  const h = contractActors(contract);
  const actor = createActor(anshinResumeMachine.provide({ actors: h.actors }), { input: sampleInput }).start();
  await waitFor(actor, (s) => s.matches('confirm'));
  return { ...h, actor };
}

async function submit(actor: ResumeActor) {
  actor.send({ type: 'confirm.submit' });
  actor.send({ type: 'otp.send', channel: 'email' });
  const otp = actor.getSnapshot().children.verifyContact;
  if (!otp) throw new Error('the one-time password step did not start');
  await waitFor(otp, (s) => s.value === 'codeEntry');
  actor.send({ type: 'otp.submit', code: '123456' });
  await waitFor(actor, (s) => s.status === 'done');
}

describe('anshinResume（利用再開）', () => {
  it('支払方法を変えない再開は申込種別なし・resumeのみで更新し、完了画面に進むこと', async () => {
    const h = await start(contractOf('suspended', '01'));
    expect(h.actor.getSnapshot().can({ type: 'confirm.submit' })).toBe(false);
    h.actor.send({ type: 'payment.select', method: '01', label: '携帯電話料金とまとめて支払い' });
    await submit(h.actor);
    expect(h.actor.getSnapshot().value).toBe('completed');
    expect(Object.values(h.actor.getSnapshot().getMeta()).at(-1)?.route).toBe('/AnshinDataBox/Resume/Completed');
    expect(h.updateContract.calls[0]?.body).toMatchObject({ requestType: null, resume: true, tokenPAN: null });
    expect(nextStatusOnResume('suspended', null)).toBe('active');
  });

  it('カード払いの契約で新しいカードを選ぶと操作コード60・申込種別07で再開すること', async () => {
    const h = await start(contractOf('suspended', '02'));
    h.actor.send({ type: 'payment.select', method: '99', label: '新しいクレジットカード' });
    await waitFor(h.actor, (s) => s.hasTag('external'));
    h.actor.send({ type: 'provider.returned', outcome: 'completed' });
    await waitFor(h.actor, (s) => s.matches('confirm'));
    expect(h.createPaymentSession.calls[0]?.body.operationType).toBe('60');
    await submit(h.actor);
    expect(h.updateContract.calls[0]?.body).toMatchObject({ requestType: '07', resume: true, tokenPAN: sampleCard.tokenPAN });
  });

  it('携帯払いの契約で新しいカードを選ぶと操作コード70・申込種別09になること', async () => {
    const h = await start(contractOf('suspended', '01'));
    h.actor.send({ type: 'payment.select', method: '99', label: '新しいクレジットカード' });
    await waitFor(h.actor, (s) => s.hasTag('external'));
    h.actor.send({ type: 'provider.returned', outcome: 'completed' });
    await waitFor(h.actor, (s) => s.matches('confirm'));
    expect(h.createPaymentSession.calls[0]?.body.operationType).toBe('70');
    expect(h.actor.getSnapshot().context.resumeInfo.requestType).toBe('09');
  });

  it('カード払いから携帯払いに変えて再開すると申込種別08になること', async () => {
    const h = await start(contractOf('suspended', '02'));
    h.actor.send({ type: 'payment.select', method: '01', label: '携帯電話料金とまとめて支払い' });
    await submit(h.actor);
    expect(h.updateContract.calls[0]?.body).toMatchObject({ requestType: '08', resume: true });
  });

  it('利用停止中でない契約は再開を送信できないこと', async () => {
    const { actor } = await start(contractOf('active', '02'));
    actor.send({ type: 'payment.select', method: '02', label: 'クレジットカード' });
    expect(actor.getSnapshot().context.resumeInfo.paymentMethodValue).toBe('02');
    expect(actor.getSnapshot().can({ type: 'confirm.submit' })).toBe(false);
    expect(nextStatusOnResume('active', null)).toBeUndefined();
  });

  it('今の支払方法を続けると、契約のラベルと明細のまま申込種別なしで再開すること', async () => {
    const h = await start(contractOf('suspended', '02'));
    h.actor.send({ type: 'payment.select', method: '02', label: 'クレジットカード' });
    expect(h.actor.getSnapshot().context.resumeInfo).toMatchObject({
      requestType: null,
      planId: '225',
      paymentMethodValue: '02',
      paymentMethodLabel: 'クレジットカード',
      paymentMethodDetails: ['**** **** **** 1111'],
      tokenPAN: null,
    });
    await submit(h.actor);
    expect(h.updateContract.calls[0]?.body).toMatchObject({ requestType: null, resume: true, paymentMethodLabel: 'クレジットカード' });
  });

  it('携帯払いに変える再開は選んだ一覧のラベルを送ること', async () => {
    const h = await start(contractOf('suspended', '02'));
    h.actor.send({ type: 'payment.select', method: '01', label: 'ケータイ払い' });
    expect(h.actor.getSnapshot().context.resumeInfo).toMatchObject({ paymentMethodValue: '01', paymentMethodLabel: 'ケータイ払い' });
    await submit(h.actor);
    expect(h.updateContract.calls[0]?.body).toMatchObject({ requestType: '08', paymentMethodLabel: 'ケータイ払い' });
  });

  it('新しいカードを選ぶと事業者の画面のURLを持ち、選び直した支払方法を消してから事業者へ行くこと', async () => {
    const h = await start(contractOf('suspended', '02'));
    h.actor.send({ type: 'payment.select', method: '01', label: '携帯電話料金とまとめて支払い' });
    h.actor.send({ type: 'payment.select', method: '99', label: '新しいクレジットカード' });
    await waitFor(h.actor, (s) => s.hasTag('external'));
    const away = h.actor.getSnapshot().context;
    expect(away.redirectOrderUrl).toBe('https://card.example.jp/order/o-2');
    expect(away.resumeInfo).toMatchObject({ requestType: null, paymentMethodValue: 'startup', paymentMethodLabel: '' });
  });

  it('契約のない場合はサービスの最初のプランで、支払方法が決まるまで再開できないこと', async () => {
    const h = await start(contractOf('none', null));
    expect(h.actor.getSnapshot().can({ type: 'payment.select', method: '01', label: '携帯電話料金とまとめて支払い' })).toBe(false);
    h.actor.send({ type: 'payment.select', method: '99', label: '新しいクレジットカード' });
    await waitFor(h.actor, (s) => s.hasTag('external'));
    expect(h.actor.getSnapshot().context.resumeInfo.planId).toBe('225');
  });
});
