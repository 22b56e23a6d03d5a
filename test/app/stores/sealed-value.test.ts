import { describe, expect, it } from 'vitest';
import { openValue, sealValue } from '../../../src/stores/sealed-value';

const token = 'session-token-aaaaaaaaaaaaaaaaaaaaaaaa';

describe('sealValue / openValue', () => {
  it('has Web Crypto in this environment', () => {
    expect(globalThis.crypto?.subtle).toBeDefined();
  });

  it('round-trips a value under the same session token', async () => {
    const sealed = await sealValue('SC-0001-ご契約', token);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('SC-0001');
    await expect(openValue(sealed, token)).resolves.toBe('SC-0001-ご契約');
  });

  it('uses a fresh salt and IV each time', async () => {
    const a = await sealValue('same', token);
    const b = await sealValue('same', token);
    expect(a).not.toBe(b);
    expect(a.split('.')[2]).not.toBe(b.split('.')[2]);
  });

  it('does not open under another token', async () => {
    const sealed = await sealValue('SC-0001', token);
    await expect(openValue(sealed, 'another-session-token')).resolves.toBeNull();
    await expect(openValue(sealed, '')).resolves.toBeNull();
  });

  it('does not open a tampered or malformed value', async () => {
    const sealed = await sealValue('SC-0001', token);
    const [version, salt, iv, cipher] = sealed.split('.') as [string, string, string, string];
    const flipped = `${cipher.slice(0, -2)}${cipher.endsWith('AA') ? 'AB' : 'AA'}`;
    for (const bad of [
      [version, salt, iv, flipped].join('.'),
      ['v2', salt, iv, cipher].join('.'),
      [version, salt, iv].join('.'),
      [version, salt, 'AAAA', cipher].join('.'),
      [version, salt, iv, '!!!'].join('.'),
      'SC-0001',
      '',
    ]) {
      await expect(openValue(bad, token)).resolves.toBeNull();
    }
  });

  it('refuses to seal without a token', async () => {
    await expect(sealValue('SC-0001', '')).rejects.toThrow();
  });
});
