/**
 * /Error: the message and detail of the error catalogue for the code the customer was sent
 * here with (history state, else ?code=), and the way back to the top page.
 */
import { Link, useLocation, useSearch } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { findLivePage } from '../../../machines/page-table';
import { ErrorMessage } from '../../components/error-message';

/**
 * What /Error may be opened with: a code of the catalogue's shape and the end of a maintenance;
 * anything else is dropped, not an error of its own. The route validates with it, and the server
 * draws the page from the same query (ADR 0106, 0113).
 */
export const ErrorSearchSchema = z.object({
  code: z.catch(z.optional(z.string().check(z.regex(/^[A-Z][0-9]{4}$/))), undefined),
  endDate: z.catch(z.optional(z.string().check(z.maxLength(32))), undefined),
});

export function ErrorPage() {
  const state = useLocation({ select: (location) => location.state });
  const parsed = ErrorSearchSchema.safeParse(useSearch({ strict: false }));
  const search = parsed.success ? parsed.data : {};
  const code = state.errorCode ?? search.code ?? state.strippedSearch?.code;
  const endDate = state.endDate ?? search.endDate ?? state.strippedSearch?.endDate;
  return <ErrorView code={code} endDate={endDate} signOnHref={signOnLink(state.signOnHref)} restartPath={restartLink(state.restartPath)} />;
}

/** Only the server's own sign-on: history state is ours, but a link must never lead elsewhere. */
function signOnLink(href: string | undefined): string | undefined {
  return href?.startsWith('/auth/login?') === true ? href : undefined;
}

/** Only the start of one of our flows: a live entry page of the page table that belongs to a flow. */
function restartLink(path: string | undefined): string | undefined {
  const page = path === undefined ? undefined : findLivePage(path);
  return page?.entry === true && page.flow !== undefined ? page.path : undefined;
}

export type ErrorViewProps = {
  readonly code: string | undefined;
  readonly endDate: string | undefined;
  /** Signing in again is the way on (an unauthenticated session, ADR 0082). */
  readonly signOnHref?: string | undefined;
  /** Starting the flow again is the way on (a reload of a step that was never stored, ADR 0121). */
  readonly restartPath?: string | undefined;
};

export function ErrorView({ code, endDate, signOnHref, restartPath }: ErrorViewProps) {
  // Signing in again starts the flow anew as well: one way on is offered, never both.
  const restart = signOnHref === undefined ? restartPath : undefined;
  const offersWayOn = signOnHref !== undefined || restart !== undefined;
  return (
    <>
      <ErrorMessage code={code} endDate={endDate} />
      {signOnHref === undefined ? null : <p>ログインの有効期限が切れたか、ログアウトされています。もう一度ログインすると、お手続きを最初から始められます。</p>}
      {restart === undefined ? null : (
        <p>画面の再読み込みなどにより、入力いただいた内容を引き継げませんでした。お手数ですが、お手続きを最初からやり直してください。</p>
      )}
      <div className="button-row">
        {signOnHref === undefined ? null : (
          <a href={signOnHref} className="button button--block">
            ログインしてやり直す
          </a>
        )}
        {restart === undefined ? null : (
          <Link to={restart} className="button button--block">
            お手続きを最初からやり直す
          </Link>
        )}
        <Link to="/Top" className={offersWayOn ? 'button button--secondary button--block' : 'button button--block'}>
          トップへ戻る
        </Link>
      </div>
    </>
  );
}
