import { RecordNotFound } from '@/components/register/record-not-found';

/** A country the firm has no passport for, or an unknown FRN (HTTP 404). */
export default function PassportNotFound() {
  return <RecordNotFound kind="passport" />;
}
