// The request-independent security headers (lib/security/headers.ts, STATIC_SECURITY_HEADERS; a
// test keeps the two lists equal) for the responses the proxy never sees: the static build files.
// Everything else gets them, with the Content-Security-Policy and HSTS, from proxy.ts.
export const staticSecurityHeaders = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'permissions-policy':
    'accelerometer=(), autoplay=(), browsing-topics=(), camera=(), display-capture=(), ' +
    'geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), ' +
    'serial=(), usb=(), xr-spatial-tracking=()',
  'cross-origin-opener-policy': 'same-origin',
};

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder per concurrent build (tests, benchmarks) keeps them from clobbering each other.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  // pino and prom-client: the portal's HTTP server (scripts/serve.ts) and the bundles must share one copy of each.
  serverExternalPackages: ['better-sqlite3', 'pg', 'redis', 'exceljs', 'pino', 'prom-client'],
  // Links, redirect() and router.push are checked against the routes of app/ (lib/routes/portal-paths.ts).
  typedRoutes: true,
  experimental: {
    // forbidden() in requireRole(): a proper 403 page for a signed-in user without the role.
    authInterrupts: true,
    // next-env.d.ts then imports the route types of the build folder in use (NEXT_DIST_DIR), link
    // types included, and Next checks pages' props against their routes; without it tsconfig would
    // have to include <distDir>/types of every build folder, and those declare the same types.
    strictRouteTypes: true,
  },
  async headers() {
    return [
      {
        source: '/_next/static/:path*',
        headers: Object.entries(staticSecurityHeaders).map(([key, value]) => ({ key, value })),
      },
    ];
  },
};

export default nextConfig;
