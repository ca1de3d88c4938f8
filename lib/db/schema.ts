import type { ColumnType, Generated, Kysely } from 'kysely';

// Dialect-neutral column conventions, so one query layer serves SQLite and PostgreSQL alike:
// - timestamps are ISO-8601 UTC strings from `Date#toISOString()` (fixed width, so they sort and
//   compare correctly as text in both engines);
// - booleans are integers 0/1 (SQLite has no boolean type);
// - JSON is stored as text and parsed by the query functions.

export const ROLES = ['viewer', 'analyst', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** `local` for password accounts, otherwise the next-auth provider id that created the account. */
export type AuthProvider = 'local' | 'azure-ad' | 'okta' | 'oidc' | 'sso';

export interface UsersTable {
  id: string;
  /** Always stored lower-cased, which is what makes the unique index case-insensitive. */
  email: string;
  name: string;
  role: Role;
  /** Null for single-sign-on accounts and invited accounts that have not been given a password. */
  password_hash: string | null;
  auth_provider: AuthProvider;
  disabled: ColumnType<number, number | undefined, number>;
  /** Bumped to revoke every session issued before; sessions carry the version they were issued with. */
  session_version: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  user_id: string | null;
  user_email: string | null;
  action: string;
  /** FRN, IRN or PRN the action concerned, or another subject (e.g. the e-mail of a managed user). */
  reference: string | null;
  detail: string | null;
  outcome: string;
  /** Position in the hash chain (1, 2, 3, … without gaps); see lib/db/queries/audit-chain.ts. */
  chain_seq: number | null;
  /** Hash of the entry at the previous position (the genesis or the retention anchor for the first). */
  prev_hash: string | null;
  /** SHA-256 of the canonical JSON of this entry's fields, position and prev_hash. */
  hash: string | null;
}

/** The single row (id 1) holding the audit chain's head and, after retention, its anchor. */
export interface AuditChainTable {
  id: number;
  head_seq: number;
  head_hash: string;
  /** Position and hash of the last entry removed by retention (0 and the genesis when none was). */
  anchor_seq: number;
  anchor_hash: string;
  pruned_before: string | null;
}

export interface SnapshotsTable {
  id: string;
  frn: string;
  subject_name: string | null;
  created_by_id: string | null;
  created_by_email: string;
  created_at: string;
  case_reference: string | null;
  sha256: string;
  /** Canonical JSON (sorted keys, no insignificant whitespace): the bytes the hash is taken over. */
  data: string;
}

/** A printable report as assembled for one user, until saved as a snapshot or expired (a day). */
export interface ReportDraftsTable {
  id: string;
  frn: string;
  subject_name: string | null;
  created_by_id: string | null;
  created_by_email: string;
  created_at: string;
  case_reference: string | null;
  /** Canonical JSON of the report data, as a snapshot would store it. */
  data: string;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  at: string;
  /** Lower-cased e-mail as typed, whether or not such an account exists. */
  account: string;
  address: string;
  /** `pending` while the password is being checked, then `failed`; successes are not kept. */
  state: 'pending' | 'failed';
}

/** Sessions ended by signing out: their JWT is refused even if a copy of the cookie survives. */
export interface EndedSessionsTable {
  /** The session id (`sid` claim) given at sign-in. */
  sid: string;
  user_id: string;
  ended_at: string;
  /** When the session would have expired anyway; the row can go after that. */
  expires_at: string;
}

/** What a token may use: the reconciliation service, the register API gateway, or both. */
export type TokenScope = 'reconcile' | 'register-api' | 'watch' | 'metrics';
/** A token's class in the register pacer: always below people's pages ('interactive'). */
export type TokenPriority = 'report' | 'background';

/** An API token for a program. The secret itself is never stored: only its SHA-256. */
export interface ApiTokensTable {
  /** Public identifier (sent as X-AUTH-EMAIL or before the dot in a bearer token). */
  id: string;
  /** The program the token was issued to. */
  name: string;
  /** Hex SHA-256 of the secret. */
  secret_hash: string;
  /** Space-separated, in a fixed order: 'reconcile', 'register-api' or 'reconcile register-api'. */
  scopes: string;
  priority: TokenPriority;
  /** At most this many requests per ceiling_seconds. */
  ceiling_requests: number;
  ceiling_seconds: number;
  expires_at: string;
  created_at: string;
  /** Who issued it (an admin's e-mail or cli:<os user>). */
  created_by: string;
  rotated_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** Requests per token per minute (UTC minute, 'YYYY-MM-DDTHH:MM'). */
export interface ApiTokenUsageTable {
  token_id: string;
  minute: string;
  requests: number;
  /** Of those, refused at the token's ceiling. */
  refused: number;
  /** Requests naming this token with the wrong secret (not in `requests`). */
  wrong_secrets: ColumnType<number, number | undefined, number>;
}

/** Register calls a person forced past the cache with "Refresh from the register" (lib/page-data/refresh-limit.ts). */
export interface RegisterRefreshesTable {
  id: Generated<number>;
  user_id: string;
  at: string;
  /** Register calls this refresh was allowed to send (0 for a refused one). */
  calls: number;
  /** 1 when the refresh was refused at the person's limit. */
  refused: ColumnType<number, number | undefined, number>;
}

/** (Account, address) pairs with a successful sign-in: sign-in throttling slows strangers, not these. */
export interface SignInKnownAddressesTable {
  account: string;
  address: string;
  last_success_at: string;
}

/** One row per portal instance, rewritten by the readiness check to prove the database takes writes. */
export interface ReadinessProbeTable {
  instance: string;
  written_at: string;
  writes: number;
}

/** Sessions signed in now, recorded at sign-in so a person can see and end their others. */
export interface UserSessionsTable {
  sid: string;
  user_id: string;
  /**
   * The account's session_version this session is valid at. Normally the one in its cookie; after
   * the person changes their password or ends their other sessions (which moves the account's
   * version on), the session that did it is carried over to the new version here.
   */
  session_version: number;
  provider: string;
  created_at: string;
  /** Updated at most every few minutes while the session is used. */
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
  address: string | null;
}

/** A local account's TOTP second factor; `confirmed_at` null while enrolment is unconfirmed. */
export interface UserTotpTable {
  user_id: string;
  /** The base32 secret, AES-256-GCM encrypted (`v1.…`, lib/auth/totp-encryption.ts); plain base32 in rows written before that, until the next start encrypts them. */
  secret: string;
  created_at: string;
  confirmed_at: string | null;
  /** The last time step accepted: a code of that step or an earlier one is refused (no replay). */
  last_step: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One-time recovery codes, stored as SHA-256 hashes only. */
export interface UserRecoveryCodesTable {
  code_hash: string;
  user_id: string;
  created_at: string;
  used_at: string | null;
}

/** Portal-wide settings changed by an administrator (e.g. `require_two_factor`). */
export interface PortalSettingsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/**
 * Durable background jobs (lib/jobs): watch checks, notifications, bulk rows. A job is claimed
 * by one worker with a lease; a lease that runs out (a crashed process) makes it claimable again.
 */
export interface JobsTable {
  id: string;
  /** Which handler runs it ('watch-check', …). */
  kind: string;
  /** What it belongs to (a watch cycle, a bulk job), for progress and cancelling. */
  job_group: string | null;
  /** Enqueueing the same key twice enqueues once. */
  dedupe_key: string | null;
  /** JSON. */
  payload: string;
  /** Lower runs first. */
  priority: ColumnType<number, number | undefined, number>;
  state: JobState;
  run_after: string;
  lease_owner: string | null;
  lease_until: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  /** JSON, when the handler returned something. */
  result: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export type EntityKind = 'firm' | 'individual' | 'fund';

export interface WatchlistsTable {
  id: string;
  name: string;
  description: string | null;
  case_reference: string | null;
  owner_id: string | null;
  owner_email: string;
  /** JSON: the watched section slugs per entity kind ({"firm": [...], "individual": [...], "fund": [...]}). */
  sections: string;
  created_at: string;
  updated_at: string;
}

export interface WatchlistEntriesTable {
  watchlist_id: string;
  kind: EntityKind;
  /** FRN, IRN or PRN. */
  ref: string;
  /** The entity's name when it was added (the list shows it before the first check). */
  name: string | null;
  added_by: string;
  added_at: string;
}

export interface WatchCyclesTable {
  id: string;
  trigger: 'nightly' | 'manual';
  scope: 'all' | 'list' | 'entity';
  watchlist_id: string | null;
  entity_kind: EntityKind | null;
  entity_ref: string | null;
  /** The London date of a nightly cycle: unique, so several instances start it once. */
  nightly_key: string | null;
  requested_by: string;
  created_at: string;
  finished_at: string | null;
  entity_count: number;
  estimated_requests: number;
}

/** One check of one entity: the canonical JSON of every watched section as read, and its SHA-256. */
export interface WatchChecksTable {
  id: string;
  cycle_id: string;
  kind: EntityKind;
  ref: string;
  name: string | null;
  checked_at: string;
  canonical: string;
  sha256: string;
  sections_ok: number;
  sections_not_checked: number;
  request_count: number;
  previous_check_id: string | null;
  /** 1 for an entity's first check (a silent baseline). */
  baseline: number;
  change_count: number;
  /** JSON: the entity's standing as this check read it (lib/standing); null for checks made before it was kept. */
  standing: ColumnType<string | null, string | null | undefined, string | null>;
}

export type ChangeSeverity = 'high' | 'medium' | 'low';
export type ChangeState = 'new' | 'acknowledged' | 'escalated' | 'expected';

/** One section of one entity that reads differently from the previous check: a work item. */
export interface WatchChangesTable {
  id: string;
  check_id: string;
  previous_check_id: string;
  cycle_id: string;
  kind: EntityKind;
  ref: string;
  entity_name: string | null;
  section: string;
  severity: ChangeSeverity;
  summary: string;
  /** JSON: the row-level differences, before and after (lib/watch/section-diff.ts). */
  details: string;
  state: ChangeState;
  assignee_email: string | null;
  note: string | null;
  detected_at: string;
  updated_at: string;
  updated_by: string | null;
}

export type BulkMode = 'status' | 'sections';
export type BulkJobState = 'running' | 'finished' | 'cancelled';
export type BulkInputKind = EntityKind | 'name' | 'invalid';
/**
 * 'unauthorised': the name is an unauthorised or clone entry the register lists (no record);
 * 'mismatch': a reference and a name were given and the name fits none of the record's names.
 */
export type BulkOutcome = 'matched' | 'not-found' | 'invalid' | 'ambiguous' | 'register-error' | 'unauthorised' | 'mismatch';

/** A bulk check (lib/bulk): who ran it, what it fetches, and when its results expire. */
export interface BulkJobsTable {
  id: string;
  created_by_id: string | null;
  created_by_email: string;
  created_at: string;
  updated_at: string;
  /** 'paste', 'csv' or 'xlsx'. */
  source: string;
  filename: string | null;
  mode: BulkMode;
  /** JSON: the firm section slugs fetched besides the record (empty for status only). */
  sections: string;
  row_count: number;
  /** Rows that need the register (not invalid, not a duplicate of an earlier row). */
  check_count: number;
  invalid_count: number;
  duplicate_count: number;
  estimated_requests: number;
  state: BulkJobState;
  finished_at: string | null;
  cancelled_by: string | null;
  expires_at: string;
  /** JSON: how the input was read (lib/bulk/bulk-columns.ts `InputLayout`): sheet, header row, each column's meaning. */
  input_layout: string | null;
  /** JSON: the headers of the person's own columns, kept in the results. */
  user_columns: string | null;
}

/** One input row of a bulk check, in input order, and its result once checked. */
export interface BulkRowsTable {
  bulk_id: string;
  /** 1-based position in the input. */
  row_no: number;
  /** The row as given (its cells joined with " | "). */
  input: string;
  input_kind: BulkInputKind;
  /** The canonical FRN, IRN or PRN of a reference row. */
  ref: string | null;
  name_query: string | null;
  postcode: string | null;
  ch_number: string | null;
  /** Which register a name row is searched in. */
  entity: EntityKind | null;
  /** The earlier row this one repeats (its result is that row's). */
  duplicate_of: number | null;
  /** Null while the row waits to be checked. */
  outcome: BulkOutcome | null;
  message: string | null;
  retryable: ColumnType<number, number | undefined, number>;
  matched_kind: EntityKind | null;
  matched_ref: string | null;
  matched_name: string | null;
  score: number | null;
  /** JSON: the scored candidates of a name row. */
  candidates: string | null;
  /** JSON: the fetched columns, header to value. */
  fields: string | null;
  retrieved_at: string | null;
  /** 'live' or 'cache'. */
  provenance_source: string | null;
  request_count: ColumnType<number, number | undefined, number>;
  resolved_by: string | null;
  resolved_at: string | null;
  checked_at: string | null;
  /** JSON: the cells of the person's own columns (bulk_jobs.user_columns), in order. */
  user_cells: string | null;
  /** The row's number in the source: the sheet's row or the file's line. */
  source_row: number | null;
  /** What reading the row noted (a formula with no saved value, a postcode not used), kept apart from the result's message. */
  input_note: string | null;
  /** JSON: the standing of what the row matched (lib/standing), or of the unauthorised entry. */
  standing: ColumnType<string | null, string | null | undefined, string | null>;
}

export type NotificationChannel = 'email' | 'webhook';
export type DeliveryState = 'pending' | 'sent' | 'failed';

/**
 * Which change went out by which channel (lib/notify): claimed by one sending job ('pending'),
 * then 'sent', or 'failed' when a webhook gave up. One row per change and channel, so nothing is
 * sent twice.
 */
export interface NotificationDeliveriesTable {
  channel: NotificationChannel;
  /** A watch change's id, or `ar-reviews:<London date>` for that day's AR review reminders (lib/notify/deliveries.ts). */
  change_id: string;
  /** The job that sends (or sent) it. */
  job_id: string;
  state: DeliveryState;
  /** Attempts the sending job had made when the row was last updated. */
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** A principal firm an organisation oversees (lib/principals). */
export interface PrincipalsTable {
  frn: string;
  /** The firm's name on the register when it was added (or last checked). */
  name: string | null;
  added_by: string;
  added_at: string;
  /**
   * What the last reading found: 'principal' (an AR list), 'not-a-principal' (no AR, current or
   * previous), 'not-found' (no such firm), null before the first reading.
   */
  register_state: 'principal' | 'not-a-principal' | 'not-found' | null;
}

/** One uploaded version of a principal's AR book; every version is kept. */
export interface PrincipalBooksTable {
  id: string;
  principal_frn: string;
  version: number;
  uploaded_by: string;
  uploaded_at: string;
  sha256: string;
  row_count: number;
  refused_count: number;
  file_name: string;
  /** JSON: the columns read, [{header, role}]. */
  columns: string;
}

export interface PrincipalBookRowsTable {
  book_id: string;
  /** The row's number in the file. */
  row_number: number;
  ar_frn: string;
  ar_name: string | null;
  ar_type: 'Full' | 'Introducer' | null;
  /** ISO days. */
  appointed: string | null;
  terminated: string | null;
  tied_agent: number | null;
  eea_tied_agent: number | null;
  /** JSON: the principal's own columns, by header. */
  extra: string;
}

/** One reading of a principal's AR list (every page, both buckets) and its reconciliation. */
export interface PrincipalChecksTable {
  id: string;
  principal_frn: string;
  trigger: 'manual' | 'nightly';
  /** `<London date>:<FRN>` for the nightly check, so several engines start it once. */
  nightly_key: string | null;
  requested_by: string;
  created_at: string;
  finished_at: string | null;
  outcome: 'running' | 'ok' | 'failed';
  message: string | null;
  /** The book version reconciled against (null when there was none). */
  book_id: string | null;
  pages: number;
  request_count: number;
  current_count: number;
  previous_count: number;
  /** JSON: the AR rows read (lib/principals/reconcile.ts RegisterArRow[]); null until read. */
  reading: string | null;
  sha256: string | null;
  finding_count: number;
}

export type FindingState = ChangeState;

/** A difference between the register and the book, reviewed like a watch change. */
export interface PrincipalFindingsTable {
  id: string;
  principal_frn: string;
  kind: 'not-in-book' | 'not-on-register' | 'date-mismatch' | 'type-mismatch' | 'name-mismatch' | 'standing' | 'other-principal';
  ar_frn: string;
  ar_name: string;
  register_value: string;
  book_value: string;
  state: FindingState;
  assignee_email: string | null;
  note: string | null;
  detected_at: string;
  detected_check_id: string;
  last_seen_check_id: string;
  updated_at: string;
  updated_by: string | null;
  closed_at: string | null;
  closed_by: 'register' | 'book' | null;
  closed_check_id: string | null;
}

/** Every principal↔AR link the portal has read, and from where. */
export interface PrincipalArLinksTable {
  principal_frn: string;
  ar_frn: string;
  ar_name: string | null;
  source: string;
  first_seen_at: string;
  last_seen_at: string;
  /** The principal's name as read with the link (0017; null before). */
  principal_name: string | null;
  /** The bucket the AR was last read in: 'current' or 'previous' (0017; null when not known). */
  bucket: 'current' | 'previous' | null;
}

/** A pass reading each current AR's own standing for a principal (0017). */
export interface PrincipalStandingPassesTable {
  id: string;
  principal_frn: string;
  /** The principal check whose reading listed the current ARs. */
  check_id: string;
  trigger: 'manual' | 'nightly';
  /** `standing:<check id>` for the pass that follows a nightly check, so it starts once. */
  pass_key: string | null;
  requested_by: string;
  created_at: string;
  finished_at: string | null;
  total: number;
  done: number;
  failed: number;
  request_count: number;
}

/** Each principal↔AR's standing as last read (0017). */
export interface PrincipalArStandingsTable {
  principal_frn: string;
  ar_frn: string;
  ar_name: string;
  level: 'clear' | 'caution' | 'stop';
  /** JSON: the Standing (lib/standing). */
  standing: string;
  /** JSON: the standing before the open `standing` finding (what it must go back to); null when none is open. */
  baseline: string | null;
  /** JSON: the AR's individuals as read [{irn, name, status}]. */
  individuals: string;
  read_at: string;
  pass_id: string;
  requests: number;
}

/** An annual review of one AR: prepared by one person, approved by another. */
export interface PrincipalReviewsTable {
  id: string;
  principal_frn: string;
  ar_frn: string;
  ar_name: string;
  assessment: 'satisfactory' | 'concerns' | 'unsatisfactory';
  notes: string;
  /** JSON: the AR's register record as read when the review was prepared. */
  evidence: string;
  evidence_sha256: string;
  prepared_by: string;
  prepared_at: string;
  state: 'prepared' | 'approved';
  approved_by: string | null;
  approved_at: string | null;
}

/** An attestation of a principal's AR list as at a day: the reconciled list and its open findings, hashed. */
export interface PrincipalAttestationsTable {
  id: string;
  principal_frn: string;
  attested_by: string;
  attested_at: string;
  check_id: string;
  ar_count: number;
  open_findings: number;
  /** JSON: {asAt, principal, reading, book, ars, openFindings}. */
  data: string;
  sha256: string;
}

export interface Database {
  jobs: JobsTable;
  watchlists: WatchlistsTable;
  watchlist_entries: WatchlistEntriesTable;
  watch_cycles: WatchCyclesTable;
  watch_checks: WatchChecksTable;
  watch_changes: WatchChangesTable;
  notification_deliveries: NotificationDeliveriesTable;
  bulk_jobs: BulkJobsTable;
  bulk_rows: BulkRowsTable;
  api_tokens: ApiTokensTable;
  api_token_usage: ApiTokenUsageTable;
  users: UsersTable;
  user_sessions: UserSessionsTable;
  user_totp: UserTotpTable;
  user_recovery_codes: UserRecoveryCodesTable;
  portal_settings: PortalSettingsTable;
  ended_sessions: EndedSessionsTable;
  audit_log: AuditLogTable;
  audit_chain: AuditChainTable;
  snapshots: SnapshotsTable;
  report_drafts: ReportDraftsTable;
  login_attempts: LoginAttemptsTable;
  register_refreshes: RegisterRefreshesTable;
  sign_in_known_addresses: SignInKnownAddressesTable;
  readiness_probe: ReadinessProbeTable;
  principals: PrincipalsTable;
  principal_books: PrincipalBooksTable;
  principal_book_rows: PrincipalBookRowsTable;
  principal_checks: PrincipalChecksTable;
  principal_findings: PrincipalFindingsTable;
  principal_ar_links: PrincipalArLinksTable;
  principal_reviews: PrincipalReviewsTable;
  principal_attestations: PrincipalAttestationsTable;
  principal_standing_passes: PrincipalStandingPassesTable;
  principal_ar_standings: PrincipalArStandingsTable;
}

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';
