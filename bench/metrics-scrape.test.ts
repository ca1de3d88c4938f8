import { describe, expect, it } from 'vitest';
import { describeAgreement, metricSum } from './metrics-scrape';

describe('metrics scrape', () => {
  it('sums a metric over its label sets and ignores metrics whose names only begin the same', () => {
    const text = [
      '# HELP fsr_register_sent_total Requests sent.',
      '# TYPE fsr_register_sent_total counter',
      'fsr_register_sent_total 41',
      'fsr_register_sent_total_extra 1000',
      'fsr_register_requests_total{priority="interactive",outcome="ok"} 3',
      'fsr_register_requests_total{priority="idle",outcome="ok"} 4',
    ].join('\n');
    expect(metricSum(text, 'fsr_register_sent_total')).toBe(41);
    expect(metricSum(text, 'fsr_register_requests_total')).toBe(7);
    expect(metricSum(text, 'fsr_missing_total')).toBeUndefined();
  });

  it('says whether the two counts agree within one interval', () => {
    const base = { intervalSeconds: 5, scrapes: 10, sent: 100, received429: 0, benchRequests: 100, bench429: 0, maxPerInterval: 30 };
    expect(describeAgreement({ ...base, maxDifference: 2 })).toMatch(/they agree$/);
    expect(describeAgreement({ ...base, maxDifference: 31 })).toMatch(/THEY DISAGREE$/);
    expect(describeAgreement({ ...base, maxDifference: 0, received429: 1 })).toMatch(/THEY DISAGREE$/);
  });
});
