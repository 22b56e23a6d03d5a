/** Mail-address rules the server and the change pages share. */

/** Top-level domains that never receive mail (RFC 2606, RFC 6761). */
const UndeliverableTlds = new Set(['invalid', 'localhost']);

/** An address whose domain can receive mail: a dotted domain outside the reserved top-level domains. */
export function isDeliverableMailAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return false;
  const domain = address.slice(at + 1).toLowerCase().replace(/\.$/, '');
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  return domain.includes('.') && !UndeliverableTlds.has(tld);
}
