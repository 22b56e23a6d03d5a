import { describe, expect, it } from 'vitest';
import { hostKind } from '../../../contracts/hosts';
import { createAppConfig, isAllowedRedirectTarget, isAllowedReferrer, tagManagerFor } from '../../../src/config/app-config';

describe('host rules', () => {
  it('classifies hosts, counting an unknown host as production', () => {
    expect(hostKind('localhost')).toBe('local');
    expect(hostKind('pr-3.review.portal.example.test')).toBe('review');
    expect(hostKind('qa.portal.example.test')).toBe('qa');
    expect(hostKind('stg.portal.example.jp')).toBe('staging');
    expect(hostKind('portal.example.jp')).toBe('production');
    expect(hostKind('portal.example.jp.evil.test')).toBe('production');
  });

  it('allows demo pages on local, review and QA hosts only', () => {
    expect(createAppConfig('127.0.0.1', {}).demoAllowed).toBe(true);
    expect(createAppConfig('qa.portal.example.test', {}).demoAllowed).toBe(true);
    expect(createAppConfig('stg.portal.example.jp', {}).demoAllowed).toBe(false);
    expect(createAppConfig('portal.example.jp', {}).demoAllowed).toBe(false);
  });

  it('forwards /Redirect only to allow-listed hosts over https (http only locally)', () => {
    const production = createAppConfig('portal.example.jp', { VITE_REDIRECT_ALLOWED_HOSTS: 'order.example.jp' });
    expect(isAllowedRedirectTarget(production, 'https://order.example.jp/cart')).toBe(true);
    expect(isAllowedRedirectTarget(production, 'http://order.example.jp/cart')).toBe(false);
    expect(isAllowedRedirectTarget(production, 'https://order.example.jp.evil.test/')).toBe(false);
    expect(isAllowedRedirectTarget(production, 'https://user@order.example.jp/')).toBe(false);
    expect(isAllowedRedirectTarget(production, 'javascript:alert(1)')).toBe(false);
    const local = createAppConfig('localhost', {});
    expect(isAllowedRedirectTarget(local, 'http://order.sandbox.localhost:3000/order')).toBe(true);
  });

  it('lets only allow-listed referrers enter directly', () => {
    const config = createAppConfig('portal.example.jp', { VITE_ENTRY_ALLOWED_HOSTS: 'www.example.jp, *.partner.example.jp' });
    expect(isAllowedReferrer(config, 'https://www.example.jp/menu')).toBe(true);
    expect(isAllowedReferrer(config, 'https://shop.partner.example.jp/')).toBe(true);
    expect(isAllowedReferrer(config, 'https://search.example.com/')).toBe(false);
    expect(isAllowedReferrer(config, '')).toBe(false);
  });
});

describe('tag manager per host', () => {
  it('is on without debug in production, on with debug on test hosts, off locally, and off without an id', () => {
    expect(tagManagerFor('production', 'GTM-ABC')).toEqual({ id: 'GTM-ABC', enabled: true, debug: false });
    expect(tagManagerFor('staging', 'GTM-ABC')).toEqual({ id: 'GTM-ABC', enabled: true, debug: true });
    expect(tagManagerFor('qa', 'GTM-ABC')).toEqual({ id: 'GTM-ABC', enabled: true, debug: true });
    expect(tagManagerFor('local', 'GTM-ABC').enabled).toBe(false);
    expect(tagManagerFor('production', undefined).enabled).toBe(false);
  });

  it('ignores a malformed container id', () => {
    expect(createAppConfig('portal.example.jp', { VITE_TAG_MANAGER_ID: '"><script>' }).tagManager.enabled).toBe(false);
  });
});
