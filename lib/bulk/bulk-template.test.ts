import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNow } from '@/lib/spreadsheet/read-now';
import { DEFAULT_BULK_SETTINGS } from './bulk-config';
import { readUpload } from './bulk-upload';

// The template the bulk page offers (public/bulk-check-template.csv): read as an upload is read,
// each column found by its header and each example row understood as what it says it is.
describe('the bulk-check template', () => {
  it('is read with every column recognised and every example row valid', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(__dirname, '..', '..', 'public', 'bulk-check-template.csv')));
    const result = await readUpload({ file: { bytes, name: 'bulk-check-template.csv' } }, DEFAULT_BULK_SETTINGS, {}, (request) => readNow(request));
    if (!result.ok) throw new Error(`refused: ${result.message}`);
    expect(result.layout.header.number).toBe(1);
    expect(result.rows.map((r) => [r.kind, r.ref ?? r.name, r.postcode ?? null, r.chNumber ?? null])).toEqual([
      ['firm', '122702', null, null],
      ['name', 'Example Trading Ltd', 'EC2A 1AB', '01234567'],
      ['individual', 'MXC29012', null, null],
      ['fund', '800800', null, null],
    ]);
    expect(result.rows.every((r) => r.userCells?.length === 1 && r.userCells[0].startsWith('Example row'))).toBe(true);
  });
});
