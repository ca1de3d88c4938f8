import NextAuth from 'next-auth';
import { clientAddress } from '@/lib/auth/client-address';
import { authConfig, getAuthOptions } from '@/lib/auth/options';

// next-auth's endpoints (sign-in, callbacks, session, CSRF, sign-out): public by design; the
// options are built per request so sign-ins, sign-outs and throttling know the client address
// (and a new session its browser, for the list of sessions under /account).
type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: Context) {
  const address = clientAddress(request.headers, authConfig().trustedProxies);
  const userAgent = request.headers.get('user-agent') ?? undefined;
  return NextAuth(request as never, context as never, getAuthOptions(address, userAgent)) as Promise<Response>;
}

export { handler as GET, handler as POST };
