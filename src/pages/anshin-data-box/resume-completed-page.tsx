/** /AnshinDataBox/Resume/Completed (ADB0012): the suspension is lifted, and what it costs from when. */
import { useSelector } from '@xstate/react';
import { AnshinDataBox } from '../../../contracts/services/anshin-data-box';
import { formatDate, monthlyPrice } from '../service-flow/service-copy';
import { CompletedActions } from '../service-flow/completed-actions';
import { useFlowActor, type ResumeActor } from '../service-flow/use-flow-actor';
import '../service-flow/service-flow.css';

const MonthlyPrice = monthlyPrice(AnshinDataBox.plans[0]);

export function AnshinResumeCompletedPage() {
  return <AnshinResumeCompletedFlow actor={useFlowActor('anshinResume')} />;
}

export function AnshinResumeCompletedFlow({ actor }: { readonly actor: ResumeActor }) {
  const effectiveDate = useSelector(actor, (state) => state.context.receipt?.effectiveDate ?? null);
  return <AnshinResumeCompletedView effectiveDate={effectiveDate} />;
}

export function AnshinResumeCompletedView({ effectiveDate }: { readonly effectiveDate: string | null }) {
  return (
    <>
      <div className="alert alert--success" role="status">
        <p className="alert__title">{AnshinDataBox.name}のご利用を再開しました。</p>
      </div>
      <section className="card" aria-labelledby="adb-resume-next">
        <h2 id="adb-resume-next">今後について</h2>
        <ul className="next-steps">
          <li>{effectiveDate === null ? '本日' : formatDate(effectiveDate)}から、保存したデータをふたたびご利用いただけます。</li>
          <li>再開した月から、{MonthlyPrice}のご利用料金がかかります。</li>
        </ul>
      </section>
      <CompletedActions />
    </>
  );
}
