import { FundKeyFacts } from '@/components/fund/fund-key-facts';
import { FundNamesPreview } from '@/components/fund/fund-names-section';
import { FundWarnings } from '@/components/fund/fund-warnings';
import { SubfundsPreview } from '@/components/fund/subfunds-section';
import { overviewRoute } from '@/components/register/entity-route';
import { FUND_PAGES } from '@/components/fund/fund-pages';
import { StreamedSection } from '@/components/register/streamed-section';
import { WatchControl } from '@/components/watch/watch-control';
import { FUND_SECTIONS } from '@/lib/sections/fund-sections';

/** /fund/[prn]: the fund's key facts, warnings, and the first of its other names and sub-funds. */
const route = overviewRoute(FUND_PAGES, ({ prn, result, listing }) => {
  const fund = result.data;
  // A sub-fund has no sub-funds of its own; asking would only cost a request.
  const subFund = /sub-?fund/i.test(fund.schemeType ?? '');
  return {
    refreshCalls: [{ endpoint: 'fundNames', args: [prn] }, ...(subFund ? [] : [{ endpoint: 'fundSubfunds' as const, args: [prn] }])],
    content: (
      <>
        <WatchControl kind="fund" refNumber={prn} name={listing?.name ?? null} />
        <FundWarnings fund={fund} name={listing?.name} />
        <section aria-labelledby="facts-heading" className="space-y-3">
          <h2 id="facts-heading" className="text-lg font-semibold">
            Key facts
          </h2>
          <FundKeyFacts fund={fund} />
        </section>
        <StreamedSection id="names" title={FUND_SECTIONS.names.title} label={FUND_SECTIONS.names.label}>
          <FundNamesPreview prn={prn} preview={5} />
        </StreamedSection>
        {subFund ? null : (
          <StreamedSection id="subfunds" title={FUND_SECTIONS.subfunds.title} label={FUND_SECTIONS.subfunds.label} rows={5}>
            <SubfundsPreview prn={prn} preview={5} />
          </StreamedSection>
        )}
      </>
    ),
  };
});
export const generateMetadata = route.generateMetadata;
export default route.Page;
