import type { SearchType } from '@/lib/register/model';
import { searchPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';

const NOUNS: Record<SearchType, string> = { firm: 'firms', individual: 'individuals', fund: 'funds' };

/** "Nothing found", with what to try next: other spellings, fewer words, the other kinds of record. */
export function NoResults({ query, type }: { query: string; type: SearchType }) {
  const others = (Object.keys(NOUNS) as SearchType[]).filter((t) => t !== type);
  const words = query.split(' ').filter(Boolean);
  return (
    <div role="status" className="space-y-3 rounded border border-slate-300 bg-white p-4 text-sm">
      <p className="font-semibold">
        No {NOUNS[type]} on the register match “{query}”.
      </p>
      <p>Things to try:</p>
      <ul className="list-disc space-y-1 pl-6">
        <li>Check the spelling. The register matches the start of each word (“barc” finds “Barclays”), not letters inside a word.</li>
        {words.length > 1 ? (
          <li>
            Use fewer words: every word must appear in the name.{' '}
            <TextLink href={searchPath(words[0], type)}>
              Search {NOUNS[type]} for “{words[0]}” only
            </TextLink>
          </li>
        ) : null}
        <li>
          Look in the other kinds of record:{' '}
          {others.map((t, i) => (
            <span key={t}>
              {i > 0 ? ' or ' : null}
              <TextLink href={searchPath(query, t)}>
                {NOUNS[t]} matching “{query}”
              </TextLink>
            </span>
          ))}
          .
        </li>
        <li>If you have the firm’s FRN, the individual’s IRN or the fund’s PRN, enter it on its own to go straight to the record.</li>
        <li>Trading and former names are searched too, so a firm may be listed under a name you did not type.</li>
      </ul>
    </div>
  );
}
