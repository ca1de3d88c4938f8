// The client's address for per-address sign-in throttling. Next's server sets X-Forwarded-For to
// the connection's address only when the request has none, so what a client sends itself would
// otherwise be believed. With AUTH_TRUSTED_PROXIES=n (the reverse proxies in front of the portal
// that append the peer they saw), the n-th entry from the right is the one a trusted proxy wrote.
// With 0 (the portal is reached directly) the rightmost entry is used: the connection's address,
// unless the client forged the header, which only lets it spread guesses over invented
// addresses; the per-account limit still holds.

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const v = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(',') : v;
}

export function clientAddress(headers: HeaderSource, trustedProxies: number): string {
  const chain = (header(headers, 'x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (chain.length === 0) return 'unknown';
  const index = chain.length - Math.max(trustedProxies, 1);
  const address = chain[Math.max(index, 0)];
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) and the plain form are one client.
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').slice(0, 64);
}
