/**
 * The meanings a column of a bulk check's input can have, and their labels: a plain module the
 * review form (a client component) and the server's layout (bulk-columns.ts) both read.
 */
export type ColumnRole = 'ref' | 'name' | 'type' | 'postcode' | 'ch';

export const ROLES: ColumnRole[] = ['ref', 'name', 'type', 'postcode', 'ch'];

export const ROLE_LABELS: Record<ColumnRole, string> = {
  ref: 'Reference (FRN, IRN or PRN)',
  name: 'Name',
  type: 'Type (firm, individual or fund)',
  postcode: 'Postcode',
  ch: 'Companies House number',
};
