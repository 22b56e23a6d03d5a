/** /: what the portal is, and the way in. Signing on is the server's (/auth/login). */
import { SignOnType } from '../../../contracts/codes';
import { serviceCatalogue } from '../service-catalogue';

export const LoginHref = `/auth/login?type=${SignOnType.ReturnToTop}`;

export function LandingPage() {
  return (
    <>
      <section className="hero" aria-labelledby="landing-intro">
        <h2 id="landing-intro">オプションサービスのお手続きを、いつでもスマートフォンで</h2>
        <p>
          お客さまポータルでは、ご契約中のオプションサービスの確認・お申し込み・お支払い方法の変更・解約を、24時間いつでもお手続きいただけます。
        </p>
        <div className="button-row">
          <a href={LoginHref} className="button button--block">
            ログイン
          </a>
        </div>
      </section>
      <section aria-labelledby="landing-services">
        <h2 id="landing-services">ご利用いただけるサービス</h2>
        <ul className="catalogue">
          {serviceCatalogue.map((entry) => (
            <li key={entry.serviceId} className="card">
              <h3>{entry.name}</h3>
              <p>{entry.summary}</p>
              {entry.priceLabel === null ? null : <p className="price">{entry.priceLabel}</p>}
            </li>
          ))}
        </ul>
      </section>
      <p className="note">ログインには、ご契約時に登録したログインIDとパスワードが必要です。</p>
    </>
  );
}
