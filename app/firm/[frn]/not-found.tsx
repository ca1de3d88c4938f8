import { FirmNotFoundMessage } from '@/components/firm/firm-not-found-message';

/** An FRN the register does not know (HTTP 404): says what was looked for and offers a search. */
export default function FirmNotFound() {
  return <FirmNotFoundMessage kind="firm" />;
}
