/**
 * The mail-confirmation step inside a host application machine: a minimal host with the same
 * shape as the basket live apply (judging -> mailConfirmation -> judging), so the kit's apply can
 * drop the step in and this test shows the round trip.
 */
import { describe, expect, it } from 'vitest';
import { assign, createActor, sendTo, setup, waitFor, type ActorRefFrom } from 'xstate';
import type { EntryJudgementResponse } from '../../contracts/api/entry-judgement';
import type { MailAddrPortabilityContractsResponse } from '../../contracts/api/mail-address-confirmation';
import type { OtpResponse } from '../../contracts/api/otp';
import type { ErrorCodeValue } from '../../contracts/error-catalogue';
import { mailConfirmationGuards, mailConfirmationStep, mailProblemOf } from '../../machines/basket-live/mail-confirmation-step';
import { mailConfirmationMachine, type ConfirmMailAddressInput, type MailConfirmationEvent } from '../../machines/basket-live/mail-confirmation.machine';
import { otpMachine, type CheckOtpInput, type SendOtpInput } from '../../machines/otp.machine';
import { pageMeta } from '../../machines/flow-meta';
import { failures } from '../../machines/model-fixtures';
import { fail, ok, scripted, type Answer } from './support/fake-actors';

type HostContext = { sbSystemId: string; contact: { mailAddress: string | null; unconfirmedMailAddress?: string | null }; judgement: EntryJudgementResponse | null; errorCode: ErrorCodeValue | null };

const ngMail = (reason: string): EntryJudgementResponse => ({ result: 'NG', ngList: [{ parameter: 'mailAddress', reason }] });
const okJudgement: EntryJudgementResponse = { result: 'OK', ngList: [] };

function host(
  judgements: EntryJudgementResponse[],
  contact: HostContext['contact'] = { mailAddress: 'takuya.inoue@blocked.example.invalid' },
  registration: Answer<MailAddrPortabilityContractsResponse> = ok({ serviceId: '231', mailAddress: 'new@example.jp', confirmedAt: '2026-11-24T01:00:00.000Z' }),
) {
  const judge = scripted<unknown, EntryJudgementResponse>(...judgements.map((j) => ok(j)));
  const sendOtp = scripted<SendOtpInput, OtpResponse>(ok({ result: 'OK', ngMessage: null }));
  const checkOtp = scripted<CheckOtpInput, OtpResponse>(ok({ result: 'OK', ngMessage: null }));
  const confirm = scripted<ConfirmMailAddressInput, MailAddrPortabilityContractsResponse>(registration);
  const machine = setup({
    types: { context: {} as HostContext, events: {} as MailConfirmationEvent | { type: 'wizard.next' } },
    actors: {
      judgeEntry: judge.logic,
      mailConfirmation: mailConfirmationMachine.provide({
        actors: { verifyAddress: otpMachine.provide({ actors: { sendOtp: sendOtp.logic, checkOtp: checkOtp.logic } }), confirmMailAddress: confirm.logic },
      }),
    },
    actions: {
      storeJudgement: assign((_, params: { judgement: EntryJudgementResponse }) => ({ judgement: params.judgement })),
      forwardToMailConfirmation: sendTo('mailConfirmation', ({ event }) => event),
      storeError: assign((_, params: { errorCode: ErrorCodeValue | null }) => ({ errorCode: params.errorCode })),
    },
    guards: {
      ...mailConfirmationGuards,
      isJudgementOk: (_, params: { judgement: EntryJudgementResponse }) => params.judgement.result === 'OK',
    },
  }).createMachine({
    id: 'host',
    context: { sbSystemId: '1000000014', contact, judgement: null, errorCode: null },
    initial: 'landing',
    states: {
      landing: { meta: pageMeta('/BasketLive', ['SPEC-4.flows.apply']), on: { 'wizard.next': 'judging' } },
      judging: {
        invoke: {
          id: 'judgeEntry',
          src: 'judgeEntry',
          onDone: [
            { guard: { type: 'isJudgementOk', params: ({ event }) => ({ judgement: event.output }) }, target: 'applyForm' },
            { target: 'mailConfirmation', actions: { type: 'storeJudgement', params: ({ event }) => ({ judgement: event.output }) } },
          ],
        },
      },
      mailConfirmation: mailConfirmationStep({
        page: '/BasketLive',
        tags: [],
        serviceId: '231',
        problem: (context: HostContext) => (context.judgement === null ? 'unconfirmed' : (mailProblemOf(context.judgement) ?? 'unconfirmed')),
        confirmed: 'judging',
        cancelled: 'landing',
      }),
      applyForm: {},
      failed: { type: 'final' },
    },
  });
  return { actor: createActor(machine).start(), judge, confirm };
}

describe('mailConfirmationStep（申込マシンに入れるメールアドレスの確認）', () => {
  it('判定のNG理由から、未確認か受け付けられないドメインかを読むこと', () => {
    expect(mailProblemOf(ngMail('MAIL_ADDRESS_UNCONFIRMED'))).toBe('unconfirmed');
    expect(mailProblemOf(ngMail('MAIL_ADDRESS_UNDELIVERABLE'))).toBe('undeliverable');
    expect(mailProblemOf({ result: 'NG', ngList: [{ parameter: 'age', reason: 'UNDER_AGE' }] })).toBeNull();
  });

  it('受け付けられないドメインで確認へ進み、別のアドレスを確認すると判定に戻って申込へ進むこと', async () => {
    const { actor, judge, confirm } = host([ngMail('MAIL_ADDRESS_UNDELIVERABLE'), okJudgement]);
    actor.send({ type: 'wizard.next' });
    await waitFor(actor, (s) => s.matches('mailConfirmation'));
    const child = actor.getSnapshot().children.mailConfirmation as ActorRefFrom<typeof mailConfirmationMachine> | undefined;
    expect(child?.getSnapshot().context).toMatchObject({ problem: 'undeliverable', mailAddress: '' });
    actor.send({ type: 'mail.enter', mailAddress: 'new@example.jp' });
    actor.send({ type: 'mail.confirm' });
    actor.send({ type: 'otp.send', channel: 'email' });
    const otp = child?.getSnapshot().children.verifyAddress;
    if (!otp) throw new Error('no one-time password');
    await waitFor(otp, (s) => s.value === 'codeEntry');
    actor.send({ type: 'otp.submit', code: '123456' });
    await waitFor(actor, (s) => s.matches('applyForm'));
    expect(judge.calls).toHaveLength(2);
    expect(confirm.calls).toHaveLength(1);
  });

  it('未確認のアドレスは、ご登録のものを入力済みにして確認へ進むこと（打ち直さずに確かめられる）', async () => {
    const { actor } = host([ngMail('MAIL_ADDRESS_UNCONFIRMED')], { mailAddress: null, unconfirmedMailAddress: 'yoko.matsumoto@example.jp' });
    actor.send({ type: 'wizard.next' });
    await waitFor(actor, (s) => s.matches('mailConfirmation'));
    const child = actor.getSnapshot().children.mailConfirmation as ActorRefFrom<typeof mailConfirmationMachine> | undefined;
    expect(child?.getSnapshot().context).toMatchObject({ problem: 'unconfirmed', mailAddress: 'yoko.matsumoto@example.jp' });
  });

  it('確認が失敗で終わったら、そのエラーコードを持って申込マシンもエラーで終わること（ランディングにも判定にも戻らない）', async () => {
    const { actor, judge } = host([ngMail('MAIL_ADDRESS_UNCONFIRMED')], { mailAddress: null, unconfirmedMailAddress: 'yoko.matsumoto@example.jp' }, fail(failures.statusForbids));
    actor.send({ type: 'wizard.next' });
    await waitFor(actor, (s) => s.matches('mailConfirmation'));
    const child = actor.getSnapshot().children.mailConfirmation as ActorRefFrom<typeof mailConfirmationMachine> | undefined;
    actor.send({ type: 'mail.confirm' });
    const otp = child?.getSnapshot().children.verifyAddress;
    if (otp === undefined) throw new Error('no one-time password running');
    actor.send({ type: 'otp.send', channel: 'email' });
    await waitFor(otp, (s) => s.value === 'codeEntry');
    actor.send({ type: 'otp.submit', code: '123456' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorCode).toBe('E0008');
    expect(judge.calls).toHaveLength(1);
  });

  it('確認を中止するとランディングに戻り、申込へは進まないこと', async () => {
    const { actor, judge } = host([ngMail('MAIL_ADDRESS_UNCONFIRMED')]);
    actor.send({ type: 'wizard.next' });
    await waitFor(actor, (s) => s.matches('mailConfirmation'));
    actor.send({ type: 'mail.cancel' });
    await waitFor(actor, (s) => s.matches('landing'));
    expect(judge.calls).toHaveLength(1);
  });
});
