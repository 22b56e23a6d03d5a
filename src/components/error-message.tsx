/** An error from the catalogue: message, detail and code, read out at once (role=alert). */
import { describeError } from '../../contracts/error-catalogue';

export type ErrorMessageProps = {
  readonly code: string | undefined;
  readonly endDate?: string | undefined;
};

export function ErrorMessage({ code, endDate }: ErrorMessageProps) {
  const { message, detail } = describeError(code, endDate);
  return (
    <div className="alert alert--error" role="alert">
      <p className="alert__title">{message}</p>
      {detail === '' ? null : <p>{detail}</p>}
      {code === undefined ? null : <p className="alert__code">エラーコード：{code}</p>}
    </div>
  );
}
