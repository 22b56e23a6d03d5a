/**
 * The way on from a completed page: the contract (when the customer still has one) and Top.
 * Its own module so the completed pages, which have no form, load nothing of the steps.
 */
import { Link } from '@tanstack/react-router';
import { servicePath } from '../../../contracts/services/service-definition';
import { useServiceView } from './service-view';

export function CompletedActions({ showContract = true }: { readonly showContract?: boolean }) {
  const { service } = useServiceView();
  return (
    <div className="button-row">
      {showContract ? (
        <Link to={servicePath(service, 'detail')} className="button button--block">
          ご契約内容を見る
        </Link>
      ) : null}
      <Link to="/Top" className={showContract ? 'button button--secondary button--block' : 'button button--block'}>
        トップへ戻る
      </Link>
    </div>
  );
}
