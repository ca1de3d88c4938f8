import { FirmNotFoundMessage } from '@/components/firm/firm-not-found-message';

/** A requirement reference the firm does not have, or an unknown FRN (HTTP 404). */
export default function RequirementNotFound() {
  return <FirmNotFoundMessage kind="requirement" />;
}
