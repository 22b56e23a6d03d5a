import { describe, expect, it } from 'vitest';
import { ContactProofMessage, mailAddressProofProblem, phoneNumberProofProblem } from '../../../contracts/account/contact-proof-rules';

describe('mailAddressProofProblem', () => {
  it('新しい、受け取れるアドレスには確認コードを送れること', () => {
    expect(mailAddressProofProblem('new@example.jp', { value: 'old@example.jp', confirmed: true })).toBeNull();
  });

  it('未確認のアドレスは、同じアドレスでも確認のために送れること', () => {
    expect(mailAddressProofProblem('Old@Example.jp', { value: 'old@example.jp', confirmed: false })).toBeNull();
  });

  it('確認済みのアドレスと同じなら（大文字小文字を問わず）送らないこと', () => {
    expect(mailAddressProofProblem('OLD@example.jp', { value: 'old@example.jp', confirmed: true })).toBe(ContactProofMessage.sameConfirmedMail);
  });

  it('メールを受け取れないドメインには送らないこと', () => {
    expect(mailAddressProofProblem('a@example.invalid', { value: null, confirmed: false })).toBe(ContactProofMessage.undeliverableMail);
  });
});

describe('phoneNumberProofProblem', () => {
  it('確認済みの連絡先電話番号と同じなら送らず、ほかの番号や未確認の番号には送れること', () => {
    expect(phoneNumberProofProblem('09012340019', { value: '09012340019', confirmed: true })).toBe(ContactProofMessage.sameConfirmedPhone);
    expect(phoneNumberProofProblem('08055550019', { value: '09012340019', confirmed: true })).toBeNull();
    expect(phoneNumberProofProblem('09012340019', { value: '09012340019', confirmed: false })).toBeNull();
    expect(phoneNumberProofProblem('09012340019', { value: null, confirmed: false })).toBeNull();
  });
});
