import 'server-only';
import { cache } from 'react';
import { getRegisterClient } from '@/lib/register/client';

/**
 * The firm record, once per request: the page, its metadata and the header all ask for it, and
 * React's per-request cache makes that one call (the register client's cache and single-flight
 * then make repeated requests across users cheap too).
 */
export const getFirm = cache((frn: string) => getRegisterClient().firm(frn));
