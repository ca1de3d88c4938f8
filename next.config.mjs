/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder per concurrent build (tests, benchmarks) keeps them from clobbering each other.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ['better-sqlite3', 'pg', 'redis'],
  typedRoutes: false,
  // forbidden() in requireRole(): a proper 403 page for a signed-in user without the role.
  experimental: { authInterrupts: true },
};

export default nextConfig;
