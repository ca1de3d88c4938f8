import { firmStanding } from '@/lib/standing/firm-standing';
import { readFailed, readOk, type Standing } from '@/lib/standing/standing';
import type { FirmReportData } from './firm-report-data';

/**
 * The firm's standing (lib/standing) from what the report read: its record, its requirements and
 * every page of its disciplinary history. Kept in the report's data when it is assembled, so a
 * saved snapshot shows the standing as it was read, whatever later rules say.
 */
export function reportStanding(data: Pick<FirmReportData, 'firm' | 'sections'>): Standing | undefined {
  if (data.firm.status !== 'ok') return undefined;
  const requirements = data.sections.requirements;
  const history = data.sections['disciplinary-history'];
  return firmStanding({
    record: data.firm.data,
    requirements: requirements.status === 'ok' ? readOk(requirements.data) : requirements.status === 'none' ? readOk([]) : readFailed(requirements.failure.message),
    disciplinary:
      history.status === 'ok'
        ? readOk({ actions: history.data, ...(history.totalCount !== undefined ? { total: history.totalCount } : history.truncated ? { total: history.data.length + 1 } : {}) })
        : history.status === 'none'
          ? readOk({ actions: [] })
          : readFailed(history.failure.message),
  });
}
