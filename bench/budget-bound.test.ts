import { describe, expect, it } from 'vitest';
import { budgetBoundSeconds, ratioToBound } from './budget-bound';

describe('budgetBoundSeconds', () => {
  const register = { requests: 50, seconds: 10 };
  it('is zero while every call fits in one window', () => {
    expect(budgetBoundSeconds(0, register)).toBe(0);
    expect(budgetBoundSeconds(1, register)).toBe(0);
    expect(budgetBoundSeconds(50, register)).toBe(0);
  });
  it('adds a whole window each time the calls spill into the next one', () => {
    expect(budgetBoundSeconds(51, register)).toBe(10);
    expect(budgetBoundSeconds(100, register)).toBe(10);
    expect(budgetBoundSeconds(101, register)).toBe(20);
    expect(budgetBoundSeconds(101, { requests: 45, seconds: 10 })).toBe(20);
    expect(budgetBoundSeconds(91, { requests: 45, seconds: 10 })).toBe(20);
  });
  it('refuses nonsense', () => {
    expect(() => budgetBoundSeconds(-1, register)).toThrow(/whole number/);
    expect(() => budgetBoundSeconds(10, { requests: 0, seconds: 10 })).toThrow(/at least 1/);
  });
});

describe('ratioToBound', () => {
  it('divides, and says nothing when the bound is zero', () => {
    expect(ratioToBound(25, 20)).toBe(1.25);
    expect(ratioToBound(5, 0)).toBeUndefined();
  });
});
