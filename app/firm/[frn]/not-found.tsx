import { RecordNotFound } from '@/components/register/record-not-found';

/** An FRN the register does not know (HTTP 404): says what was looked for and offers a search. */
export default function FirmNotFound() {
  return <RecordNotFound kind="firm" />;
}
