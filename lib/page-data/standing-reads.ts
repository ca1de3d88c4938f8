import 'server-only';
import { cache } from 'react';
import { getRegisterClient } from '@/lib/register/client';
import type { Firm, Individual } from '@/lib/register/model';
import { firmStanding } from '@/lib/standing/firm-standing';
import { individualStanding } from '@/lib/standing/individual-standing';
import { readFirmFacts, readIndividualFacts } from '@/lib/standing/read-standing';
import type { Standing } from '@/lib/standing/standing';

/**
 * A record's standing for its pages' headers (lib/standing), once per request: the sources it
 * needs besides the record (a firm's requirements and disciplinary history, a person's
 * disciplinary history and controlled functions) read at a person's priority through the client's
 * cache, with a bounded wait so a busy register leaves a source unread (which the standing says)
 * rather than hold the header.
 */

const WAIT_MS = 8_000;

export const readFirmPageStanding = cache(async (firm: Firm): Promise<Standing> => {
  return firmStanding(await readFirmFacts(getRegisterClient(), firm, { priority: 'interactive', maxWaitMs: WAIT_MS }));
});

export const readIndividualPageStanding = cache(async (person: Individual): Promise<Standing> => {
  return individualStanding(await readIndividualFacts(getRegisterClient(), person, { priority: 'interactive', maxWaitMs: WAIT_MS }));
});
