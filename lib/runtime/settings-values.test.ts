import { describe, expect, it } from 'vitest';
import { portProblem, redactUrl, settingValue, urlProblem, wholeNumberIn } from './settings-values';

describe('settings values', () => {
  it('reads a blank variable as unset and trims the rest', () => {
    expect(settingValue({ A: '  ' }, 'A')).toBeUndefined();
    expect(settingValue({}, 'A')).toBeUndefined();
    expect(settingValue({ A: ' 12 ' }, 'A')).toBe('12');
  });

  it('accepts only digits within the range as a whole number', () => {
    expect(wholeNumberIn('7', 1, 10)).toBe(7);
    expect(wholeNumberIn('0', 1, 10)).toBeUndefined();
    expect(wholeNumberIn('11', 1, 10)).toBeUndefined();
    for (const raw of ['1.5', '-3', '1e2', ' 4', '0x10', '']) expect(wholeNumberIn(raw, 0, 1000)).toBeUndefined();
  });

  it('names the variable of a bad port or URL, and passes good ones', () => {
    expect(portProblem('PORT', '3000')).toBeUndefined();
    expect(portProblem('PORT', undefined)).toBeUndefined();
    expect(portProblem('PORT', '70000')).toBe('PORT must be a port number from 1 to 65535');
    expect(urlProblem('REDIS_URL', 'redis://127.0.0.1:6379', ['redis:'], 'redis://host:6379')).toBeUndefined();
    expect(urlProblem('REDIS_URL', 'http://host', ['redis:', 'rediss:'], 'redis://host:6379')).toBe('REDIS_URL must be a redis:// or rediss:// URL (e.g. redis://host:6379)');
    expect(urlProblem('REDIS_URL', 'not a url', ['redis:'], 'redis://host:6379')).toBe('REDIS_URL is not a valid URL (expected e.g. redis://host:6379)');
  });

  it('prints a URL without its password, whatever the scheme', () => {
    expect(redactUrl('postgres://portal:s3cret@db.example.com:5432/portal')).toBe('postgres://portal:***@db.example.com:5432/portal');
    expect(redactUrl('rediss://:s3cret@cache.example.com:6380/0')).toBe('rediss://:***@cache.example.com:6380/0');
    expect(redactUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(redactUrl('postgres://u:s3cret@host:99999/db')).toBe('postgres://(unparseable URL)');
    expect(redactUrl('s3cret')).toBe('(unparseable URL)');
  });
});
