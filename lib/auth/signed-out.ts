// What the portal says to a request without a working session that it cannot send to the sign-in
// page itself: route handlers' 401 JSON (read by the portal's own scripts, which show `message`,
// and by people trying a URL). In words a person understands, with the sign-in link that comes
// back to the page they were on (the Referer, when it is a page of this portal).
import { loginPath } from './callback-url';

export interface SignedOutBody {
  error: 'unauthenticated';
  message: string;
  /** The sign-in page, coming back to the page the request came from. */
  signIn: string;
}

/** The page (path and query) a request came from, when the Referer is on the portal's own origin. */
function refererPath(referer: string | null | undefined, origin: string): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.origin === new URL(origin).origin ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

export function signedOutBody(referer: string | null | undefined, origin: string): SignedOutBody {
  const signIn = new URL(loginPath(refererPath(referer, origin)), origin).toString();
  return {
    error: 'unauthenticated',
    message: `You have been signed out, or you are not signed in. Sign in again (${signIn}), then try this again.`,
    signIn,
  };
}
