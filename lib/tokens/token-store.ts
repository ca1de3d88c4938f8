import { bindStore } from '@/lib/db/bind-store';
import { listTokens, tokenUsageSince } from '@/lib/db/queries/api-tokens';
import { issueToken, revokeToken, rotateToken } from './token-admin';

/** API tokens (lib/db owns their SQL) as /admin/tokens reads and changes them, bound to the process's database. */
export const tokenStore = bindStore({ listTokens, tokenUsageSince, issueToken, revokeToken, rotateToken });
