import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type Snapshot, type SnapshotFrom } from 'xstate';
import type { ContractReceipt } from '../../contracts/api/service-requests';
import type { CouponJudgeResponse } from '../../contracts/api/coupon';
import type { EntryJudgementResponse } from '../../contracts/api/entry-judgement';
import type { OtpResponse } from '../../contracts/api/otp';
import type { PaymentInformationResponse, PaymentMethodsResponse, ProviderOrder } from '../../contracts/api/payment';
import { anshinApplyMachine } from '../../machines/anshin-data-box/anshin-data-box.flows';
import {
  toRegisterRequest,
  type ApplyContext,
  type JudgeCouponInput,
  type JudgeEntryInput,
  type LoadPaymentMethodsInput,
  type RegisterServiceInput,
} from '../../machines/service-flow/apply.flow';
import {
  cardProviderMachine,
  type CreatePaymentSessionInput,
  type VerifyPaymentResultInput,
} from '../../machines/card-provider.machine';
import { failures, sampleCard, sampleInput, sampleReceipt } from '../../machines/model-fixtures';
import { otpMachine, type CheckOtpInput, type SendOtpInput } from '../../machines/otp.machine';
import { redactSnapshot } from '../../machines/persistence';
import { fail, ok, scripted, type Answer } from './support/fake-actors';

const judgedOk: EntryJudgementResponse = { result: 'OK', ngList: [] };
const retryable: EntryJudgementResponse = {
  result: 'NG',
  ngList: [{ parameter: 'orderInProgress', reason: 'ORDER_IN_PROGRESS' }],
};
const methods: PaymentMethodsResponse = {
  paymentMethodList: [
    { value: '99', label: '新しいクレジットカード', details: [] },
    { value: '01', label: '携帯電話料金とまとめて支払い', details: [] },
  ],
};
const session: PaymentInformationResponse = { redirectOrderUrl: 'https://card.example.jp/order/o-1', orderId: 'o-1' };
const completedOrder: ProviderOrder = { orderId: 'o-1', status: 'completed', card: sampleCard };
const otpOk: OtpResponse = { result: 'OK', ngMessage: null };

type Options = {
  judge?: Answer<EntryJudgementResponse>[];
  coupon?: Answer<CouponJudgeResponse>[];
  order?: Answer<ProviderOrder>[];
  register?: Answer<ContractReceipt>[];
  otpCheck?: Answer<OtpResponse>[];
  methods?: Answer<PaymentMethodsResponse>[];
};

function harness(options: Options = {}) {
  const judgeEntry = scripted<JudgeEntryInput, EntryJudgementResponse>(...(options.judge ?? [ok(judgedOk)]));
  const judgeCoupon = scripted<JudgeCouponInput, CouponJudgeResponse>(
    ...(options.coupon ?? [ok<CouponJudgeResponse>({ result: 'OK', couponCd: 'WELCOME550', couponName: '初月無料クーポン' })]),
  );
  const loadPaymentMethods = scripted<LoadPaymentMethodsInput, PaymentMethodsResponse>(...(options.methods ?? [ok(methods)]));
  const createPaymentSession = scripted<CreatePaymentSessionInput, PaymentInformationResponse>(ok(session));
  const verifyPaymentResult = scripted<VerifyPaymentResultInput, ProviderOrder>(...(options.order ?? [ok(completedOrder)]));
  const sendOtp = scripted<SendOtpInput, OtpResponse>(ok(otpOk));
  const checkOtp = scripted<CheckOtpInput, OtpResponse>(...(options.otpCheck ?? [ok(otpOk)]));
  const registerService = scripted<RegisterServiceInput, ContractReceipt>(...(options.register ?? [ok(sampleReceipt)]));
  const machine = anshinApplyMachine.provide({
    actors: {
      judgeEntry: judgeEntry.logic,
      judgeCoupon: judgeCoupon.logic,
      loadPaymentMethods: loadPaymentMethods.logic,
      registerCard: cardProviderMachine.provide({
        actors: { createPaymentSession: createPaymentSession.logic, verifyPaymentResult: verifyPaymentResult.logic },
      }),
      verifyContact: otpMachine.provide({ actors: { sendOtp: sendOtp.logic, checkOtp: checkOtp.logic } }),
      registerService: registerService.logic,
    },
  });
  return { machine, judgeEntry, judgeCoupon, loadPaymentMethods, createPaymentSession, verifyPaymentResult, registerService };
}

type ApplyActor = ReturnType<typeof createActor<typeof anshinApplyMachine>>;
type ApplySnapshot = SnapshotFrom<typeof anshinApplyMachine>;

const settled = (actor: ApplyActor, predicate: (s: ApplySnapshot) => boolean) => waitFor(actor, predicate, { timeout: 1000 });

function metaOf(snapshot: ApplySnapshot) {
  return Object.values(snapshot.getMeta()).at(-1);
}

async function toPaymentSelect(actor: ApplyActor) {
  actor.send({ type: 'wizard.next' });
  await settled(actor, (s) => s.matches('applyForm'));
  actor.send({ type: 'consent.toggle', consented: true });
  actor.send({ type: 'wizard.next' });
  await settled(actor, (s) => s.matches('paymentSelect'));
}

async function throughNewCard(actor: ApplyActor) {
  actor.send({ type: 'payment.select', method: '99' });
  await settled(actor, (s) => s.hasTag('external'));
  actor.send({ type: 'provider.returned', outcome: 'completed' });
  await settled(actor, (s) => !s.matches({ cardProvider: 'verifying' }));
}

async function toCodeEntry(actor: ApplyActor) {
  actor.send({ type: 'confirm.submit' });
  actor.send({ type: 'otp.send', channel: 'email' });
  const otp = actor.getSnapshot().children.verifyContact;
  if (!otp) throw new Error('the one-time password step did not start');
  await waitFor(otp, (s) => s.value === 'codeEntry', { timeout: 1000 });
}

async function submitWithOtp(actor: ApplyActor) {
  await toCodeEntry(actor);
  actor.send({ type: 'otp.submit', code: '123456' });
  await settled(actor, (s) => s.status === 'done' || s.matches('submitUnknown') || s.matches('paymentSelect'));
}

describe('anshinApply（お申し込み）', () => {
  afterEach(() => vi.useRealTimers());

  it('携帯電話料金とまとめて支払いで申し込むと申込種別01で登録され、完了画面に進むこと', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: sampleInput }).start();
    expect(metaOf(actor.getSnapshot())).toMatchObject({ route: '/AnshinDataBox', pageId: 'ADB0001', title: 'あんしんデータボックス' });

    await toPaymentSelect(actor);
    expect(actor.getSnapshot().hasTag('noBack')).toBe(true);
    expect(h.judgeEntry.calls).toEqual([{ sbSystemId: sampleInput.sbSystemId, contentsServiceId: '223' }]);

    actor.send({ type: 'payment.select', method: '01' });
    const confirm = actor.getSnapshot();
    expect(confirm.value).toBe('confirm');
    expect(metaOf(confirm)?.route).toBe('/AnshinDataBox/Apply');
    expect(confirm.context.applyInfo).toMatchObject({ requestType: '01', paymentMethodValue: '01', tokenPAN: null });

    await submitWithOtp(actor);
    const done = actor.getSnapshot();
    expect(done.value).toBe('completed');
    expect(metaOf(done)).toMatchObject({ route: '/AnshinDataBox/Apply/Completed', pageId: 'ADB0003' });
    expect(h.registerService.calls).toHaveLength(1);
    expect(h.registerService.calls[0]?.body).toMatchObject({
      serviceId: '223',
      planId: '225',
      requestType: '01',
      paymentMethodValue: '01',
      tokenPAN: null,
      consented: true,
    });
    expect(h.registerService.calls[0]?.requestKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('新しいカードで申し込むと操作コード10でカード決済事業者へ行き、申込種別02とトークン値で登録されること', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    actor.send({ type: 'payment.select', method: '99' });
    await settled(actor, (s) => s.hasTag('external'));
    expect(h.createPaymentSession.calls[0]).toEqual({
      sbSystemId: sampleInput.sbSystemId,
      contentsServiceId: '223',
      body: { operationType: '10', ...sampleInput.returnUrls },
    });
    expect(actor.getSnapshot().context.redirectOrderUrl).toBe(session.redirectOrderUrl);

    actor.send({ type: 'provider.returned', outcome: 'completed' });
    await settled(actor, (s) => s.matches('confirm'));
    expect(h.verifyPaymentResult.calls[0]).toEqual({ sbSystemId: sampleInput.sbSystemId, contentsServiceId: '223', orderId: 'o-1' });
    expect(actor.getSnapshot().context.applyInfo).toMatchObject({
      requestType: '02',
      paymentMethodValue: '99',
      tokenPAN: sampleCard.tokenPAN,
      paymentMethodDetails: ['**** **** **** 4242'],
    });

    await submitWithOtp(actor);
    expect(actor.getSnapshot().value).toBe('completed');
    expect(h.registerService.calls[0]?.body).toMatchObject({
      requestType: '02',
      tokenPAN: sampleCard.tokenPAN,
      tokenPanEffectiveDate: sampleCard.tokenPanEffectiveDate,
      checkRequestValidityToken: sampleCard.checkRequestValidityToken,
    });
  });

  it('携帯払いを選ぶとカードのトークン値が一時コピーへ移って消え、カードを選び直すと事業者へ行かずに復元されること', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    await throughNewCard(actor);
    actor.send({ type: 'wizard.back' });
    actor.send({ type: 'payment.select', method: '01' });

    const mobile = actor.getSnapshot().context.applyInfo;
    expect(mobile).toMatchObject({ requestType: '01', tokenPAN: null, tokenPanEffectiveDate: null, checkRequestValidityToken: null });
    expect(mobile.tempCredit).toEqual({
      tokenPAN: sampleCard.tokenPAN,
      tokenPanEffectiveDate: sampleCard.tokenPanEffectiveDate,
      checkRequestValidityToken: sampleCard.checkRequestValidityToken,
      last4: '4242',
    });

    actor.send({ type: 'wizard.back' });
    actor.send({ type: 'payment.select', method: '99' });
    const restored = actor.getSnapshot();
    expect(restored.value).toBe('confirm');
    expect(h.createPaymentSession.calls).toHaveLength(1);
    expect(restored.context.applyInfo).toMatchObject({
      requestType: '02',
      tokenPAN: sampleCard.tokenPAN,
      tempCredit: null,
      paymentMethodDetails: ['**** **** **** 4242'],
    });
  });

  it('利用可否判定は再試行対象のNGの間250ms間隔で再試行し、OKになれば申込画面に進むこと', async () => {
    vi.useFakeTimers();
    const h = harness({ judge: [ok(retryable), ok(retryable), ok(judgedOk)] });
    const actor = createActor(h.machine, { input: sampleInput }).start();
    actor.send({ type: 'wizard.next' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('judgeRetryWait');
    expect(h.judgeEntry.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(249);
    expect(h.judgeEntry.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.judgeEntry.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(250);
    expect(h.judgeEntry.calls).toHaveLength(3);
    expect(actor.getSnapshot().value).toBe('applyForm');
    expect(actor.getSnapshot().context.judgeRetries).toBe(2);
  });

  it('再試行は4回までで、なおNGなら理由を日本語文言で表示して申込不可とすること', async () => {
    vi.useFakeTimers();
    const h = harness({ judge: [ok(retryable)] });
    const actor = createActor(h.machine, { input: sampleInput }).start();
    actor.send({ type: 'wizard.next' });
    await vi.advanceTimersByTimeAsync(5 * 250);
    expect(h.judgeEntry.calls).toHaveLength(5);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('ineligible');
    expect(snapshot.context.ineligibleReasons).toEqual([
      '前回のお手続きを処理中です。しばらく時間をおいてから、もう一度お試しください。',
    ]);
  });

  it('再試行対象でないNGは再試行せず、未知の理由はサーバーの理由をそのまま表示すること', async () => {
    const h = harness({ judge: [ok({ result: 'NG', ngList: [{ parameter: 'contractStatus', reason: '現在お申し込みいただけません（コード17）' }] })] });
    const actor = createActor(h.machine, { input: sampleInput }).start();
    actor.send({ type: 'wizard.next' });
    await settled(actor, (s) => s.matches('ineligible'));
    expect(h.judgeEntry.calls).toHaveLength(1);
    expect(actor.getSnapshot().context.ineligibleReasons).toEqual(['現在お申し込みいただけません（コード17）']);
  });

  it('メールアドレスのみのNGは無視して申込画面に進むこと', async () => {
    const h = harness({ judge: [ok({ result: 'NG', ngList: [{ parameter: 'mailAddress', reason: 'MAIL_ADDRESS_UNCONFIRMED' }] })] });
    const actor = createActor(h.machine, { input: sampleInput }).start();
    actor.send({ type: 'wizard.next' });
    await settled(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe('applyForm');
  });

  it('規約に同意するまで支払方法の選択へ進めないこと', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: sampleInput }).start();
    actor.send({ type: 'wizard.next' });
    await settled(actor, (s) => s.matches('applyForm'));
    expect(actor.getSnapshot().can({ type: 'wizard.next' })).toBe(false);
    actor.send({ type: 'consent.toggle', consented: true });
    expect(actor.getSnapshot().can({ type: 'wizard.next' })).toBe(true);
  });

  it('クーポンはサーバーの判定がOKのときだけ適用され、NGなら理由を表示すること', async () => {
    const h = harness({
      coupon: [
        ok<CouponJudgeResponse>({ result: 'NG', couponCd: 'OLD1', ngReason: '有効期限が切れています。' }),
        ok<CouponJudgeResponse>({ result: 'OK', couponCd: 'WELCOME550', couponName: '初月無料クーポン' }),
      ],
    });
    const actor = createActor(h.machine, { input: sampleInput }).start();
    actor.send({ type: 'wizard.next' });
    await settled(actor, (s) => s.matches('applyForm'));
    actor.send({ type: 'coupon.apply', couponCode: 'OLD1' });
    await settled(actor, (s) => s.matches('applyForm'));
    expect(actor.getSnapshot().context).toMatchObject({ couponError: '有効期限が切れています。' });
    expect(actor.getSnapshot().context.applyInfo.couponCode).toBeNull();
    actor.send({ type: 'coupon.apply', couponCode: 'WELCOME550' });
    await settled(actor, (s) => s.matches('applyForm'));
    expect(h.judgeCoupon.calls.map((call) => call.couponCd)).toEqual(['OLD1', 'WELCOME550']);
    expect(actor.getSnapshot().context.applyInfo).toMatchObject({ couponCode: 'WELCOME550', couponName: '初月無料クーポン' });
    expect(actor.getSnapshot().context.couponError).toBeNull();
  });

  it('事業者でカードが利用不可（W0008）と確認されたら支払方法の選択に戻りW0008を表示すること', async () => {
    const h = harness({ order: [ok<ProviderOrder>({ orderId: 'o-1', status: 'rejected' })] });
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    await throughNewCard(actor);
    expect(actor.getSnapshot().value).toBe('paymentSelect');
    expect(actor.getSnapshot().context.notice).toBe('W0008');
  });

  it('登録でW0008が返ったらカード情報を消して支払方法の選択に戻ること', async () => {
    const h = harness({ register: [fail(failures.cardUnusable)] });
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    await throughNewCard(actor);
    await submitWithOtp(actor);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('paymentSelect');
    expect(snapshot.context.notice).toBe('W0008');
    expect(snapshot.context.applyInfo).toMatchObject({ tokenPAN: null, requestType: null, paymentMethodValue: 'startup' });
  });

  it('事業者で中止して戻ると、戻り先に関係なくサーバーの結果で中止と判断し支払方法の選択に戻ること', async () => {
    const h = harness({ order: [ok<ProviderOrder>({ orderId: 'o-1', status: 'cancelled' })] });
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    actor.send({ type: 'payment.select', method: '99' });
    await settled(actor, (s) => s.hasTag('external'));
    // The return URL claims success; the server says cancelled.
    actor.send({ type: 'provider.returned', outcome: 'completed' });
    await settled(actor, (s) => s.matches('paymentSelect'));
    expect(actor.getSnapshot().context.applyInfo.tokenPAN).toBeNull();
  });

  it('事業者の画面にいる状態で保存・復元してから戻ると、通信をやり直さずに確認画面へ進むこと', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    actor.send({ type: 'payment.select', method: '99' });
    await settled(actor, (s) => s.hasTag('external'));
    const away = actor.getSnapshot();
    expect(away.hasTag('persistable')).toBe(true);
    expect(away.hasTag('busy')).toBe(false);
    const stored = JSON.stringify(redactSnapshot(actor.getPersistedSnapshot()));
    actor.stop();

    const restored = createActor(h.machine, { input: sampleInput, snapshot: JSON.parse(stored) as Snapshot<unknown> }).start();
    expect(restored.getSnapshot().value).toEqual({ cardProvider: 'away' });
    expect(restored.getSnapshot().hasTag('external')).toBe(true);
    expect(h.createPaymentSession.calls).toHaveLength(1);

    restored.send({ type: 'provider.returned', outcome: 'completed' });
    await settled(restored, (s) => s.matches('confirm'));
    expect(restored.getSnapshot().context.applyInfo.tokenPAN).toBe(sampleCard.tokenPAN);
    expect(h.verifyPaymentResult.calls).toEqual([{ sbSystemId: sampleInput.sbSystemId, contentsServiceId: '223', orderId: 'o-1' }]);
  });

  it('事業者の画面からブラウザで戻ると支払方法の選択に戻ること', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    actor.send({ type: 'payment.select', method: '99' });
    await settled(actor, (s) => s.hasTag('external'));
    actor.send({ type: 'wizard.back' });
    expect(actor.getSnapshot().value).toBe('paymentSelect');
    expect(actor.getSnapshot().children.registerCard).toBeUndefined();
  });

  it('結果不明の登録失敗は同じリクエストキーでのみ再送でき、二重登録にならないこと', async () => {
    const h = harness({ register: [fail(failures.unknown), ok(sampleReceipt)] });
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    actor.send({ type: 'payment.select', method: '01' });
    await submitWithOtp(actor);
    expect(actor.getSnapshot().value).toBe('submitUnknown');
    actor.send({ type: 'error.retry' });
    await settled(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('completed');
    const [first, second] = h.registerService.calls;
    expect(second?.requestKey).toBe(first?.requestKey);
  });

  it('状態が手続きを許さない（E0008）登録失敗はエラー画面に進むこと', async () => {
    const h = harness({ register: [fail(failures.statusForbids)] });
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    actor.send({ type: 'payment.select', method: '01' });
    await submitWithOtp(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorCode).toBe('E0008');
    expect(metaOf(actor.getSnapshot())?.route).toBe('/Error');
  });

  it('ワンタイムパスワードがロック（W0011）されたら登録せずにエラー画面に進むこと', async () => {
    const h = harness({ otpCheck: [ok<OtpResponse>({ result: 'NG', ngMessage: 'W0011' })] });
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    actor.send({ type: 'payment.select', method: '01' });
    await submitWithOtp(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorCode).toBe('W0011');
    expect(h.registerService.calls).toHaveLength(0);
  });

  it('確認画面はカードのトークン値を持ちうるため保存対象にせず、保存するスナップショットからはトークン値が消えること', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    await throughNewCard(actor);
    expect(actor.getSnapshot().hasTag('persistable')).toBe(false);
    const redacted = JSON.stringify(redactSnapshot(actor.getPersistedSnapshot()));
    expect(redacted).not.toContain(sampleCard.tokenPAN);
    expect(redacted).not.toContain(sampleCard.checkRequestValidityToken);
    expect(redacted).toContain('4242');
  });
});

describe('anshinApply の支払方法の選択と各手順の結果', () => {
  const withRegisteredCard: PaymentMethodsResponse = {
    paymentMethodList: [
      { value: '99', label: '新しいクレジットカード', details: [] },
      { value: '02', label: '登録済みのクレジットカード', details: ['**** **** **** 5555'] },
      { value: '01', label: 'ケータイ払い', details: [] },
    ],
  };

  it('支払方法の一覧はコード順に並べ、一覧のラベルと明細をそのまま申込内容に使うこと', async () => {
    const h = harness({ methods: [ok(withRegisteredCard)] });
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    expect(h.loadPaymentMethods.calls).toEqual([{ sbSystemId: sampleInput.sbSystemId, contentsServiceId: '223' }]);
    expect(actor.getSnapshot().context.paymentMethods.map((entry) => entry.value)).toEqual(['01', '02', '99']);

    actor.send({ type: 'payment.select', method: '02' });
    expect(actor.getSnapshot().value).toBe('confirm');
    expect(actor.getSnapshot().context.applyInfo).toMatchObject({
      requestType: '02',
      paymentMethodValue: '02',
      paymentMethodLabel: '登録済みのクレジットカード',
      paymentMethodDetails: ['**** **** **** 5555'],
      tokenPAN: null,
    });

    actor.send({ type: 'wizard.back' });
    actor.send({ type: 'payment.select', method: '01' });
    expect(actor.getSnapshot().context.applyInfo).toMatchObject({
      requestType: '01',
      paymentMethodLabel: 'ケータイ払い',
      paymentMethodDetails: [],
    });
    await submitWithOtp(actor);
    expect(h.registerService.calls[0]?.body).toMatchObject({ paymentMethodValue: '01', paymentMethodLabel: 'ケータイ払い' });
  });

  it('始めたばかりの申込は申込不可の理由も支払方法の一覧も持たないこと', () => {
    const context = createActor(harness().machine, { input: sampleInput }).getSnapshot().context;
    expect(context).toMatchObject({ ineligibleReasons: [], paymentMethods: [], mailProblem: null, couponError: null, judgeRetries: 0 });
  });

  it('一覧にない登録済みカードは、カードの一時コピーがあっても選べないこと', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    expect(actor.getSnapshot().can({ type: 'payment.select', method: '02' })).toBe(false);
    await throughNewCard(actor);
    actor.send({ type: 'wizard.back' });
    actor.send({ type: 'payment.select', method: '01' });
    actor.send({ type: 'wizard.back' });
    expect(actor.getSnapshot().context.applyInfo.tempCredit).not.toBeNull();
    expect(actor.getSnapshot().can({ type: 'payment.select', method: '02' })).toBe(false);
  });

  it('一覧にない支払方法は選べないこと', async () => {
    const h = harness({ methods: [ok({ paymentMethodList: [{ value: '02', label: '登録済みのクレジットカード', details: [] }] })] });
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    const snapshot = actor.getSnapshot();
    expect(snapshot.can({ type: 'payment.select', method: '01' })).toBe(false);
    expect(snapshot.can({ type: 'payment.select', method: '99' })).toBe(false);
    expect(snapshot.can({ type: 'payment.select', method: '02' })).toBe(true);
  });

  it('クーポンを外すとクーポンもその理由も消えること', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: sampleInput }).start();
    actor.send({ type: 'wizard.next' });
    await settled(actor, (s) => s.matches('applyForm'));
    actor.send({ type: 'coupon.apply', couponCode: 'WELCOME550' });
    await settled(actor, (s) => s.matches('applyForm'));
    actor.send({ type: 'coupon.clear' });
    expect(actor.getSnapshot().context.applyInfo).toMatchObject({ couponCode: null, couponName: null, consented: false, planId: '225' });
    expect(actor.getSnapshot().context.couponError).toBeNull();
  });

  it('事業者の確認が失敗したら支払方法の選択に戻らずエラー画面にそのコードを出すこと', async () => {
    const h = harness({ order: [fail(failures.statusForbids)] });
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    await throughNewCard(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorCode).toBe('E0008');
  });

  it('ワンタイムパスワードを取りやめると確認画面に戻り、登録しないこと', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    actor.send({ type: 'payment.select', method: '01' });
    await toCodeEntry(actor);
    actor.send({ type: 'otp.cancel' });
    await settled(actor, (s) => !s.matches('otp'));
    expect(actor.getSnapshot().value).toBe('confirm');
    expect(h.registerService.calls).toHaveLength(0);
  });

  it('ワンタイムパスワードの確認がロック以外で失敗したら、そのコードでエラー画面に進むこと', async () => {
    const h = harness({ otpCheck: [fail(failures.statusForbids)] });
    const actor = createActor(h.machine, { input: sampleInput }).start();
    await toPaymentSelect(actor);
    actor.send({ type: 'payment.select', method: '01' });
    await submitWithOtp(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorCode).toBe('E0008');
    expect(h.registerService.calls).toHaveLength(0);
  });

  it('申込画面が揃わないうちは登録の本文を作らないこと', () => {
    const initial: ApplyContext = createActor(anshinApplyMachine, { input: sampleInput }).getSnapshot().context;
    const complete: ApplyContext = { ...initial, applyInfo: { ...initial.applyInfo, requestType: '01', paymentMethodValue: '01', consented: true } };
    expect(toRegisterRequest('223', complete)).toMatchObject({ requestType: '01', consented: true });
    const incomplete = [
      { requestType: null },
      { requestType: '03' },
      { paymentMethodValue: 'startup' },
      { consented: false },
    ] as const;
    for (const change of incomplete) {
      expect(() => toRegisterRequest('223', { ...complete, applyInfo: { ...complete.applyInfo, ...change } })).toThrow(
        'registration requested before the apply page was complete',
      );
    }
    expect(toRegisterRequest('223', { ...complete, applyInfo: { ...complete.applyInfo, requestType: '02', paymentMethodValue: '99' } })).toMatchObject({ requestType: '02' });
  });

  it('利用可否判定や支払方法の取得が失敗したら、返ったコードでエラー画面に進むこと', async () => {
    const judging = harness({ judge: [fail(failures.congestion)] });
    const judged = createActor(judging.machine, { input: sampleInput }).start();
    judged.send({ type: 'wizard.next' });
    await settled(judged, (s) => s.status === 'done');
    expect(judged.getSnapshot().value).toBe('failed');
    expect(judged.getSnapshot().context.errorCode).toBe(failures.congestion.errorCode);

    const loading = harness({ methods: [fail(failures.statusForbids)] });
    const loaded = createActor(loading.machine, { input: sampleInput }).start();
    loaded.send({ type: 'wizard.next' });
    await settled(loaded, (s) => s.matches('applyForm'));
    loaded.send({ type: 'consent.toggle', consented: true });
    loaded.send({ type: 'wizard.next' });
    await settled(loaded, (s) => s.status === 'done');
    expect(loaded.getSnapshot().value).toBe('failed');
    expect(loaded.getSnapshot().context.errorCode).toBe('E0008');
  });
});
