import 'server-only';
import { loadRegisterConfig, type RegisterConfig } from './load-config';
import type { RegisterSource } from './result';

/**
 * The process's register settings, read from the environment once (validated by
 * loadRegisterConfig, which throws a RegisterConfigError naming every bad variable).
 */

let processConfig: RegisterConfig | undefined;

export function getRegisterConfig(): RegisterConfig {
  processConfig ??= loadRegisterConfig(process.env);
  return processConfig;
}

/** 'live' when the base URL's host is register.fca.org.uk, else 'sandbox'. */
export function registerSource(): RegisterSource {
  return getRegisterConfig().source;
}
