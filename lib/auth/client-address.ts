// The client's address for per-address sign-in throttling. The portal's own HTTP server
// (lib/server/http-server.ts, which `npm start` runs) puts X-Forwarded-For right before any handler
// reads it: without TRUST_PROXY it is the connection's real peer address alone, whatever the client
// sent; with TRUST_PROXY=n (the reverse proxies in front of the portal that append the peer they
// saw), it is kept as the proxies wrote it and the n-th entry from the right is the one a trusted
// proxy wrote. `trustedProxies` is that n (authConfig().trustedProxies, lib/runtime/forwarded.ts).

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
