/**
 * Encrypts a short value with a key derived from the session token (spec sections 3 and 9:
 * "the contract id is stored encrypted with the session token").
 * HKDF-SHA-256 (the token is a random server secret, not a password, so no slow KDF is
 * needed) with a random salt per value, then AES-GCM with a random 96-bit IV.
 * Format: `v1.<salt>.<iv>.<ciphertext>`, each part base64url.
 */
const Version = 'v1';
const Info = new TextEncoder().encode('carrier-portal/sealed-value/v1');

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function deriveKey(secret: string, salt: Uint8Array<ArrayBuffer>, usage: KeyUsage): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: Info },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

/** Encrypts `value` under `secret`; a fresh salt and IV every time. */
export async function sealValue(value: string, secret: string): Promise<string> {
  if (secret === '') throw new Error('cannot seal without a session token');
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await deriveKey(secret, salt, 'encrypt');
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(value));
  return [Version, toBase64Url(salt), toBase64Url(iv), toBase64Url(new Uint8Array(cipher))].join('.');
}

/** Decrypts a sealed value; null when it is malformed, tampered with or sealed under another secret. */
export async function openValue(sealed: string, secret: string): Promise<string | null> {
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== Version || secret === '') return null;
  try {
    const [salt, iv, cipher] = parts.slice(1).map(fromBase64Url) as [Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>];
    if (salt.length !== 16 || iv.length !== 12) return null;
    const key = await deriveKey(secret, salt, 'decrypt');
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, cipher);
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
