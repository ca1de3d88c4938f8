/**
 * `npm run bench:sandbox-days`: what the sandbox's register days cost on the default dataset.
 * Prints figures only (CPU and wall time of day 365 from nothing, then a replayed earlier day);
 * nothing is asserted, because timings belong to the machine they were measured on.
 */
import { DEFAULT_OPTIONS } from '@/sandbox/config';
import { buildDataset } from '@/sandbox/dataset/generate';
import { RegisterTimeline } from '@/sandbox/dataset/timeline';

function measure(label: string, work: () => void): void {
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  work();
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(
    `${label.padEnd(40)} ${Math.round(cpuMs).toString().padStart(7)} ms CPU ${Math.round(performance.now() - started)
      .toString()
      .padStart(7)} ms wall`,
  );
}

const sizes = { firms: DEFAULT_OPTIONS.firms, individuals: DEFAULT_OPTIONS.individuals, funds: DEFAULT_OPTIONS.funds };
let base!: ReturnType<typeof buildDataset>;
measure('day 0 (the generated dataset)', () => {
  base = buildDataset(DEFAULT_OPTIONS.seed, sizes);
});
const timeline = new RegisterTimeline(base);
measure('day 365 from day 0', () => void timeline.at(365));
measure('day 200 replayed from its checkpoint', () => void timeline.at(200));
measure('day 366 from day 365', () => void timeline.at(366));
