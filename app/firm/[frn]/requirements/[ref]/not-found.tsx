import { RecordNotFound } from '@/components/register/record-not-found';

/** A requirement reference the firm does not have, or an unknown FRN (HTTP 404). */
export default function RequirementNotFound() {
  return <RecordNotFound kind="requirement" />;
}
