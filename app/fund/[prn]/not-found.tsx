import { NotFoundLookup } from '@/components/register/not-found-lookup';

/** A PRN of the right shape that the register does not know (HTTP 404), for every fund page.
 * Next renders a segment's not-found boundary in the browser, not into the 404's HTML (vercel/next.js#62228). */
export default function FundNotFound() {
  return <NotFoundLookup kind="fund" />;
}
