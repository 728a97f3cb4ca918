import type { FormStatus } from "../forms/form-status";

/** The statuses a combined set takes from its members, strongest first (spec section 4). */
export const COMBINED_STATUS_PRECEDENCE = ["archived", "completed", "dispatched", "approved"] as const;
export type CombinedStatus = (typeof COMBINED_STATUS_PRECEDENCE)[number];

interface Member {
  status: FormStatus;
}

/**
 * A combined set's status: archived if any member is archived, else completed if any is, else
 * dispatched, else approved. When no member has reached approval the spec gives no status, and
 * neither do we: null means "still being filled in", and the set's traffic light is then decided
 * by its signatures (see `traffic-light.ts`). Returning 'draft' instead would hide a
 * ready_for_approval check sheet inside the set.
 */
export function combinedStatus(set: {
  timesheet: Member;
  checkSheets: readonly Member[];
}): CombinedStatus | null {
  const statuses = new Set<FormStatus>([set.timesheet.status, ...set.checkSheets.map((s) => s.status)]);
  return COMBINED_STATUS_PRECEDENCE.find((status) => statuses.has(status)) ?? null;
}
