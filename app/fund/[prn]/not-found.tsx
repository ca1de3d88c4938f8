import { RecordNotFound } from '@/components/register/record-not-found';

/** A PRN of the right shape that the register does not know (HTTP 404), for every fund page.
 * Next renders a segment's not-found boundary in the browser, not into the 404's HTML (vercel/next.js#62228). */
export default function FundNotFound() {
  return <RecordNotFound kind="fund" />;
}
