import type { Role } from "../../domain/company/organisation";
import type { FormKind } from "../../domain/forms/form-spec";
import type { FormStatus } from "../../domain/forms/form-status";

export type { FormStatus };

/**
 * The Kysely table types of the whole product, one interface per table.
 *
 * Portable representations, chosen so one query code runs on SQLite and PostgreSQL alike:
 * - Timestamps are ISO-8601 UTC strings from `Date.prototype.toISOString()` ("2025-03-01T07:00:00.000Z"),
 *   stored as text. One fixed format means text order is time order, so `<`, `>` and ORDER BY work on both
 *   dialects without per-dialect date types or driver parsing.
 * - Calendar dates (week ending, check date) are "YYYY-MM-DD" text for the same reason.
 * - Booleans are integers 0/1 on both dialects (SQLite has no boolean type; PostgreSQL gets a CHECK).
 * - JSON is text on both dialects, written with JSON.stringify and read with JSON.parse in the repositories.
 * - Ids are text: UUIDs made by the client for forms (so a form can be created offline), slugs for reference data.
 * - Enumerated values (statuses, ratings) are plain text without CHECK constraints: SQLite cannot alter a
 *   CHECK without rebuilding the table, and the routes validate them with zod anyway.
 */

export const OUTBOX_STATUSES = ["queued", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export type IdempotencyStatus = "in_progress" | "done";

/** 0 or 1: see the note on booleans above. */
export type BooleanInt = 0 | 1;

export interface AccountsTable {
  id: string;
  full_name: string;
  /** As the user typed it, for display and for addressing mail. */
  email: string;
  /** Lower-cased and trimmed; the unique key, so "Ann@x.com" and "ann@x.com" are one account on both dialects. */
  email_normalized: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** The language chosen in the app (a Locale); null is English. Optional on insert: it defaults to null. */
  language?: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a leaked table does not leak live sessions. */
  token_hash: string;
  account_id: string;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  token_hash: string;
  account_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A sign-up waiting for its emailed link, where the password is chosen (migration 020 took it out of here). */
export interface PendingRegistrationsTable {
  token_hash: string;
  full_name: string;
  email: string;
  email_normalized: string;
  created_at: string;
  expires_at: string;
  /** The language the sign-up was made in (a Locale); null is English. Optional on insert: it defaults to null. */
  language?: string | null;
}

export interface CustomersTable {
  id: string;
  name: string;
  requires_order_validation: BooleanInt;
  /** Migration 010: the company whose list this customer is on; null for the shared list individual drivers see. */
  organisation_id: string | null;
  /** Migration 022: when an admin retired it (kept for the forms made with it, off the drivers' list); null in use. */
  retired_at: string | null;
}

export interface VehiclesTable {
  qr_code: string;
  machine_number: string;
  plant_number: string;
  vehicle_type: string;
  description: string;
  /** Migration 007: the check template of the machine's category. */
  check_template: string;
  /** Migration 010: the company whose fleet this is; null for the shared list individual drivers see. */
  organisation_id: string | null;
  /** Migration 022: when an admin retired it (kept with its defect history, off the drivers' lists); null in use. */
  retired_at: string | null;
}

/** Every form of every type (migration 006); the form's fields live in `data`, its signatures in `images`. */
export interface FormsTable {
  id: string;
  /** The form type, as FORM_SPECS names it: "timesheet", "check-sheet", "off-hire". */
  kind: FormKind;
  /** Null for an anonymous one-step form, which is kept only until its email is sent. */
  owner_id: string | null;
  status: FormStatus;
  driver_signed_name: string | null;
  plant_number: string | null;
  customer_id: string | null;
  order_number: string | null;
  /** The form's own date: a timesheet's week ending, a check sheet's check date. */
  form_date: string | null;
  /** Unguessable token of the emailed read-only link; null until the form is sent. */
  view_token: string | null;
  /** JSON text of the form's fields as its spec's schema describes them; signatures as image addresses. */
  data: string;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  completed_at: string | null;
  /**
   * Migration 010: the company the owner belonged to when the form was made; null for an individual's form. It
   * stays when the owner leaves or is removed: the form is the company's record as well as the driver's.
   */
  organisation_id: string | null;
  /** Migration 012: when a company's supervisor or admin approved the form's set (null until then); locks it. */
  review_approved_at: string | null;
  review_approved_by: string | null;
  review_rating: string | null;
  /** Migration 012: why the office sent the form back to its driver, when and who; null if it never was. */
  sent_back_reason: string | null;
  sent_back_at: string | null;
  sent_back_by: string | null;
  /** Migration 013: why an admin reopened the form's approved set, when, and who (their id and name then). */
  reopened_reason: string | null;
  reopened_at: string | null;
  reopened_by: string | null;
  reopened_by_name: string | null;
  /**
   * Migration 023: the form's fields (JSON) when the office last sent it back or reopened it, the fingerprint of
   * the signed version it returned (null if it was never signed and sent), and when the driver submitted it again
   * with which fields changed (a JSON list of names).
   */
  returned_data: string | null;
  returned_fingerprint: string | null;
  resubmitted_at: string | null;
  resubmitted_changes: string | null;
  /**
   * Migration 021: the office review's filter keys, the driver's name, plant number, site and customer as typed,
   * normalised as the review compares them (`reviewFilterKey`); null on a form saved before it outside a company.
   */
  driver_key: string | null;
  plant_key: string | null;
  site_key: string | null;
  customer_key: string | null;
}

/** A drawn signature, stored once however many forms hold it (migration 006). */
export interface ImagesTable {
  /** Hex SHA-256 of `bytes`. */
  id: string;
  content_type: string;
  bytes: Buffer;
  byte_length: number;
  created_at: string;
}

/** Which form or stored set holds which image: who may read it, and which images nothing holds any more. */
export interface ImageUsesTable {
  /** A form's id, or a stored set's id. */
  holder_id: string;
  image_id: string;
}

export interface PhotosTable {
  id: string;
  owner_id: string | null;
  /** The check sheet the photo belongs to, once known; no FK because photos may be uploaded before the form syncs. */
  form_id: string | null;
  storage_key: string;
  content_type: string;
  bytes: number;
  sha256: string;
  created_at: string;
  /** Migration 003: the hash of the upload URL's single-use token, until the bytes arrive. */
  upload_token_hash: string | null;
  upload_expires_at: string | null;
  /** Null until uploaded. */
  uploaded_at: string | null;
}

export interface SupervisorApprovalsTable {
  id: string;
  owner_id: string | null;
  timesheet_id: string;
  /** JSON array of check sheet ids in the combined set. */
  check_sheet_ids: string;
  client_name: string | null;
  client_signature: string | null;
  foreman_name: string | null;
  foreman_signature: string | null;
  approved_at: string | null;
  notes: string | null;
  /** happy | okay | unhappy */
  rating: string | null;
  rating_notes: string | null;
  rated_at: string | null;
  status: FormStatus;
  created_at: string;
  updated_at: string;
}

export interface MailOutboxTable {
  id: string;
  /** JSON array of addresses; named to_addresses because TO is an SQL keyword. */
  to_addresses: string;
  subject: string;
  /** Null once sent: the content is dropped after delivery (anonymous forms keep nothing). */
  text_body: string | null;
  html_body: string | null;
  /** JSON array of MailAttachment, or null. */
  attachments: string | null;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  status: IdempotencyStatus;
  response_status: number | null;
  response_body: string | null;
  created_at: string;
  expires_at: string;
}

export interface AuditEventsTable {
  id: string;
  form_type: string;
  form_id: string;
  /** No FK: the audit trail outlives the account and the form it describes. */
  account_id: string | null;
  action: string;
  ip: string | null;
  user_agent: string | null;
  /** JSON text or null. */
  details: string | null;
  created_at: string;
}

/** A plant-hire company on Plant Sheets (migration 010). */
export interface OrganisationsTable {
  id: string;
  name: string;
  /** Where defect alerts go, once someone there has confirmed it (migration 018). */
  workshop_email: string | null;
  created_at: string;
  /** When someone at the workshop address confirmed it by the mailed link; null until then. */
  workshop_confirmed_at: string | null;
  /** When the newest confirmation link was sent to the workshop address. */
  workshop_link_sent_at: string | null;
  /** SHA-256 of the newest link's token while it may still be used; null once used or replaced. */
  workshop_token_hash: string | null;
  workshop_token_expires_at: string | null;
  /** When an admin removed the shared samples, making both lists the company's own (migration 025). */
  samples_removed_at: string | null;
  /** The company's order prefixes, separated by spaces; null for the spec's P-, S-, M- (migration 026). */
  order_prefixes: string | null;
  /** The language its office works in, a Locale; null for English (migration 030). */
  language: string | null;
  /** Its hire terms, the JSON text of HireTermsSchema; null for the default terms (migration 032). */
  hire_terms: string | null;
  /** Its hire desk, the office member mailed its off-hire notes; null for no one (migration 033). */
  hire_desk_account_id: string | null;
}

/** The summary mail of a company's defect reports held back in one hour (migration 018). */
export interface DefectAlertSummariesTable {
  organisation_id: string;
  /** The hour's start, ISO. */
  hour_start: string;
  mail_id: string;
}

/** A defect reported on a company's vehicle by a check sheet, and its fix (migration 015). */
export interface VehicleDefectsTable {
  id: string;
  check_sheet_id: string;
  organisation_id: string;
  qr_code: string;
  check_date: string;
  driver_name: string;
  /** JSON: the labels of the items marked as defects. */
  items: string;
  notes: string | null;
  reported_at: string;
  fixed_at: string | null;
  fixed_by: string | null;
  fixed_by_name: string | null;
  fixed_note: string | null;
  /** Whether the driver's check stood the machine down. Optional on insert: it defaults to 0. */
  stood_down?: BooleanInt;
  /** The hour (its start, ISO) whose summary mail carries this report; null when mailed on its own or to no one. */
  summary_hour: string | null;
}

/** Who belongs to which organisation; the account is the key, so an account belongs to at most one. */
export interface MembershipsTable {
  account_id: string;
  organisation_id: string;
  role: Role;
  joined_at: string;
}

/**
 * An invitation to join: mailed to an address (single-use), or with no address, a join code shown as a QR code
 * (usable by anyone who scans it until it expires or is revoked).
 */
export interface InvitesTable {
  /** SHA-256 of the link's token: a leaked table lets no one join. */
  token_hash: string;
  /** What an admin's list and a revocation name it by (migration 011): set on every row. */
  id: string;
  organisation_id: string;
  /** As the admin typed it; null for a join code. */
  email: string | null;
  role: Role;
  created_by: string;
  created_at: string;
  expires_at: string;
  /** A mailed invitation's one use; always null for a join code, whose uses are in invite_uses. */
  used_at: string | null;
  used_by: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

/** Who joined by which invitation, mailed or join code, and when (migration 011). */
export interface InviteUsesTable {
  token_hash: string;
  account_id: string;
  joined_at: string;
}

/** An organisation's webhook (migration 014): at most one per organisation. */
export interface OrganisationWebhooksTable {
  organisation_id: string;
  /** https (or this machine in tests), as checkWebhookUrl wrote it. */
  url: string;
  /** What calls are signed with; kept as the server needs it to sign, never answered after it is made. */
  secret: string;
  created_at: string;
  updated_at: string;
  secret_rotated_at: string | null;
}

/** One event to deliver to an organisation's webhook (migration 014); the mail outbox's twin. */
export interface WebhookOutboxTable {
  /** The delivery's id: the X-PlantSheets-Delivery header and the body's `id`, the same on every attempt. */
  id: string;
  organisation_id: string;
  event: string;
  /** The JSON body as signed; null once delivered. */
  body: string | null;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  /**
   * What came of the last attempt: one of domain/webhook's WEBHOOK_OUTCOMES ("answered", "could-not-connect"),
   * never the socket's text nor an answer's body (migration 019; a free status line before it).
   */
  last_status: string | null;
  /** The last attempt's answer status, when it was answered (migration 019). */
  last_http_status: number | null;
  created_at: string;
  sent_at: string | null;
}

/** One call of an organisation's webhook, for its history (migration 019): the latest 50 per organisation. */
export interface WebhookAttemptsTable {
  id: string;
  organisation_id: string;
  delivery_id: string;
  event: string;
  /** The delivery's attempt number within its series; a resend starts a new series. */
  attempt: number;
  /** One of domain/webhook's WEBHOOK_OUTCOMES. */
  outcome: string;
  http_status: number | null;
  attempted_at: string;
}

/** Fixed-window request counters (migration 002), shared by every server instance. */
export interface RateLimitsTable {
  key: string;
  window_start: string;
  hits: number;
}

/** Failed logins per account and per address (migration 005), shared by every server instance. */
export interface LoginFailuresTable {
  key: string;
  failures: number;
  /** ISO-8601: when the count began; it covers a day from then (migration 020). */
  first_failure_at: string;
  /** ISO-8601. */
  last_failure_at: string;
}

/** A company's export being made (migration 021): one row per slot taken, every instance counting the same. */
export interface ExportSlotsTable {
  organisation_id: string;
  /** 0 to the company's allowance less one. */
  slot: number;
  run_id: string;
  /** ISO-8601: the slot is free again from then unless its export renews it. */
  expires_at: string;
}

export interface DB {
  accounts: AccountsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  pending_registrations: PendingRegistrationsTable;
  customers: CustomersTable;
  vehicles: VehiclesTable;
  forms: FormsTable;
  images: ImagesTable;
  image_uses: ImageUsesTable;
  photos: PhotosTable;
  supervisor_approvals: SupervisorApprovalsTable;
  mail_outbox: MailOutboxTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_events: AuditEventsTable;
  rate_limits: RateLimitsTable;
  login_failures: LoginFailuresTable;
  organisations: OrganisationsTable;
  memberships: MembershipsTable;
  invites: InvitesTable;
  invite_uses: InviteUsesTable;
  vehicle_defects: VehicleDefectsTable;
  defect_alert_summaries: DefectAlertSummariesTable;
  organisation_webhooks: OrganisationWebhooksTable;
  webhook_outbox: WebhookOutboxTable;
  webhook_attempts: WebhookAttemptsTable;
  export_slots: ExportSlotsTable;
}
