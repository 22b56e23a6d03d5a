import { Link } from '@tanstack/react-router';
import type { BuildMetadata } from '../build-check/build-metadata';
import { PortalName } from './page-heading';

/** yyyy/mm/dd hh:mm in Japan time. */
const builtAtText = (iso: string): string =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

export function SiteFooter({ metadata }: { readonly metadata: BuildMetadata | null }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <ul>
          <li>
            <Link to="/OptionServices">オプションサービス一覧</Link>
          </li>
          <li>
            <Link to="/doClear">この端末のご利用情報を消去</Link>
          </li>
        </ul>
        <p>
          <small>{PortalName}</small> <small>価格はすべて税込です。</small>
        </p>
        {metadata === null ? null : (
          <p className="site-footer__build">
            <small>
              バージョン {metadata.version}（{builtAtText(metadata.builtAt)} 版）
            </small>
          </p>
        )}
      </div>
    </footer>
  );
}
