import { FirmNotFoundMessage } from '@/components/firm/firm-not-found-message';

/** A country the firm has no passport for, or an unknown FRN (HTTP 404). */
export default function PassportNotFound() {
  return <FirmNotFoundMessage kind="passport" />;
}
