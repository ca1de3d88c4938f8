import { loadRegisterConfig, type RegisterConfig } from '../load-config';

/** A config for tests, pointing at `baseUrl`, with overrides as environment variables would give them. */
export function testConfig(baseUrl: string, env: Record<string, string> = {}): RegisterConfig {
  return loadRegisterConfig({
    FSR_API_BASE_URL: baseUrl,
    FSR_API_EMAIL: 'tester@example.com',
    FSR_API_KEY: 'test-key-0123456789',
    FSR_RATE_MARGIN_MS: '0',
    FSR_API_TIMEOUT_MS: '2000',
    ...env,
  });
}
