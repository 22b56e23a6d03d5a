import { Link } from '@tanstack/react-router';
import type { BuildLabel } from '../build-check/build-metadata-store';
import { PortalName } from './page-heading';

export function SiteFooter({ build }: { readonly build: BuildLabel | null }) {
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
        {build === null ? null : (
          <p className="site-footer__build">
            <small>
              バージョン {build.version}（{build.builtAt} 版）
            </small>
          </p>
        )}
      </div>
    </footer>
  );
}
