import { getSessionUser } from '@/lib/auth/session';
import { hasRole } from '@/lib/auth/roles';
import { TextAnchor } from '@/components/ui/text-link';

/**
 * "Download CSV" beside a table's caption (DataTable's captionExtra), for analysts and admins
 * only: viewers look up and print but do not export, and a link they could not use would only
 * earn them a 403. The file is every page of the table, walked by the route handler, so the link
 * says so. A plain <a download>: a file is not a page for the client router. Not printed.
 *
 *   <DataTable … captionExtra={<ExportLink href={firmExportHref(frn, 'permissions')} what="permissions" />} />
 */
export async function ExportLink({ href, what }: { href: string; what: string }) {
  const user = await getSessionUser();
  if (!user || !hasRole(user.role, 'analyst')) return null;
  return (
    <TextAnchor href={href} download weight="medium" className="no-print ml-2 whitespace-nowrap" data-testid="export-link">
      Download CSV<span className="sr-only"> of all {what}</span>
    </TextAnchor>
  );
}
