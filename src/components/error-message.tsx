/** An error from the catalogue: message, detail and code, read out at once (role=alert), or politely as a notice. */
import { describeError } from '../../contracts/error-catalogue';

export type ErrorMessageProps = {
  readonly code: string | undefined;
  readonly endDate?: string | undefined;
  /** A notice says why the customer is here (E9997 on the top page), read out politely. */
  readonly tone?: 'error' | 'notice';
};

export function ErrorMessage({ code, endDate, tone = 'error' }: ErrorMessageProps) {
  const { message, detail } = describeError(code, endDate);
  return (
    <div className={tone === 'error' ? 'alert alert--error' : 'alert alert--warning'} role={tone === 'error' ? 'alert' : 'status'}>
      <p className="alert__title">{message}</p>
      {detail === '' ? null : <p>{detail}</p>}
      {code === undefined ? null : <p className="alert__code">エラーコード：{code}</p>}
    </div>
  );
}
