/** Pieces the security, login ID and password pages share. */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { AccountEvent, AccountMachine } from '../../../machines/account-menu/account.machine';
import { useFlowActor } from '../service-flow/use-flow-actor';
import { LeavingPage } from './account-steps';

/** The rules of a field, shown before it (ADR 0085: the customer reads them before typing, not after a refusal). */
export function RuleList({ id, title, rules }: { readonly id: string; readonly title: string; readonly rules: readonly string[] }) {
  return (
    <section className="account-rules" aria-labelledby={id}>
      <h2 id={id} className="account-rules__title">
        {title}
      </h2>
      <ul>
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  );
}

/** From a completion page back to Security/Info, read again. */
export function BackToSecurityButton({ send }: { readonly send: (event: AccountEvent) => void }) {
  return (
    <button type="button" className="button button--secondary button--block" onClick={() => send({ type: 'wizard.back' })}>
      セキュリティ設定に戻る
    </button>
  );
}

/**
 * A completion page of the security settings: what changed, announced; `children` says what
 * follows from it (null while the flow holds no such change: the page is being left).
 */
export function SecurityCompletedStep({ state, message, children }: {
  readonly state: 'securityCompleted' | 'loginIdCompleted' | 'passwordCompleted';
  readonly message: string;
  readonly children: (context: SnapshotFrom<AccountMachine>['context']) => ReactNode;
}) {
  const actor = useFlowActor('account');
  const snapshot = useSelector(actor, (current) => current);
  const content = snapshot.value === state ? children(snapshot.context) : null;
  if (content === null) return <LeavingPage />;
  return (
    <>
      <div className="alert alert--success" role="status">
        <p className="alert__title">{message}</p>
      </div>
      {content}
      <div className="button-row">
        <BackToSecurityButton send={(event) => actor.send(event)} />
      </div>
    </>
  );
}
