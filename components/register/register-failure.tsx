import type { RegisterFailure } from '@/lib/register/result';
import { formatDateTime } from '@/lib/format/date';
import type { PortalPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';

type Props = {
  failure: RegisterFailure;
  /** What was being looked up, in words ("appointed representatives of FRN 122702"). */
  what: string;
  /** For not-found: offer a search instead. */
  searchHref?: PortalPath;
};

/**
 * The one place that turns a failed register call into words: not found, bad input, the register
 * refusing the key, rate limiting and upstream failure each get their own clear message.
 */
export function RegisterFailureMessage({ failure, what, searchHref }: Props) {
  switch (failure.kind) {
    case 'not-found':
      return (
        <div role="status" className="rounded border border-slate-300 bg-white p-4 text-sm">
          <p className="font-semibold">The register has no {what}.</p>
          <p className="mt-1 text-slate-700">{failure.message}</p>
          {searchHref ? (
            <p className="mt-2">
              <TextLink href={searchHref}>Search the register instead</TextLink>
            </p>
          ) : null}
        </div>
      );
    case 'bad-input':
      return (
        <div role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">That is not a valid request for {what}.</p>
          <p className="mt-1">{failure.message}</p>
        </div>
      );
    case 'unauthorised':
      return (
        <div role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">The register refused the portal&apos;s API key, so {what} cannot be shown.</p>
          <p className="mt-1">
            This is a configuration problem, not a problem with your search. Ask the portal&apos;s operator to check the register API e-mail and key (FSR_API_EMAIL and
            FSR_API_KEY).
          </p>
        </div>
      );
    case 'rate-limited':
      return (
        <div role="alert" className="rounded border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-semibold">The register is busy, so {what} cannot be fetched right now.</p>
          <p className="mt-1">
            {failure.message} Try again in about {Math.max(1, Math.ceil(failure.retryAfterSeconds))} seconds (after{' '}
            <time dateTime={failure.retryAt}>{formatDateTime(failure.retryAt)}</time>).
          </p>
        </div>
      );
    case 'upstream-error':
      return (
        <div role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">The register did not answer properly, so {what} cannot be shown.</p>
          <p className="mt-1">{failure.message}</p>
          <p className="mt-1">The register may be temporarily unavailable. Try again in a few minutes.</p>
        </div>
      );
  }
}
