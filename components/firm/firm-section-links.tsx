import Link from 'next/link';
import { Suspense } from 'react';
import { firmPath } from '@/lib/routes/portal-paths';
import { FIRM_SECTION_SLUGS, FIRM_SECTIONS } from '@/lib/sections/firm-sections';
import { SectionCount } from './section-count';

/**
 * The overview's way into every section, each with its count ("none recorded" for an empty one).
 * Counts stream in one by one, each in its own boundary, so the header and the links are never
 * held up by them; what they cost: lib/firm/section-counts.ts.
 */
export function FirmSectionLinks({ frn }: { frn: string }) {
  return (
    <nav aria-labelledby="sections-heading" className="space-y-2">
      <h2 id="sections-heading" className="text-lg font-semibold">
        On the register
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {FIRM_SECTION_SLUGS.map((slug) => {
          const info = FIRM_SECTIONS[slug];
          return (
            <li key={slug} className="rounded border border-slate-200 bg-white p-3">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <Link href={firmPath(frn, slug)} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                  {info.title}
                </Link>
                <Suspense
                  fallback={
                    <span className="text-xs text-slate-500">
                      <span aria-hidden="true">counting…</span>
                      <span className="sr-only">count loading</span>
                    </span>
                  }
                >
                  <SectionCount frn={frn} slug={slug} />
                </Suspense>
              </p>
              <p className="mt-1 text-sm text-slate-600">{info.summary}</p>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
