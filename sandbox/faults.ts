/**
 * Latency and injected faults, each from its own seeded stream: for a given seed and request order
 * the sequence of delays and faults is reproducible, and latency settings never shift the faults.
 */
import { Rng } from './prng';
import type { SandboxOptions } from './config';

export type Fault = 'none' | '5xx' | 'timeout' | 'malformed' | '429';

export interface RawAnswer {
  status: number;
  contentType: string;
  body: string;
}

const CLOUDFLARE_502 = `<!DOCTYPE html>
<html lang="en-US"><head><title>register.fca.org.uk | 502: Bad gateway</title></head>
<body><div id="cf-error-details"><h1>Bad gateway</h1><p>Error code 502</p>
<p>The web server reported a bad gateway error.</p><p>Cloudflare Ray ID: 8f00sandbox</p></div></body></html>
`;

const MAINTENANCE_503 = `<!DOCTYPE html>
<html><head><title>Service Unavailable</title></head>
<body><h1>Service Unavailable</h1><p>The Financial Services Register is undergoing maintenance. Please try again later.</p></body></html>
`;

const GATEWAY_TIMEOUT_504 = `<html><head><title>504 Gateway Time-out</title></head><body><center><h1>504 Gateway Time-out</h1></center></body></html>
`;

const APEX_500 = JSON.stringify([{ errorCode: 'APEX_ERROR', message: 'System.LimitException: Too many SOQL queries: 101' }]);

export const TIMEOUT_524 = `<!DOCTYPE html>
<html lang="en-US"><head><title>register.fca.org.uk | 524: A timeout occurred</title></head>
<body><h1>A timeout occurred</h1><p>Error code 524</p></body></html>
`;

const MAINTENANCE_PAGE_200 = `<!DOCTYPE html>
<html><head><title>Financial Services Register</title></head>
<body><h1>We'll be back soon</h1><p>The register is temporarily unavailable while we carry out planned maintenance.</p></body></html>
`;

export class FaultInjector {
  private readonly faultRng: Rng;
  private readonly latencyRng: Rng;

  constructor(private readonly options: SandboxOptions) {
    this.faultRng = new Rng(String(options.seed), 'faults');
    this.latencyRng = new Rng(String(options.seed), 'latency');
  }

  /** Which fault, if any, this request gets. */
  draw(): Fault {
    const r = this.faultRng.next();
    const o = this.options;
    let edge = o.fault429;
    if (r < edge) return '429';
    edge += o.fault5xx;
    if (r < edge) return '5xx';
    edge += o.faultTimeout;
    if (r < edge) return 'timeout';
    edge += o.faultMalformed;
    if (r < edge) return 'malformed';
    return 'none';
  }

  /** Milliseconds to wait before answering. */
  latency(): number {
    const { min, max } = this.options.latency;
    const r = this.latencyRng.next();
    return min + Math.floor(r * (max - min + 1));
  }

  /** A server error: Cloudflare and Salesforce pages, or Apex's JSON error list. */
  serverError(): RawAnswer {
    const pick = Math.floor(this.faultRng.next() * 4);
    switch (pick) {
      case 0:
        return { status: 502, contentType: 'text/html; charset=UTF-8', body: CLOUDFLARE_502 };
      case 1:
        return { status: 503, contentType: 'text/html; charset=UTF-8', body: MAINTENANCE_503 };
      case 2:
        return { status: 500, contentType: 'application/json;charset=UTF-8', body: APEX_500 };
      default:
        return { status: 504, contentType: 'text/html', body: GATEWAY_TIMEOUT_504 };
    }
  }

  /** A 200 whose body is not the JSON it claims: cut short, or an HTML page. */
  malformed(real: RawAnswer): RawAnswer {
    if (this.faultRng.next() < 0.5 && real.body.length > 2) {
      const cut = Math.max(1, Math.floor(real.body.length * (0.3 + 0.5 * this.faultRng.next())));
      return { status: 200, contentType: real.contentType, body: real.body.slice(0, cut) };
    }
    return { status: 200, contentType: 'text/html;charset=UTF-8', body: MAINTENANCE_PAGE_200 };
  }
}
