// Types for next.config.mjs's named export, which lib/security/headers.test.ts compares with
// lib/security/headers.ts (the config itself stays plain JavaScript for Next to load).
import type { NextConfig } from 'next';

export declare const staticSecurityHeaders: Record<string, string>;
declare const nextConfig: NextConfig;
export default nextConfig;
