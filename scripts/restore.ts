// `npm run restore -- --from DIR`: restores a backup made by `npm run backup` (see scripts/backup.ts).
import { backupMain } from './backup';

backupMain('restore').then((code) => {
  process.exitCode = code;
});
