import { FIND_MAX } from '@/lib/page-data/list-view';
import type { PortalPath } from '@/lib/routes/portal-paths';
import { Button } from '@/components/ui/button';
import { TextLink } from '@/components/ui/text-link';
import { Field, Input } from '@/components/ui/field';

/**
 * The search within a whole list: a small GET form (`?find=`), so it works without JavaScript and
 * its address can be shared. The list walks every page (from the cache, or the register through
 * the pacer) and shows every matching row.
 */
export function ListFindForm({
  id,
  basePath,
  params = {},
  label,
  hint,
  text,
  clearHref,
}: {
  id: string;
  basePath: PortalPath;
  /** Query parameters the list lives under (kept as hidden fields). */
  params?: Record<string, string>;
  /** "appointed representatives" */
  label: string;
  /** What a row is matched on: "name or FRN". */
  hint: string;
  /** The text searched for now, if any. */
  text?: string;
  /** The list without the search. */
  clearHref: PortalPath;
}) {
  return (
    <form method="get" action={basePath} role="search" aria-label={`Search within the ${label}`} className="no-print flex flex-wrap items-end gap-2 text-sm">
      {Object.entries(params).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Field id={id} label={`Find in every page of the ${label}`} hint={`By ${hint}. Every page is read (from the portal’s cache when it can), and every matching row is shown.`}>
        <Input name="find" type="search" defaultValue={text} maxLength={FIND_MAX} className="w-72 max-w-full" />
      </Field>
      <Button type="submit" size="sm">
        Find
      </Button>
      {text ? (
        <TextLink href={clearHref} weight="medium" className="py-1">
          Clear the search
        </TextLink>
      ) : null}
    </form>
  );
}
