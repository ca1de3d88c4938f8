import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@/': root,
      // `server-only` throws outside a React Server Component bundle; in node tests it is a no-op.
      'server-only': fileURLToPath(new URL('./test/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', 'e2e/**', '.next*/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two-factor secrets are encrypted under a key from FSR_TOTP_KEY or a file in the data folder
    // (lib/auth/totp-encryption.ts): tests use a fixed key rather than write a key file into the repository.
    env: { FSR_TOTP_KEY: '0f0e0d0c0b0a09080706050403020100f0e0d0c0b0a090807060504030201000' },
  },
});
