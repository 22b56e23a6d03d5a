/**
 * The account menu's user information, contacts, security and receive settings and the postal
 * lookup (ADR 0078): real rows, one audit row per change, bad input and another customer's id
 * refused with nothing changed.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UserInfoSchema } from '../../contracts/api/account-user-info';
import { accountAudit, customerOptins, customers } from '../../server/db/schema';
import { expectAuthChecks } from './support/auth-matrix';
import { call, latestCode, passCooldown, signedInAppForFile, type Answer } from './support/anshin-kit';
import { apiHeaders } from './support/build-test-app';

const kit = signedInAppForFile(['demo01', 'demo02', 'demo03', 'demo13', 'demo14']);
const user = kit.user;
const key = () => ({ 'x-request-key': crypto.randomUUID() });
const post = (id: string, path: string, payload: unknown) => call(kit.test, user(id), 'POST', path, { payload, headers: key() });
const get = (id: string, path: string, query?: string) => call(kit.test, user(id), 'GET', path, query === undefined ? {} : { query });

async function rowOf(id: string) {
  const [row] = await kit.test.db.select().from(customers).where(eq(customers.sbSystemId, user(id).sbSystemId));
  if (!row) throw new Error(id);
  return row;
}
const auditOf = (id: string) => kit.test.db.select().from(accountAudit).where(eq(accountAudit.sbSystemId, user(id).sbSystemId)).orderBy(accountAudit.id);

/** The customer's row, audit and optins, to show a refused request changed nothing. */
const stateOf = async (id: string) => ({
  customer: await rowOf(id),
  audit: await auditOf(id),
  optins: await kit.test.db.select().from(customerOptins).where(eq(customerOptins.sbSystemId, user(id).sbSystemId)),
});

async function expectRefused(id: string, request: () => Promise<{ statusCode: number; json: <T>() => T }>, status: number, code: string, message?: string) {
  const before = await stateOf(id);
  const response = await request();
  expect(response.statusCode).toBe(status);
  const body = response.json<Answer & { issues?: { path: string; message: string }[] }>();
  expect(body.errorCode).toBe(code);
  if (message !== undefined) expect(body.issues?.map((issue) => issue.message)).toContain(message);
  expect(await stateOf(id)).toEqual(before);
}

async function proveContact(id: string, contact: { mailAddress: string } | { phoneNumber: string }) {
  await passCooldown(kit.test, user(id).sbSystemId);
  const payload = 'mailAddress' in contact ? { ...contact, purpose: 'contactChange' } : { ...contact, type: 'SMS', purpose: 'contactChange' };
  expect((await post(id, '/otp/send', payload)).json()).toEqual({ result: 'OK', ngMessage: null });
  const code = await latestCode(kit.origin, 'mailAddress' in contact ? contact.mailAddress : contact.phoneNumber);
  expect((await post(id, '/otp/auth', { otp: code })).json()).toEqual({ result: 'OK', ngMessage: null });
}

describe('GET user/info', () => {
  it('お名前・住所・回線番号と、メールアドレスと連絡先電話番号の確認状態（3通り）を返すこと', async () => {
    const info = UserInfoSchema.parse((await get('demo01', '/user/info')).json());
    expect(info).toEqual({
      loginId: 'demo01',
      name: { lastNameKanji: '山田', firstNameKanji: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ' },
      birthday: '1985/04/12',
      address: { postalCode: '1050011', address: '東京都港区芝公園4-2-8', subAddress: 'ポータルハイツ101' },
      lineNumber: '09012340001',
      mailAddress: { value: 'taro.yamada@example.jp', status: 'CONFIRMED' },
      phoneNumber: { value: '09012340001', status: 'CONFIRMED' },
    });
    const demo13 = UserInfoSchema.parse((await get('demo13', '/user/info')).json());
    expect(demo13.mailAddress.status).toBe('UNCONFIRMED');
    expect(demo13.phoneNumber).toEqual({ value: null, status: 'NOT_SET' });
    const demo14 = UserInfoSchema.parse((await get('demo14', '/user/info')).json());
    expect(demo14.phoneNumber).toEqual({ value: '08055550014', status: 'UNCONFIRMED' });
  });

  it('ログインなし・トークン違い・他のお客さまのIDは、401/403で何も返さないこと', async () => {
    await expectAuthChecks(kit.test, user('demo01'), user('demo02'), (id) => ({ method: 'GET', url: `/api/customer/${id}/user/info` }));
    const foreign = await kit.test.app.inject({ method: 'GET', url: `/api/customer/${user('demo02').sbSystemId}/user/info`, headers: apiHeaders(user('demo01')) });
    expect(foreign.body).not.toContain('hanako');
  });
});

describe('POST update/name', () => {
  it('半角カナ・ひらがなのフリガナは全角カタカナで保存され、変更前後の監査行が1行できること', async () => {
    const response = await post('demo02', '/update/name', { lastNameKanji: '髙橋', firstNameKanji: '花子', lastNameKana: 'ﾀｶﾊｼ', firstNameKana: 'はなこ' });
    expect(response.statusCode).toBe(200);
    expect(UserInfoSchema.parse(response.json()).name).toEqual({ lastNameKanji: '髙橋', firstNameKanji: '花子', lastNameKana: 'タカハシ', firstNameKana: 'ハナコ' });
    expect(await rowOf('demo02')).toMatchObject({ lastNameKanji: '髙橋', lastNameKana: 'タカハシ', firstNameKana: 'ハナコ' });
    const audit = await auditOf('demo02');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      item: 'name',
      sessionId: user('demo02').sessionId,
      before: { lastNameKanji: '佐藤', firstNameKanji: '花子', lastNameKana: 'サトウ', firstNameKana: 'ハナコ' },
      after: { lastNameKanji: '髙橋', firstNameKanji: '花子', lastNameKana: 'タカハシ', firstNameKana: 'ハナコ' },
    });
    // The same name again changes nothing and writes no row.
    await post('demo02', '/update/name', { lastNameKanji: '髙橋', firstNameKanji: '花子', lastNameKana: 'タカハシ', firstNameKana: 'ハナコ' });
    expect(await auditOf('demo02')).toHaveLength(1);
  });

  it('空のお名前・カタカナ以外のフリガナ・数字入りのお名前は、日本語のメッセージとA0400で何も変わらないこと', async () => {
    const good = { lastNameKanji: '山田', firstNameKanji: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ' };
    await expectRefused('demo01', () => post('demo01', '/update/name', { ...good, firstNameKanji: ' ' }), 400, 'A0400', 'お名前を入力してください。');
    await expectRefused('demo01', () => post('demo01', '/update/name', { ...good, lastNameKana: 'Yamada' }), 400, 'A0400', 'フリガナは全角カタカナで入力してください。');
    await expectRefused('demo01', () => post('demo01', '/update/name', { ...good, lastNameKanji: '山田2' }), 400, 'A0400', 'お名前に使えない文字が含まれています。');
  });

  it('他のお客さまのIDでは403 A0403で、どちらのお客さまも何も変わらないこと', async () => {
    const target = await stateOf('demo03');
    await expectRefused('demo01', () =>
      kit.test.app.inject({
        method: 'POST',
        url: `/api/customer/${user('demo03').sbSystemId}/update/name`,
        headers: apiHeaders(user('demo01'), key()),
        payload: { lastNameKanji: '乗取', firstNameKanji: '太郎', lastNameKana: 'ノットリ', firstNameKana: 'タロウ' },
      }),
    403, 'A0403');
    expect(await stateOf('demo03')).toEqual(target);
  });
});

describe('GET /api/addresses', () => {
  const lookup = (postalCode: string) =>
    kit.test.app.inject({ method: 'GET', url: `/api/addresses?postalCode=${encodeURIComponent(postalCode)}`, headers: apiHeaders(user('demo01')) });

  it('全角数字やダッシュの揺れも7桁に正規化して、日本郵便のデータの都道府県・市区町村・町域を返すこと', async () => {
    for (const input of ['1050011', '105-0011', '１０５－００１１', '105ー0011', '105‐0011']) {
      const response = await lookup(input);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ postalCode: '1050011', addresses: [{ prefecture: '東京都', city: '港区', town: '芝公園' }] });
    }
    // One code for two prefectures; one for a whole city (no town).
    expect((await lookup('4980000')).json<{ addresses: unknown[] }>().addresses).toEqual([
      { prefecture: '愛知県', city: '弥富市', town: '' },
      { prefecture: '三重県', city: '桑名郡木曽岬町', town: '' },
    ]);
    expect((await lookup('9999999')).json()).toEqual({ postalCode: '9999999', addresses: [] });
  });

  it('7桁でない・数字でない郵便番号は日本語のメッセージとA0400、ログインなしは401であること', async () => {
    const short = await lookup('105-001');
    expect(short.statusCode).toBe(400);
    expect(short.json<{ issues: { message: string }[] }>().issues[0]?.message).toBe('郵便番号は7桁で入力してください。');
    expect((await lookup('abcdefg')).json<{ issues: { message: string }[] }>().issues[0]?.message).toBe('郵便番号は数字で入力してください。');
    const anonymous = await kit.test.app.inject({ method: 'GET', url: '/api/addresses?postalCode=1050011' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST update/address', () => {
  it('郵便番号（全角・ハイフン付き）と、その都道府県・市区町村で始まる住所、建物名を保存し、監査行ができること', async () => {
    const response = await post('demo03', '/update/address', { postalCode: '５３０－０００１', address: '大阪府大阪市北区梅田１－１－３', subAddress: 'ポータルタワー２０階' });
    expect(response.statusCode).toBe(200);
    expect(UserInfoSchema.parse(response.json()).address).toEqual({ postalCode: '5300001', address: '大阪府大阪市北区梅田1-1-3', subAddress: 'ポータルタワー20階' });
    const audit = (await auditOf('demo03')).filter((row) => row.item === 'address');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toEqual({ postalCode: '5300001', address: '大阪府大阪市北区梅田1-1-3', subAddress: 'ポータルタワー20階' });
  });

  it('郵便番号と合わない住所・空の住所・存在しない郵便番号は、A0400で何も変わらないこと', async () => {
    const mismatch = '郵便番号と住所が一致しません。郵便番号から住所を検索し、都道府県と市区町村から入力してください。';
    await expectRefused('demo01', () => post('demo01', '/update/address', { postalCode: '1050011', address: '大阪府大阪市北区梅田1-1', subAddress: '' }), 400, 'A0400', mismatch);
    await expectRefused('demo01', () => post('demo01', '/update/address', { postalCode: '9999999', address: '東京都港区芝公園1-1', subAddress: '' }), 400, 'A0400', mismatch);
    await expectRefused('demo01', () => post('demo01', '/update/address', { postalCode: '1050011', address: '', subAddress: '' }), 400, 'A0400', '住所を入力してください。');
  });
});

describe('POST update/mail, update/phone', () => {
  it('新しいメールアドレスは、そのアドレスで確認コードを認証するまで受け付けず（E9998）、認証後は確認済みで保存され監査行ができること', async () => {
    const next = 'hanako.new@example.jp';
    await expectRefused('demo02', () => post('demo02', '/update/mail', { mailAddress: next }), 406, 'E9998');
    // A code proving another address does not prove this one.
    await proveContact('demo02', { mailAddress: 'someone.else@example.jp' });
    await expectRefused('demo02', () => post('demo02', '/update/mail', { mailAddress: next }), 406, 'E9998');

    await proveContact('demo02', { mailAddress: next });
    // Full-width input and spaces are normalised to the address the code proved.
    const saved = await post('demo02', '/update/mail', { mailAddress: `  ${next.replace('@', '＠')} ` });
    expect(saved.statusCode).toBe(200);
    expect(UserInfoSchema.parse(saved.json()).mailAddress).toEqual({ value: next, status: 'CONFIRMED' });
    const audit = (await auditOf('demo02')).filter((row) => row.item === 'mailAddress');
    expect(audit.map((row) => [row.before, row.after])).toEqual([
      [{ mailAddress: 'hanako.sato@example.jp', confirmed: true }, { mailAddress: next, confirmed: true }],
    ]);
  });

  it('未確認のメールアドレス（demo13）は同じアドレスの確認コードで確認済みになること', async () => {
    const { mailAddress } = await rowOf('demo13');
    await proveContact('demo13', { mailAddress });
    const saved = await post('demo13', '/update/mail', { mailAddress });
    expect(UserInfoSchema.parse(saved.json()).mailAddress).toEqual({ value: mailAddress, status: 'CONFIRMED' });
  });

  it('連絡先電話番号は、SMSの確認コードで確認済みになり、削除もでき、SMSの設定があるうちは削除できないこと', async () => {
    await expectRefused('demo14', () => post('demo14', '/update/phone', { phoneNumber: '070-5555-0014' }), 406, 'E9998');
    await proveContact('demo14', { phoneNumber: '07055550014' });
    const saved = await post('demo14', '/update/phone', { phoneNumber: '０７０－５５５５－００１４' });
    expect(saved.statusCode).toBe(200);
    expect(UserInfoSchema.parse(saved.json()).phoneNumber).toEqual({ value: '07055550014', status: 'CONFIRMED' });

    expect((await post('demo14', '/update/security', { signInNoticeChannel: '4' })).statusCode).toBe(200);
    await expectRefused(
      'demo14',
      () => post('demo14', '/update/phone', { phoneNumber: null }),
      400,
      'A0400',
      'SMSで受け取る設定（ログインのお知らせ・受信設定）があるため、連絡先電話番号を削除できません。先に設定を変更してください。',
    );
    expect((await post('demo14', '/update/security', { signInNoticeChannel: null })).statusCode).toBe(200);
    const removed = await post('demo14', '/update/phone', { phoneNumber: null });
    expect(UserInfoSchema.parse(removed.json()).phoneNumber).toEqual({ value: null, status: 'NOT_SET' });
    expect((await auditOf('demo14')).map((row) => row.item)).toEqual(['phoneNumber', 'securitySettings', 'securitySettings', 'phoneNumber']);
  });

  it('携帯電話番号でない番号・形式の違うメールアドレスは、A0400で何も変わらないこと', async () => {
    await expectRefused('demo01', () => post('demo01', '/update/phone', { phoneNumber: '0312345678' }), 400, 'A0400', '携帯電話番号は11桁で入力してください。');
    await expectRefused('demo01', () => post('demo01', '/update/mail', { mailAddress: 'not-an-address' }), 400, 'A0400', 'メールアドレスの形式が正しくありません。');
  });
});

describe('security settings and optins', () => {
  it('ログインのお知らせは確認済みの連絡先にだけ設定でき、読み戻せること', async () => {
    expect((await get('demo13', '/security/settings')).json()).toEqual({ signInNoticeChannel: null, passwordChangedAt: null });
    await expectRefused('demo13', () => post('demo13', '/update/security', { signInNoticeChannel: '4' }), 400, 'A0400', '連絡先電話番号が確認済みではないため、SMSで受け取る設定にできません。');
    await expectRefused('demo01', () => post('demo01', '/update/security', { signInNoticeChannel: '1' }), 400, 'A0400');
    expect((await post('demo01', '/update/security', { signInNoticeChannel: '5' })).json()).toEqual({ signInNoticeChannel: '5', passwordChangedAt: null });
    expect((await get('demo01', '/security/settings')).json()).toMatchObject({ signInNoticeChannel: '5' });
    expect((await auditOf('demo01')).filter((row) => row.item === 'securitySettings').map((row) => [row.before, row.after])).toEqual([
      [{ signInNoticeChannel: null }, { signInNoticeChannel: '5' }],
    ]);
  });

  it('受信設定は既定値から変更して読み戻せ、未確認の連絡先への受け取りは追加できないこと', async () => {
    const defaults = [
      { notice: 'billingAmount', email: true, sms: false },
      { notice: 'serviceNews', email: true, sms: false },
      { notice: 'campaign', email: false, sms: false },
    ];
    expect((await get('demo03', '/optins')).json()).toEqual({ optins: defaults });
    const next = [defaults[0], { notice: 'serviceNews', email: false, sms: true }, { notice: 'campaign', email: true, sms: false }];
    expect((await post('demo03', '/update/optins', { optins: next })).json()).toEqual({ optins: next });
    expect((await get('demo03', '/optins')).json()).toEqual({ optins: next });
    const audit = (await auditOf('demo03')).filter((row) => row.item === 'optins');
    expect(audit.map((row) => [row.before, row.after])).toEqual([[{ optins: defaults }, { optins: next }]]);

    await expectRefused('demo13', () => post('demo13', '/update/optins', { optins: [defaults[0], defaults[1], { notice: 'campaign', email: false, sms: true }] }), 400, 'A0400', '連絡先電話番号が確認済みではないため、SMSで受け取る設定にできません。');
    await expectRefused('demo03', () => post('demo03', '/update/optins', { optins: [defaults[0], defaults[1]] }), 400, 'A0400', 'すべてのお知らせについて受け取り方を選択してください。');
  });

  it('他のお客さまのIDでは、設定の読み書きとも403 A0403で何も変わらないこと', async () => {
    for (const [method, path, payload] of [
      ['GET', '/security/settings', undefined],
      ['POST', '/update/security', { signInNoticeChannel: null }],
      ['GET', '/optins', undefined],
      ['POST', '/update/optins', { optins: [] }],
      ['POST', '/update/address', { postalCode: '1050011', address: '東京都港区芝公園1-1', subAddress: '' }],
      ['POST', '/update/mail', { mailAddress: 'x@example.jp' }],
      ['POST', '/update/phone', { phoneNumber: null }],
    ] as const) {
      await expectAuthChecks(kit.test, user('demo01'), user('demo02'), (id) => ({ method, url: `/api/customer/${id}${path}`, ...(payload === undefined ? {} : { payload }) }));
    }
  });
});
