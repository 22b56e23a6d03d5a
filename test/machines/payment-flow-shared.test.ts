import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { RequestType, ServiceId, requestTypeForOperation, type RequestTypeValue } from '../../contracts/codes';
import {
  anshinApplyMachine,
  anshinCancelMachine,
  anshinChangePaymentMachine,
  anshinResumeMachine,
} from '../../machines/anshin-data-box/anshin-data-box.flows';
import { sampleCard } from '../../machines/model-fixtures';
import {
  canChooseMobileBill,
  cardChangeRequestType,
  cardOperationFor,
  freshPaymentChoice,
  hasTokens,
  loadedContract,
  NoTokens,
  paymentUpdateRequest,
  tokensOf,
  type ApplyChangeInfo,
} from '../../machines/service-flow/shared';
import { contractOf } from './support/flow-harness';

const info = (requestType: RequestTypeValue | null): ApplyChangeInfo => ({ ...freshPaymentChoice('225'), requestType });

describe('cardOperationFor（新しいカードへの操作コード・仕様 §4）', () => {
  it('支払方法の変更はカードから20・携帯払いから40、利用再開はカードから60・携帯払いから70', () => {
    expect(cardOperationFor(contractOf('active', '02'), false)).toBe('20');
    expect(cardOperationFor(contractOf('active', '01'), false)).toBe('40');
    expect(cardOperationFor(contractOf('suspended', '02'), true)).toBe('60');
    expect(cardOperationFor(contractOf('suspended', '01'), true)).toBe('70');
  });
});

describe('cardChangeRequestType（新しいカードへの変更の申込種別・仕様 §4）', () => {
  it('カードからは07・携帯払いからは09で、操作コード20/40と60/70の申込種別に一致すること', () => {
    expect(cardChangeRequestType(contractOf('active', '02'))).toBe('07');
    expect(cardChangeRequestType(contractOf('active', '01'))).toBe('09');
    for (const contract of [contractOf('suspended', '02'), contractOf('suspended', '01')]) {
      expect(cardChangeRequestType(contract)).toBe(requestTypeForOperation(cardOperationFor(contract, false)));
      expect(cardChangeRequestType(contract)).toBe(requestTypeForOperation(cardOperationFor(contract, true)));
    }
  });
});

describe('paymentUpdateRequest（POST update/contracts の本文）', () => {
  it('支払方法の変更は 07・08・09 のどれかを送り、resume は false', () => {
    expect(paymentUpdateRequest(ServiceId.BasketLive, info(RequestType.CreditToMobile), false)).toMatchObject({
      serviceId: ServiceId.BasketLive,
      requestType: '08',
      resume: false,
      survey: [],
    });
  });

  it('申込種別のない支払方法の変更や、支払方法の変更でない申込種別は送らない', () => {
    expect(() => paymentUpdateRequest(ServiceId.DataStorage, info(null), false)).toThrow('payment change submitted without a change request type');
    expect(() => paymentUpdateRequest(ServiceId.DataStorage, info(RequestType.RegisterByMobile), false)).toThrow();
    expect(() => paymentUpdateRequest(ServiceId.DataStorage, info(RequestType.Withdrawal), true)).toThrow('resume submitted with a request type that is not a payment change');
  });

  it('支払方法を変えない利用再開は申込種別なし・resume だけを送る', () => {
    expect(paymentUpdateRequest(ServiceId.DataStorage, info(null), true)).toMatchObject({ requestType: null, resume: true });
    expect(paymentUpdateRequest(ServiceId.DataStorage, info(RequestType.MobileToCredit), true)).toMatchObject({ requestType: '09', resume: true });
  });
});

describe('hasTokens（カードのトークン値が揃っているか）', () => {
  it('3つのトークン値がすべてあるときだけ揃っているとみなすこと', () => {
    const card = tokensOf(sampleCard);
    expect(hasTokens(card)).toBe(true);
    expect(hasTokens(NoTokens)).toBe(false);
    expect(hasTokens({ ...card, tokenPAN: null })).toBe(false);
    expect(hasTokens({ ...card, tokenPanEffectiveDate: null })).toBe(false);
    expect(hasTokens({ ...card, checkRequestValidityToken: null })).toBe(false);
  });
});

describe('loadedContract（読み込んだ契約）', () => {
  it('読み込む前に契約を読むのは手続きの組み立ての誤りとして止めること', () => {
    const contract = contractOf('active', '02');
    expect(loadedContract({ contract })).toBe(contract);
    expect(() => loadedContract({ contract: null })).toThrow('the contract was read before it was loaded');
  });
});

describe('canChooseMobileBill（携帯払いへの変更・仕様 §4）', () => {
  it('カード払いの契約から、空でないラベルの携帯払いだけを選べること', () => {
    const card = contractOf('active', '02');
    expect(canChooseMobileBill(card, { method: '01', label: '携帯電話料金とまとめて支払い' })).toBe(true);
    expect(canChooseMobileBill(card, { method: '01', label: '  ' })).toBe(false);
    expect(canChooseMobileBill(card, { method: '99', label: '新しいクレジットカード' })).toBe(false);
    expect(canChooseMobileBill(contractOf('active', '01'), { method: '01', label: '携帯電話料金とまとめて支払い' })).toBe(false);
  });
});

describe('アプリが渡すべき通信（ポート）', () => {
  const ports = [
    ['judgeEntry', anshinApplyMachine.implementations.actors.judgeEntry],
    ['judgeCoupon', anshinApplyMachine.implementations.actors.judgeCoupon],
    ['loadPaymentMethods', anshinApplyMachine.implementations.actors.loadPaymentMethods],
    ['registerService', anshinApplyMachine.implementations.actors.registerService],
    ['loadContract', anshinChangePaymentMachine.implementations.actors.loadContract],
    ['updateContract', anshinResumeMachine.implementations.actors.updateContract],
    ['loadContract', anshinCancelMachine.implementations.actors.loadContract],
    ['updateContract', anshinCancelMachine.implementations.actors.updateContract],
  ] as const;

  it.each(ports)('%s を渡し忘れたら、その名前を挙げて失敗すること', async (name, logic) => {
    // setup() lists logic, never { src, input }: anything else is not a port of the flow.
    if (logic === undefined || 'src' in logic) throw new Error(`${name} is not an actor of the flow`);
    await expect(toPromise(createActor(logic, { input: {} }).start())).rejects.toEqual(new Error(`${name} must be provided by the app`));
  });
});
