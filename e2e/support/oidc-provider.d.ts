// The slice of oidc-provider's API the e2e issuer uses (the package ships no type declarations,
// and @types/oidc-provider would be a dependency for one test helper).
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients?: Array<Record<string, unknown>>;
    findAccount?: (ctx: unknown, sub: string) => Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required?: () => boolean };
    cookies?: { keys?: string[] };
    ttl?: Record<string, number>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    listen(port: number, host?: string): Server;
    on(event: 'server_error', listener: (ctx: unknown, err: Error) => void): this;
  }
}
