import { cleanup, fireEvent, screen, waitFor as waitForDom } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { MailConfirmationInput } from '../../../machines/basket-live/mail-confirmation.machine';
import { sampleInput } from '../../../machines/model-fixtures';
import { resetApiClient } from '../../../src/api/api-client';
import { createQueryClient } from '../../../src/api/query-client';
import { createAppActors } from '../../../src/flows/flow-machines';
import { MailConfirmationStep } from '../../../src/pages/service-flow/mail-confirmation-step';
import { authStore, resetMailAddressCheckInfo } from '../../../src/stores/auth-store';
import BasketLiveView from '../../../src/pages/basket-live/basket-live-view';
import { customer, fakeApi, renderPage } from '../anshin-data-box/support';

const ok = { result: 'OK', ngMessage: null };

function start(input: Omit<MailConfirmationInput, 'sbSystemId'>) {
  const fake = fakeApi({
    [`POST ${customer}/otp/send`]: () => ok,
    [`POST ${customer}/otp/auth`]: () => ok,
    [`POST ${customer}/mail-addr-portability/contracts`]: (request) => ({
      ...(request.body as object),
      confirmedAt: '2026-11-24T01:00:00.000Z',
    }),
  });
  const { mailConfirmation } = createAppActors({ queryClient: createQueryClient() });
  const actor = createActor(mailConfirmation, { input: { sbSystemId: sampleInput.sbSystemId, ...input } }).start();
  return { fake, actor };
}

afterEach(() => {
  cleanup();
  resetApiClient();
  resetMailAddressCheckInfo();
});

describe('メールアドレスの確認（バスケットLIVEの申込前）', () => {
  it('未確認のアドレスに確認用のコードを送り、確認すると登録を呼んで認証ストアのバスケットLIVEの印を立てること', async () => {
    const { fake, actor } = start({ serviceId: '231', currentMailAddress: 'yoko.matsumoto@example.jp', problem: 'unconfirmed' });
    await renderPage(<MailConfirmationStep confirmation={actor} send={(event) => actor.send(event)} />, undefined, BasketLiveView);
    expect(screen.getByRole('heading', { name: 'メールアドレスの確認' })).toBeDefined();
    expect(screen.getByText(/バスケットLIVEのお申し込みの前に、メールアドレスを確認させてください。/)).toBeDefined();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /確認するメールアドレス/ }).value).toBe('yoko.matsumoto@example.jp');
    fireEvent.click(screen.getByRole('button', { name: '確認コードの送信へ進む' }));
    fireEvent.click(await screen.findByRole('button', { name: '確認コードを送信する' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /確認コード/ }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '確認してお申し込みへ進む' }));
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'confirmed', mailAddress: 'yoko.matsumoto@example.jp' });
    expect(fake.calls(`POST ${customer}/otp/send`)[0]?.body).toEqual({ mailAddress: 'yoko.matsumoto@example.jp', purpose: 'mailAddressConfirmation' });
    const [confirmed] = fake.calls(`POST ${customer}/mail-addr-portability/contracts`);
    expect(confirmed?.body).toEqual({ serviceId: '231', mailAddress: 'yoko.matsumoto@example.jp' });
    expect(confirmed?.headers.get('x-request-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(authStore.get().mailAddressCheckInfo).toEqual({ dataStorage: false, basketLive: true });
  });

  it('受け付けられないドメインのアドレスのままでは送らず、理由を示すこと', async () => {
    const { fake, actor } = start({ serviceId: '231', currentMailAddress: 'takuya.inoue@blocked.example.invalid', problem: 'undeliverable' });
    await renderPage(<MailConfirmationStep confirmation={actor} send={(event) => actor.send(event)} />, undefined, BasketLiveView);
    const field = screen.getByRole('textbox', { name: /確認するメールアドレス/ });
    fireEvent.change(field, { target: { value: 'takuya.inoue@blocked.example.invalid' } });
    fireEvent.click(screen.getByRole('button', { name: '確認コードの送信へ進む' }));
    await waitForDom(() => expect(screen.getByText('このメールアドレスはご利用いただけません。別のメールアドレスを入力してください。')).toBeDefined());
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(actor.getSnapshot().value).toBe('address');
    fireEvent.change(field, { target: { value: 'takuya.inoue@example.jp' } });
    fireEvent.click(screen.getByRole('button', { name: '確認コードの送信へ進む' }));
    expect(actor.getSnapshot().value).toBe('otp');
    expect(fake.requests).toHaveLength(0);
  });
});
