/** Any path that is not a live page (spec section 2): the error page with E9999, URL unchanged. */
import { Link } from '@tanstack/react-router';
import { ErrorCode } from '../../contracts/error-catalogue';
import { ErrorMessage } from '../components/error-message';

export function NotFoundPage() {
  return (
    <>
      <ErrorMessage code={ErrorCode.NotFound} />
      <div className="button-row">
        <Link to="/Top" className="button button--block">
          トップへ戻る
        </Link>
      </div>
    </>
  );
}
