'use client';

import { useEffect } from 'react';

/**
 * On the sign-in page: when the page was reached by a client-side navigation after the session
 * ended (the proxy sent the router's fetch to sign-in), the router kept the layout, and with it
 * the header of the person who is no longer signed in. Then the page loads itself again as a
 * whole document, so the header says no one is signed in. On a normal load there is no such
 * header and nothing happens.
 */
export function StaleHeaderReload() {
  useEffect(() => {
    if (document.querySelector('header [data-testid="account-menu-button"]')) window.location.reload();
  }, []);
  return null;
}
