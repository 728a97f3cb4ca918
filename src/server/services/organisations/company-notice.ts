import type { Kysely } from "kysely";
import { sameAddress } from "../../../domain/checks/vehicle-defects";
import type { AnyFormSpec } from "../../../domain/forms/form-spec";
import { findHireDesk, findWorkshop } from "../../db/organisations-repository";
import { enqueueMail, type OutgoingMail } from "../../db/outbox-repository";
import type { DB } from "../../db/schema";
import { enqueueWebhook } from "../../db/webhooks-repository";
import type { ServiceDeps } from "../service-deps";

export interface CompanyNotice {
  /** Where the company's copies go (its hire desk, its workshop), each once; none when it gets none. */
  copiesTo: string[];
  /** In the completion's transaction: the webhook, and the company's copies as mailed. */
  write(trx: Kysely<DB>, copies: readonly OutgoingMail[], now: Date): Promise<void>;
}

/**
 * What a company member's completed form tells the company, for a form type whose spec says so (an off-hire
 * note's "hire.ended"): the webhook with the form's figures when the company has one, and the form's mail with
 * its PDF to the company's hire desk (the office member its admin picked, while they are still of its office) and
 * to its workshop, which collects and inspects the machine (only once someone there has confirmed the address:
 * anyone can type anyone's). Written in the completion's transaction, so it goes once the form is stored, and
 * only then. Null when there is nothing to tell: a form of no company, or a type that tells nothing.
 */
export async function companyNoticeWrite(
  deps: ServiceDeps,
  spec: AnyFormSpec,
  written: { id: string; organisationId: string | null; fields: Record<string, unknown> },
): Promise<CompanyNotice | null> {
  const notice = spec.companyNotice;
  const { organisationId } = written;
  if (!notice || organisationId === null) return null;
  const { db } = deps.database;
  const [hireDesk, workshop] = notice.hireDeskCopy
    ? await Promise.all([findHireDesk(db, organisationId), findWorkshop(db, organisationId)])
    : [null, null];
  const copiesTo = [
    ...(hireDesk ? [hireDesk.email] : []),
    ...(workshop?.confirmedAt ? [workshop.email] : []),
  ];
  return {
    copiesTo: copiesTo.filter((to, index) => copiesTo.findIndex((other) => sameAddress(other, to)) === index),
    write: async (trx, copies, now) => {
      await enqueueWebhook(
        trx,
        organisationId,
        notice.event,
        notice.webhookData(written.fields, written.id),
        now,
      );
      for (const copy of copies) await enqueueMail(trx, copy, now);
    },
  };
}
