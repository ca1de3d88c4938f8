import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactJson, prettyJson } from './json-format';
import { RECORDED_DIR } from '../contract/recorded-formats';

describe('prettyJson (Jackson default pretty printer)', () => {
  it('prints the firm envelope layout: "key" : value, inline arrays of objects, [ ] for empty arrays', () => {
    const body = {
      Status: 'FSR-API-02-01-00',
      ResultInfo: { page: '1', per_page: '1', total_count: '1' },
      Message: 'Ok. Firm Found',
      Data: [{ Name: 'https://example/Names', 'Exceptional Info Details': [], FRN: '1' }],
    };
    expect(prettyJson(body)).toBe(
      [
        '{',
        '  "Status" : "FSR-API-02-01-00",',
        '  "ResultInfo" : {',
        '    "page" : "1",',
        '    "per_page" : "1",',
        '    "total_count" : "1"',
        '  },',
        '  "Message" : "Ok. Firm Found",',
        '  "Data" : [ {',
        '    "Name" : "https://example/Names",',
        '    "Exceptional Info Details" : [ ],',
        '    "FRN" : "1"',
        '  } ]',
        '}',
      ].join('\n'),
    );
  });

  it('prints nulls, empty objects, arrays of strings and several objects inline', () => {
    expect(prettyJson({ a: null, b: {}, c: ['x', 'y'], d: [{ e: 1 }, { f: true }] })).toBe(
      '{\n  "a" : null,\n  "b" : { },\n  "c" : [ "x", "y" ],\n  "d" : [ {\n    "e" : 1\n  }, {\n    "f" : true\n  } ]\n}',
    );
  });

  it('keeps non-ASCII text as UTF-8 rather than escapes', () => {
    expect(compactJson({ n: 'Zoë’s Café' })).toBe('{"n":"Zoë’s Café"}');
    expect(prettyJson({ n: 'Zoë' })).toBe('{\n  "n" : "Zoë"\n}');
  });

  for (const file of ['raw-2026-01-07-firm-113849.body.txt', 'raw-2026-01-07-firm-1234567890-not-found.body.txt']) {
    const recorded = join(RECORDED_DIR, file);
    it.skipIf(!existsSync(recorded))(`reproduces the recorded raw body ${file} byte for byte (does not run without ${RECORDED_DIR})`, () => {
      const raw = readFileSync(recorded, 'utf8');
      expect(prettyJson(JSON.parse(raw))).toBe(raw);
    });
  }
});
