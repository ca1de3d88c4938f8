/**
 * Every recorded live exchange in ../shared/reference/fca-recorded against the sandbox's answer to
 * the analogous request, through the same shape comparator, on day 0 and on an advanced register
 * day. The folder lives outside the
 * repository; where it is absent this suite says so by name and does not run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../server';
import { apiGet, startTestSandbox } from '../test-helpers';
import { buildDataset } from '../dataset/generate';
import { timelineFor } from '../dataset/timeline';
import { CONTRACT_DAYS, RECORDED_ANALOGUES, placeholderValues, resolveRequest } from './analogous';
import { RECORDED_DIR, listRecorded, readRecorded, recordedDirExists } from './recorded-formats';
import { compareShape, formatDifferences, type ShapeSample } from './shape';

const present = recordedDirExists();

if (!present) {
  console.warn(`[contract] recorded live exchanges: DID NOT RUN, ${RECORDED_DIR} does not exist on this machine; the project fixtures still ran.`);
  describe('recorded live exchanges', () => {
    it.skip(`DID NOT RUN: ${RECORDED_DIR} does not exist on this machine (the comparator still runs over the project fixtures)`, () => {});
  });
} else {
  const files = listRecorded();

  describe.each(CONTRACT_DAYS)(`recorded live exchanges in ${RECORDED_DIR} on register day %i`, (day) => {
    let sb: RunningSandbox;
    let values: Record<string, string>;

    beforeAll(async () => {
      sb = await startTestSandbox({ startDay: day });
      const o = sb.options;
      values = placeholderValues(timelineFor(buildDataset(o.seed, { firms: o.firms, individuals: o.individuals, funds: o.funds })).at(day));
    });
    afterAll(async () => {
      await sb.close();
    });

    it('maps every file to an analogous sandbox request (new recordings must be added to RECORDED_ANALOGUES)', () => {
      const recordings = files.filter((f) => readRecorded(f).kind === 'exchange');
      expect(recordings.filter((f) => !(f in RECORDED_ANALOGUES))).toEqual([]);
      expect(Object.keys(RECORDED_ANALOGUES).filter((f) => !files.includes(f))).toEqual([]);
      expect(files.filter((f) => readRecorded(f).kind !== 'exchange')).toEqual(['README.md']);
      expect(recordings.length).toBeGreaterThanOrEqual(40);
    });

    for (const file of files) {
      const entry = readRecorded(file);
      if (entry.kind !== 'exchange') continue;
      const recorded = entry.exchange;
      it(`${file} (${recorded.format})`, async () => {
        const analogue = RECORDED_ANALOGUES[file];
        expect(analogue, `no analogous request for ${file}`).toBeDefined();
        const request = resolveRequest(analogue.sandboxRequest, values);
        const res = await apiGet(sb, request);
        const expected: ShapeSample = {
          body: recorded.body,
          raw: recorded.raw,
          httpStatus: recorded.httpStatus,
          contentType: recorded.contentType,
          request: recorded.request ?? analogue.recordedRequest ?? '',
        };
        const actual: ShapeSample = { body: res.json, raw: res.text, httpStatus: res.status, contentType: res.headers.get('content-type') ?? undefined, request };
        const diffs = compareShape(expected, actual, { orderMeaningful: recorded.orderMeaningful });
        const report = `${request}\n${formatDifferences(diffs)}`;
        if (!analogue.expectedDifferences) {
          expect(diffs, report).toEqual([]);
        } else {
          // An older shape than the sandbox's: the comparator must find exactly the known differences.
          const lines = diffs.map((d) => `${d.path}: ${d.problem}`);
          for (const pattern of analogue.expectedDifferences)
            expect(
              lines.some((l) => pattern.test(l)),
              `${pattern} not found in\n${report}`,
            ).toBe(true);
          for (const line of lines)
            expect(
              analogue.expectedDifferences.some((p) => p.test(line)),
              `unexpected: ${line}`,
            ).toBe(true);
        }
      });
    }
  });
}
