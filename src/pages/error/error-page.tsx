/**
 * /Error: the message and detail of the error catalogue for the code the customer was sent
 * here with (history state, else ?code=), and the way back to the top page.
 */
import { Link, useLocation, useSearch } from '@tanstack/react-router';
import { z } from 'zod/mini';
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
  return <ErrorView code={code} endDate={endDate} signOnHref={signOnLink(state.signOnHref)} />;
}

/** Only the server's own sign-on: history state is ours, but a link must never lead elsewhere. */
function signOnLink(href: string | undefined): string | undefined {
  return href?.startsWith('/auth/login?') === true ? href : undefined;
}

export type ErrorViewProps = {
  readonly code: string | undefined;
  readonly endDate: string | undefined;
  /** Signing in again is the way on (an unauthenticated session, ADR 0082). */
  readonly signOnHref?: string | undefined;
};

export function ErrorView({ code, endDate, signOnHref }: ErrorViewProps) {
  return (
    <>
      <ErrorMessage code={code} endDate={endDate} />
      {signOnHref === undefined ? null : <p>ログインの有効期限が切れたか、ログアウトされています。もう一度ログインすると、お手続きを最初から始められます。</p>}
      <div className="button-row">
        {signOnHref === undefined ? null : (
          <a href={signOnHref} className="button button--block">
            ログインしてやり直す
          </a>
        )}
        <Link to="/Top" className={signOnHref === undefined ? 'button button--block' : 'button button--secondary button--block'}>
          トップへ戻る
        </Link>
      </div>
    </>
  );
}
