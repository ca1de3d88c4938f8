import 'server-only';
import { headers } from 'next/headers';
import { CSP_HEADER, nonceFromPolicy } from './headers';

/** This request's CSP nonce (proxy.ts puts the policy on the request), for the rare inline <style> a page must render; null outside a request the proxy saw. */
export async function requestNonce(): Promise<string | null> {
  return nonceFromPolicy((await headers()).get(CSP_HEADER));
}
