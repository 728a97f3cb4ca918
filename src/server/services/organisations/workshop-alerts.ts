import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { alertHourOf } from "../../../domain/checks/vehicle-defects";
import { findOrganisation } from "../../db/organisations-repository";
import { enqueueMail, type OutgoingMail, replaceQueuedMail } from "../../db/outbox-repository";
import { hitRateLimit, hitRateLimits } from "../../db/rate-limits-repository";
import type { DB } from "../../db/schema";
import { claimAlertSummary, heldReportsByMachine, holdForSummary } from "../../db/vehicle-defects-repository";
import { defectSummaryMail } from "../../mail/organisation-mails";
import { accountMailHit, recipientMailHit } from "../accounts/rate-limit";
import type { ServiceDeps } from "../service-deps";

const HOUR_MS = 60 * 60_000;

/** A report's alert, ready to queue: to the company's confirmed workshop address. */
export interface WorkshopAlert {
  organisationId: string;
  /** The driver whose check sheet reported it: the alert is their account's mail. */
  driverId: string;
  reportId: string;
  workshop: string;
  mail: OutgoingMail;
}

/**
 * Queues a defect report's alert in the transaction of the sheet's write (decision record 038). It is mail the
 * driver's account causes, so it counts against the account's hourly limit and the workshop's daily one, as a
 * completed form's mail does, and against the company's hourly cap on alerts; all or nothing, in the same
 * transaction, so a write that rolls back (the loser of two writes of one sheet) has counted nothing. Past any
 * of them the report is not mailed on its own: it joins the summary of its hour, and the sheet is stored as ever.
 */
export async function alertWorkshop(
  deps: ServiceDeps,
  trx: Kysely<DB>,
  alert: WorkshopAlert,
  now: Date,
): Promise<void> {
  const limits = deps.config.mailLimits;
  // The cap counts clock hours, as the summaries do: an hour's first reports are mailed, the rest summed up.
  const hour = alertHourOf(now).start.toISOString();
  const counted = await hitRateLimits(
    trx,
    [
      {
        key: `defect-alerts:organisation:${alert.organisationId}:${hour}`,
        rule: { limit: limits.defectAlertsPerCompanyPerHour, windowMs: HOUR_MS },
        amount: 1,
      },
      accountMailHit(limits, alert.driverId),
      recipientMailHit(limits, alert.workshop),
    ],
    now,
  );
  if (counted.allowed) await enqueueMail(trx, alert.mail, now);
  else await addToHourSummary(deps, trx, alert, now);
}

/**
 * Puts the report in its company's summary of the hour, one queued mail per company and hour, due when the hour
 * ends and rewritten as each report joins it. The mail is the workshop's, counted as such, but sent whatever the
 * counts say: one an hour at most, to an address that asked for the alerts.
 */
async function addToHourSummary(
  deps: ServiceDeps,
  trx: Kysely<DB>,
  alert: WorkshopAlert,
  now: Date,
): Promise<void> {
  const { config } = deps;
  const organisation = await findOrganisation(trx, alert.organisationId);
  for (let hour = alertHourOf(now); ; hour = alertHourOf(hour.end)) {
    const summary = await claimAlertSummary(trx, alert.organisationId, hour.start, randomUUID());
    await holdForSummary(trx, alert.reportId, hour.start);
    const mail = defectSummaryMail({
      to: alert.workshop,
      organisationName: organisation?.name ?? "",
      hour,
      perHour: config.mailLimits.defectAlertsPerCompanyPerHour,
      machines: await heldReportsByMachine(trx, alert.organisationId, hour.start),
      // The Company tab of the home screen, where the fleet is.
      fleetLink: `${config.publicUrl}/?tab=company`,
      language: organisation?.language ?? null,
    });
    if (summary.created) {
      await enqueueMail(trx, mail, now, { id: summary.mailId, notBefore: hour.end });
      const toWorkshop = recipientMailHit(config.mailLimits, alert.workshop);
      await hitRateLimit(trx, toWorkshop.key, toWorkshop.rule, now);
      return;
    }
    // A worker has taken the hour's summary already (the hour has just ended): the report joins the next one.
    if (await replaceQueuedMail(trx, summary.mailId, mail)) return;
  }
}
