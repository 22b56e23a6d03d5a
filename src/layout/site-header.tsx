import { Link } from '@tanstack/react-router';
import { PortalName } from './page-heading';

export function SiteHeader({ signedIn }: { readonly signedIn: boolean }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand">
          {PortalName}
        </Link>
        {signedIn ? (
          <nav className="site-header__nav" aria-label="メインメニュー">
            <ul>
              <li>
                <Link to="/Top">トップ</Link>
              </li>
              <li>
                <Link to="/OptionServices">オプションサービス</Link>
              </li>
            </ul>
          </nav>
        ) : null}
      </div>
    </header>
  );
}
