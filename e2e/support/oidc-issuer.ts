// A real OpenID Connect provider (the `oidc-provider` package) on loopback, for proving single
// sign-on end to end: discovery, authorization-code flow with PKCE, signed ID tokens, and the
// provider's own (development) login and consent pages in the browser.
import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './portal-instance';

export interface IdpAccount {
  email: string;
  name: string;
  groups: string[];
  email_verified?: boolean;
}

export interface OidcIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

export async function startOidcIssuer(options: { redirectUri: string; accounts: Record<string, IdpAccount> }): Promise<OidcIssuer> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'fsr-portal-e2e';
  const clientSecret = 'e2e-client-secret-not-used-anywhere-else';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      const account = options.accounts[sub];
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { sub, email_verified: true, ...account };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    // Put the requested claims in the ID token too: next-auth reads the profile (and the groups
    // used for role mapping) from the ID token.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['e2e-cookie-key-one-not-secret'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  });
  // The development-only warnings are expected here.
  provider.on('server_error', (_ctx: unknown, err: Error) => console.error(`[oidc-provider] ${err.message}`));
  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
