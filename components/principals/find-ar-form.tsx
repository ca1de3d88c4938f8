import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { TextLink } from '@/components/ui/text-link';
import { principalPath } from '@/lib/routes/portal-paths';

/**
 * Finds current ARs by name or FRN across the whole of the workspace's two long tables (each AR's
 * standing and the reviews due), which show their rows a page at a time: a GET form, so the
 * search is a link that can be shared and works without JavaScript.
 */
export function FindArForm({ frn, find }: { frn: string; find: string }) {
  return (
    <form method="get" action={principalPath(frn)} role="search" aria-label="Find appointed representatives" className="flex flex-wrap items-end gap-2">
      <Field id="find-ar" label="Find an AR by name or FRN" hint="In the standings and the reviews due, every page">
        <Input name="ar" type="search" defaultValue={find} maxLength={200} className="w-72 max-w-full" />
      </Field>
      <Button type="submit" variant="secondary">
        Find
      </Button>
      {find ? <TextLink href={principalPath(frn)}>Show every AR</TextLink> : null}
    </form>
  );
}
