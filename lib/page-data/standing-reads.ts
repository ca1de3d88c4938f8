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
 * disciplinary history and controlled functions) read through the client's cache at the priority
 * of the overview's section counts, which read the same lists (identical calls merge), so the
 * standing never takes a slot from a person's page content. It streams in below the header; with
 * a bounded wait, a busy register leaves a source unread, which the standing says (caution, never
 * clear) until a reload reads it.
 */

/** Longer than a count's wait (1.5 s): a standing is worth a little patience, but never a held page. */
const WAIT_MS = 3_000;

export const readFirmPageStanding = cache(async (firm: Firm): Promise<Standing> => {
  return firmStanding(await readFirmFacts(getRegisterClient(), firm, { priority: 'background', maxWaitMs: WAIT_MS }));
});

export const readIndividualPageStanding = cache(async (person: Individual): Promise<Standing> => {
  return individualStanding(await readIndividualFacts(getRegisterClient(), person, { priority: 'background', maxWaitMs: WAIT_MS }));
});
