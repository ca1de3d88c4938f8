// Debian's nginx in front of a portal, with the configuration the deployment page documents
// (deploy/nginx/fsr-portal.conf): its server name, ports and certificate paths replaced, a
// self-signed certificate made for the test by openssl, everything else as shipped. nginx runs
// in the foreground as one process (master_process off) with its files in a temporary folder.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, spawnProcess, waitUntilAnswers } from '@/test/spawned-process';

const ROOT = path.resolve(__dirname, '..', '..');
export const NGINX_TEMPLATE = path.join(ROOT, 'deploy', 'nginx', 'fsr-portal.conf');

export interface NginxProxy {
  /** The public address: https://<host>:<port>. */
  origin: string;
  host: string;
  port: number;
  /** The proxy's certificate (PEM), for clients that check it. */
  certificate: string;
  accessLog(): string;
  stop(): Promise<void>;
}

function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  throw new Error('nginx is not installed: `apt-get install nginx` (.ci/run installs it for CI).');
}

/** Replaces `from` in `text`, refusing when the template no longer has it (the test would silently run another configuration). */
function replaceOnce(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`deploy/nginx/fsr-portal.conf no longer contains "${from}": update e2e/support/nginx-proxy.ts with it.`);
  return text.split(from).join(to);
}

function tlsAnswers(port: number): () => Promise<boolean> {
  return () =>
    new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
}

export async function startNginxProxy(options: { host: string; port: number; portalPort: number }): Promise<NginxProxy> {
  const binary = nginxBinary();
  const dir = mkdtempSync(path.join(tmpdir(), 'fsr-e2e-nginx-'));
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${options.host}`,
      '-addext',
      `subjectAltName=DNS:${options.host}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  let site = readFileSync(NGINX_TEMPLATE, 'utf8');
  site = replaceOnce(site, 'portal.example.org;', `${options.host};`);
  site = replaceOnce(site, '/etc/ssl/certs/portal.example.org.pem', cert);
  site = replaceOnce(site, '/etc/ssl/private/portal.example.org.key', key);
  site = replaceOnce(site, 'listen 443 ssl;', `listen 127.0.0.1:${options.port} ssl;`);
  site = replaceOnce(site, 'listen 80;', `listen 127.0.0.1:${await freePort()};`);
  site = replaceOnce(site, 'server 127.0.0.1:3000;', `server 127.0.0.1:${options.portalPort};`);
  writeFileSync(path.join(dir, 'fsr-portal.conf'), site);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, temp));
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${dir}/access.log;`,
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t === 'body' ? 'client_body' : t}_temp_path ${dir}/${t};`),
      `  include ${dir}/fsr-portal.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const nginx = spawnProcess(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { cwd: dir });
  await waitUntilAnswers('nginx', nginx, tlsAnswers(options.port), { timeoutMs: 15_000 });
  const read = (file: string) => (existsSync(path.join(dir, file)) ? readFileSync(path.join(dir, file), 'utf8') : '');
  return {
    origin: `https://${options.host}:${options.port}`,
    host: options.host,
    port: options.port,
    certificate: readFileSync(cert, 'utf8'),
    accessLog: () => read('access.log'),
    async stop() {
      await nginx.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ProxiedAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * GET (or another method) through the proxy as a program would: the URL's host resolves to
 * loopback (as a DNS entry for the public name would), and the proxy's certificate is checked.
 */
export function viaProxy(proxy: NginxProxy, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<ProxiedAnswer> {
  const target = new URL(url);
  if (target.origin !== proxy.origin) throw new Error(`${url} is not on the public address ${proxy.origin}`);
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? 'GET',
        headers: init.headers,
        ca: proxy.certificate,
        servername: target.hostname,
        lookup: (_hostname, opts, callback) => {
          if ((opts as { all?: boolean }).all) (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
          else callback(null, '127.0.0.1', 4);
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    if (init.body) req.write(init.body);
    req.end();
  });
}
