import { test as base, expect } from './csp-guard';
import { storageStatePath } from './shared-portal';

/**
 * Specs against the shared portal, signed in as an analyst by default. Switch role in a spec
 * with `test.use({ storageState: storageStatePath('viewer') })`.
 */
export const test = base.extend({ storageState: storageStatePath('analyst') });

export { expect };
