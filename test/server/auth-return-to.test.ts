import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignOnType } from '../../contracts/codes';
import { findLivePage } from '../../machines/page-table';
import { landingFor, safeReturnTo } from '../../server/auth/return-to';
import { Browser, locationOf, signInUntilCallback, startAuthServer, type TestServer } from './auth-harness';

const servedOrTop = (path: string) => (findLivePage(path) === undefined ? '/Top' : path);

const outside = [
  'https://evil.example',
  'https://evil.example/Top',
  '//evil.example',
  '//evil.example/Top',
  '/\\evil.example',
  '\\\\evil.example',
  '/%2F%2Fevil.example',
  'javascript:alert(1)',
  '/Top\r\nLocation: https://evil.example',
  'evil.example',
  '/NotAPage',
  '/api/getAuthInfo',
  '/auth/logout',
  '',
];

describe('ログイン後の行き先（returnTo と sign-on 種別）', () => {
  it('ページ表にある内部パスだけを行き先にし、それ以外は /Top にすること', () => {
    expect(safeReturnTo('/AnshinDataBox/Service/Detail')).toBe('/AnshinDataBox/Service/Detail');
    expect(safeReturnTo('/Invoice/')).toBe('/Invoice');
    expect(safeReturnTo('/Invoice?x=1#y')).toBe('/Invoice');
    expect(safeReturnTo(undefined)).toBe('/Top');
    for (const value of outside) expect(safeReturnTo(value), value).toBe('/Top');
  });

  it('sign-on 種別が行き先を決めること（1 トップ、3 元のページ、8 請求書、4 バスケットLIVE、2・5 メールアドレス確認はバスケットLIVEの申込から）', () => {
    expect(landingFor(SignOnType.ReturnToTop, '/Invoice')).toBe('/Top');
    expect(landingFor(SignOnType.ReturnToLanding, '/AnshinDataBox')).toBe('/AnshinDataBox');
    expect(landingFor(SignOnType.ReturnToLanding, 'https://evil.example')).toBe('/Top');
    const allLive = () => true;
    expect(landingFor(SignOnType.BasketLiveLanding, '/Invoice', allLive)).toBe('/BasketLive');
    expect(landingFor(SignOnType.Invoice, '/Top', allLive)).toBe('/Invoice');
    expect(landingFor(SignOnType.MailAddressConfirmation, '/Top', allLive)).toBe('/BasketLive');
    expect(landingFor(SignOnType.BasketLiveMailAddressConfirmation, '/Top', allLive)).toBe('/BasketLive');
    expect(landingFor(undefined, '/OptionServices')).toBe('/OptionServices');
  });

  it('種別が決める行き先のページがまだ公開されていなければ、404ではなくトップに着くこと', () => {
    const onlyTop = (path: string) => path === '/Top';
    for (const type of [SignOnType.BasketLiveLanding, SignOnType.Invoice, SignOnType.MailAddressConfirmation, SignOnType.BasketLiveMailAddressConfirmation]) {
      expect(landingFor(type, '/Top', onlyTop), type).toBe('/Top');
    }
  });
});

describe('/auth/login の行き先（HTTP）', () => {
  let server: TestServer;
  let signedIn: Browser;
  beforeAll(async () => {
    server = await startAuthServer();
    signedIn = new Browser(server.base);
    const { callback } = await signInUntilCallback(signedIn, '/auth/login');
    expect((await signedIn.request(callback)).response.headers.get('location')).toBe('/Top');
  });
  afterAll(async () => server.close());

  it('外部サイトやページ表にないパスへの returnTo は /Top へ読み替えること（オープンリダイレクトにしない）', async () => {
    for (const value of outside) {
      const hop = await signedIn.request(`/auth/login?returnTo=${encodeURIComponent(value)}`);
      expect(hop.response.status, value).toBe(302);
      expect(hop.response.headers.get('location'), value).toBe('/Top');
    }
    const repeated = await signedIn.request('/auth/login?returnTo=/Invoice&returnTo=https://evil.example');
    expect(repeated.response.headers.get('location')).toBe('/Top');
  });

  it('種別の指定は行き先を決め、不正な種別は無視すること', async () => {
    const cases: [string, string][] = [
      ['type=1&returnTo=/Invoice', '/Top'],
      ['type=3&returnTo=/AnshinDataBox', '/AnshinDataBox'],
      // A typed landing the portal serves, else the top page (no 404 right after signing in).
      ['type=4', servedOrTop('/BasketLive')],
      ['type=8', servedOrTop('/Invoice')],
      ['type=2', servedOrTop('/BasketLive')],
      ['type=5', servedOrTop('/BasketLive')],
      ['type=9&returnTo=/Invoice', '/Invoice'],
    ];
    for (const [query, landing] of cases) {
      const hop = await signedIn.request(`/auth/login?${query}`);
      expect(hop.response.headers.get('location'), query).toBe(landing);
    }
  });

  it('未ログインで外部の returnTo を渡されても、ログイン後は /Top に着くこと', async () => {
    const browser = new Browser(server.base);
    const { callback } = await signInUntilCallback(browser, `/auth/login?returnTo=${encodeURIComponent('//evil.example/Top')}`);
    const landed = await browser.request(callback);
    expect(locationOf(landed).href).toBe(`${server.base}/Top`);
    expect(landed.response.headers.get('location')).toBe('/Top');
  });
});
