/** Resume/Completed of a service that resumes (ADB0012 for data storage): the suspension is lifted, and what it costs from when. */
import { useSelector } from '@xstate/react';
import { planOf } from '../../../contracts/services/service-definition';
import { formatDate, monthlyPrice } from './service-copy';
import { CompletedActions } from './completed-actions';
import { useKitFlowActor, type ResumeActor } from './use-flow-actor';
import { useServiceView, whatResumesOf } from './service-view';
import './service-flow.css';

export function ResumeCompletedPage() {
  return <ResumeCompletedFlow actor={useKitFlowActor('resume')} />;
}

export function ResumeCompletedFlow({ actor }: { readonly actor: ResumeActor }) {
  const receipt = useSelector(actor, (state) => state.context.receipt);
  const planId = useSelector(actor, (state) => state.context.contract?.planId ?? null);
  return <ResumeCompletedView effectiveDate={receipt?.effectiveDate ?? null} planId={planId} />;
}

export function ResumeCompletedView({ effectiveDate, planId }: { readonly effectiveDate: string | null; readonly planId: string | null }) {
  const view = useServiceView();
  const { service } = view;
  const whatResumes = whatResumesOf(view);
  return (
    <>
      <div className="alert alert--success" role="status">
        <p className="alert__title">{service.name}のご利用を再開しました。</p>
      </div>
      <section className="card" aria-labelledby="resume-next">
        <h2 id="resume-next">今後について</h2>
        <ul className="next-steps">
          <li>{effectiveDate === null ? '本日' : formatDate(effectiveDate)}から、{whatResumes}をふたたびご利用いただけます。</li>
          <li>再開した月から、{monthlyPrice(planOf(service, planId))}のご利用料金がかかります。</li>
        </ul>
      </section>
      <CompletedActions />
    </>
  );
}
