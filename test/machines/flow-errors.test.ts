import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contracts/error-catalogue';
import { errorCodeOf, isCardUnusable, isOutcomeUnknown } from '../../machines/flow-errors';

describe('失敗した通信のエラーコード（machines/flow-errors.ts）', () => {
  it('サーバーが返したエラーコードを読むこと', () => {
    expect(errorCodeOf({ errorCode: ErrorCode.Maintenance, status: 503 })).toBe(ErrorCode.Maintenance);
    expect(isOutcomeUnknown({ errorCode: ErrorCode.Maintenance, status: 503 })).toBe(false);
  });

  it('コードのない失敗、カタログにないコード、エラーの形をしていない拒否はコードなし（結果不明）とすること', () => {
    for (const rejection of [{ status: 500 }, { errorCode: 'X9999', status: 500 }, new Error('timeout'), null, undefined, 'E0005', 503]) {
      expect(errorCodeOf(rejection), inspect(rejection)).toBeNull();
      expect(isOutcomeUnknown(rejection), inspect(rejection)).toBe(true);
    }
  });

  it('使えないカードはW0008のときだけであること', () => {
    expect(isCardUnusable({ errorCode: ErrorCode.CardUnusable })).toBe(true);
    expect(isCardUnusable({ errorCode: ErrorCode.InactivityTimeout })).toBe(false);
    expect(isCardUnusable(null)).toBe(false);
  });
});
