// A separate process appending audit entries to a database another process is also appending to:
// stands in for one of several portal instances in the audit chain's concurrency test.
//   node --import tsx test/audit-append-worker.ts '<DbConfig JSON>' <count> <label>
import { openDb, type DbConfig } from '../lib/db/connect';
import { appendAudit } from '../lib/db/queries/audit';

async function main() {
  const [configJson, countText, label] = process.argv.slice(2);
  const config = JSON.parse(configJson) as DbConfig;
  const handle = openDb(config);
  try {
    for (let i = 0; i < Number(countText); i += 1) {
      await appendAudit(handle.db, { action: 'test.concurrent', outcome: 'success', actor: { id: null, email: `${label}@workers.test` }, reference: `${label}-${i}` });
    }
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
