import { countText, FIRM_SECTIONS, type FirmSectionSlug } from '@/lib/sections/firm-sections';
import { sectionCount } from '@/lib/firm/section-counts';

/** One overview link's count, streamed on its own so the rest of the page never waits for it. */
export async function SectionCount({ frn, slug }: { frn: string; slug: FirmSectionSlug }) {
  const info = FIRM_SECTIONS[slug];
  const count = await sectionCount(frn, slug);
  if (count === undefined) {
    return (
      <span className="text-xs text-slate-600" data-testid={`count-${slug}`}>
        (count not available just now)
      </span>
    );
  }
  const bucketed = info.paging === 'bucketed';
  return (
    <span className="text-sm text-slate-700" data-testid={`count-${slug}`}>
      {count === 0 ? 'None recorded' : countText(count, info.unit)}
      {bucketed && count > 0 ? ', current and previous' : ''}
    </span>
  );
}
