/**
 * A service's Cancel/Confirm page (ADB0009, BKL0009): how to cancel (only the request types the contract
 * offers), an optional reason survey, and the submit. No one-time password (ADR 0025).
 */
import { useSelector } from '@xstate/react';
import { match } from 'ts-pattern';
import { cancelOptions } from '../../../contracts/api/service-requests';
import { RequestType, type RequestTypeValue } from '../../../contracts/codes';
import { CancelTypeLabels, SurveyAnswers } from './service-copy';
import { useServiceView } from './service-view';
import type { CancelViewProps } from './cancel-inform-page';
import { ChoiceGroup } from './fields';
import { BusyLine } from './busy-line';
import { SubmitActions, SubmitUnknown } from './step-actions';
import { useKitFlowActor, type CancelActor } from './use-flow-actor';
import './service-flow.css';

export function CancelConfirmPage() {
  return <CancelConfirmFlow actor={useKitFlowActor('cancel')} />;
}

export function CancelConfirmFlow({ actor }: { readonly actor: CancelActor }) {
  const snapshot = useSelector(actor, (state) => state);
  return <CancelConfirmView snapshot={snapshot} send={(event) => actor.send(event)} />;
}

export function CancelConfirmView({ snapshot, send }: CancelViewProps) {
  const { service, cancelEffects, surveyAnswers } = useServiceView();
  return match(snapshot.value)
    .with('confirm', 'submitting', 'submitUnknown', (value) => {
      const { contract, cancelInfo } = snapshot.context;
      const offered: readonly RequestTypeValue[] = contract === null ? [] : cancelOptions(service.serviceId, contract.status);
      const effects = contract === null ? {} : cancelEffects(contract);
      const busy = snapshot.hasTag('busy');
      const onlyReservationCancel = offered.length === 1 && offered[0] === RequestType.WithdrawalReservationCancel;
      return (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'confirm.submit' });
          }}
        >
          <p className="lead">{service.name}の{onlyReservationCancel ? '解約予約の取り消し' : '解約'}内容をご確認ください。</p>
          <ChoiceGroup
            id="cancel-type"
            legend={onlyReservationCancel ? 'お手続きの内容' : '解約の方法'}
            required
            type="radio"
            options={offered.map((type) => ({
              value: type,
              label: CancelTypeLabels[type]?.label ?? type,
              support: [CancelTypeLabels[type]?.support, effects[type]].filter((line) => line !== undefined).join(''),
            }))}
            selected={cancelInfo.requestType === null ? [] : [cancelInfo.requestType]}
            onChange={(type) => {
              const chosen = offered.find((item) => item === type);
              if (chosen !== undefined) send({ type: 'cancel.select', requestType: chosen });
            }}
            disabled={busy}
          />
          {onlyReservationCancel ? null : (
            <ChoiceGroup
              id="cancel-survey"
              legend="解約の理由（アンケート）"
              required={false}
              type="checkbox"
              options={SurveyAnswers.filter((answer) => surveyAnswers.includes(answer.value))}
              selected={cancelInfo.survey}
              onChange={(answer, checked) =>
                send({
                  type: 'survey.answer',
                  answers: checked ? [...cancelInfo.survey, answer] : cancelInfo.survey.filter((item) => item !== answer),
                })
              }
              support="当てはまるものをすべて選択してください。回答しなくても解約できます。"
              disabled={busy}
            />
          )}
          {value === 'submitUnknown' ? (
            <SubmitUnknown onRetry={() => send({ type: 'error.retry' })} />
          ) : (
            <SubmitActions
              busy={busy}
              canSubmit={snapshot.can({ type: 'confirm.submit' })}
              submitLabel={onlyReservationCancel ? '解約予約を取り消す' : '解約する'}
              busyLabel="送信しています…"
              backLabel="解約についてに戻る"
              onBack={() => send({ type: 'wizard.back' })}
            />
          )}
        </form>
      );
    })
    .with('loading', 'inform', 'completed', 'failed', () => <BusyLine>画面を切り替えています。</BusyLine>)
    .exhaustive();
}
