import { Link } from '@tanstack/react-router';
import type { BuildMetadata } from '../build-check/build-metadata';
import { formatDateTimeToMinute } from '../../contracts/text/japan-time';
import { PortalName } from './page-heading';


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
              バージョン {metadata.version}（{formatDateTimeToMinute(new Date(metadata.builtAt))} 版）
            </small>
          </p>
        )}
      </div>
    </footer>
  );
}
