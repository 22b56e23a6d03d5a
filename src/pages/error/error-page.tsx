/**
 * /Error: the message and detail of the error catalogue for the code the customer was sent
 * here with (history state, else ?code=), and the way back to the top page.
 */
import { Link, useLocation, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { ErrorMessage } from '../../components/error-message';

const ErrorSearchSchema = z.object({ code: z.string().optional(), endDate: z.string().optional() });

export function ErrorPage() {
  const state = useLocation({ select: (location) => location.state });
  const parsed = ErrorSearchSchema.safeParse(useSearch({ strict: false }));
  const search = parsed.success ? parsed.data : {};
  const code = state.errorCode ?? search.code ?? state.strippedSearch?.code;
  const endDate = state.endDate ?? search.endDate ?? state.strippedSearch?.endDate;
  return <ErrorView code={code} endDate={endDate} />;
}

export function ErrorView({ code, endDate }: { readonly code: string | undefined; readonly endDate: string | undefined }) {
  return (
    <>
      <ErrorMessage code={code} endDate={endDate} />
      <div className="button-row">
        <Link to="/Top" className="button button--block">
          トップへ戻る
        </Link>
      </div>
    </>
  );
}
