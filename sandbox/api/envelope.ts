/**
 * The response envelope and its parts, always built in the server's key order:
 * Status, ResultInfo, Message, Data; inside ResultInfo: Previous, Next, page, per_page, total_count.
 */
import type { Json } from './json-format';

export type Layout = 'compact' | 'pretty';

/** What an endpoint handler returns; the server adds headers, latency and faults. */
export interface ApiAnswer {
  httpStatus: number;
  body: Json;
  layout: Layout;
  /** A sandbox-only explanation sent as the X-Sandbox-Note header (bad input, assumptions). */
  note?: string;
}

export const CONTENT_TYPE = {
  compact: 'application/json;charset=UTF-8',
  pretty: 'application/json',
} as const;

export interface PageInfo {
  page: string;
  perPage: string;
  total: string;
  previous?: string;
  next?: string;
}

export function resultInfo(info: PageInfo): Json {
  const out: { [key: string]: Json } = {};
  if (info.previous !== undefined) out.Previous = info.previous;
  if (info.next !== undefined) out.Next = info.next;
  out.page = info.page;
  out.per_page = info.perPage;
  out.total_count = info.total;
  return out;
}

export function envelope(status: string | null, info: Json, message: string | null, data: Json): Json {
  return { Status: status, ResultInfo: info, Message: message, Data: data };
}

export function ok(code: string, message: string, info: PageInfo, data: Json, layout: Layout = 'compact'): ApiAnswer {
  return { httpStatus: 200, body: envelope(`FSR-API-${code}-00`, resultInfo(info), message, data), layout };
}

/** Not found / no records: `-11`, ResultInfo and Data null, HTTP 200. */
export function notFound(code: string, message: string, layout: Layout = 'compact', note?: string): ApiAnswer {
  return { httpStatus: 200, body: envelope(`FSR-API-${code}-11`, null, message, null), layout, note };
}

export const BAD_INPUT_MESSAGE = 'Bad Request : Invalid Input';

/** Bad input: `-21`, HTTP 200 (the one recorded case is InvestmentTypes with a bogus reference). */
export function badInput(code: string, note: string, layout: Layout = 'compact', message = BAD_INPUT_MESSAGE): ApiAnswer {
  return { httpStatus: 200, body: envelope(`FSR-API-${code}-21`, null, message, null), layout, note };
}

/** CIS Subfund's miss: every envelope field null. */
export function allNull(note?: string): ApiAnswer {
  return { httpStatus: 200, body: envelope(null, null, null, null), layout: 'compact', note };
}
