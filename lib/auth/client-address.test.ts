import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

describe('clientAddress', () => {
  it('uses the connection address Next puts in X-Forwarded-For', () => {
    expect(clientAddress(new Headers({ 'x-forwarded-for': '::ffff:127.0.0.1' }), 0)).toBe('127.0.0.1');
    expect(clientAddress({ 'x-forwarded-for': '10.0.0.7' }, 0)).toBe('10.0.0.7');
  });
  it('takes the entry the trusted proxies wrote, not what the client claimed', () => {
    const h = { 'x-forwarded-for': '1.2.3.4, 203.0.113.9, 10.0.0.2' };
    expect(clientAddress(h, 1)).toBe('10.0.0.2');
    expect(clientAddress(h, 2)).toBe('203.0.113.9');
    expect(clientAddress(h, 9)).toBe('1.2.3.4');
  });
  it('says unknown when there is nothing to go on', () => {
    expect(clientAddress({}, 0)).toBe('unknown');
  });
});
