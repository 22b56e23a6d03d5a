import { describe, expect, it } from 'vitest';
import { RequestType, ServiceId, type RequestTypeValue } from '../../contracts/codes';
import { cardOperationFor, freshPaymentChoice, paymentUpdateRequest, type ApplyChangeInfo } from '../../machines/service-flow/shared';
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
