import { describe, expect, it } from 'vitest';
import { jumpForQuery } from './reference-query';

describe('jumpForQuery', () => {
  it('reads an IRN in any case, whatever the search type', () => {
    expect(jumpForQuery('pxr00042')).toEqual({ kind: 'entity', entity: 'individual', ref: 'PXR00042' });
    expect(jumpForQuery('  BKS00001 ', 'fund')).toEqual({ kind: 'entity', entity: 'individual', ref: 'BKS00001' });
  });

  it('reads digits as an FRN (fund as the alternative) unless searching funds', () => {
    expect(jumpForQuery('122702')).toEqual({ kind: 'entity', entity: 'firm', ref: '122702', alternative: { entity: 'fund', ref: '122702' } });
    expect(jumpForQuery('122702', 'individual')).toMatchObject({ entity: 'firm', alternative: { entity: 'fund' } });
    expect(jumpForQuery('800800', 'fund')).toEqual({ kind: 'entity', entity: 'fund', ref: '800800', alternative: { entity: 'firm', ref: '800800' } });
  });

  it('takes a label as final: no alternative', () => {
    expect(jumpForQuery('FRN 122702', 'fund')).toEqual({ kind: 'entity', entity: 'firm', ref: '122702' });
    expect(jumpForQuery('prn: 800800')).toEqual({ kind: 'entity', entity: 'fund', ref: '800800' });
    expect(jumpForQuery('IRN mxc29012')).toEqual({ kind: 'entity', entity: 'individual', ref: 'MXC29012' });
    expect(jumpForQuery('FRN no. 122702')).toEqual({ kind: 'entity', entity: 'firm', ref: '122702' });
  });

  it('maps a pasted register URL or API path to the portal page', () => {
    expect(jumpForQuery('https://register.fca.org.uk/services/V0.1/Firm/122702/AR?pgnp=2')).toEqual({
      kind: 'path',
      path: '/firm/122702/appointed-representatives?page=2',
    });
    expect(jumpForQuery('/Individuals/MXC29012/CF')).toEqual({ kind: 'path', path: '/individual/MXC29012/controlled-functions' });
    expect(jumpForQuery('https://register.fca.org.uk/services/apexrest/V0.1/CIS/185045')).toEqual({ kind: 'path', path: '/fund/185045' });
  });

  it('leaves words, near-misses and impossible labelled numbers to the search', () => {
    for (const q of ['barclays', 'bank 122702', '12345678', 'AB123456', 'ABCD12345', 'FRN abc', '', '   ', 'IRN 12345', '/Firm', 'https://example.com/Firm/1']) {
      expect(jumpForQuery(q), q).toBeUndefined();
    }
  });
});
