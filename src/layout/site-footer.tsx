import { Link } from '@tanstack/react-router';
import { PortalName } from './page-heading';

export function SiteFooter() {
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
      </div>
    </footer>
  );
}
