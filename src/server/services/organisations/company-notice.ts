import type { Kysely } from "kysely";
import type { AnyFormSpec } from "../../../domain/forms/form-spec";
import { findWorkshop } from "../../db/organisations-repository";
import { enqueueMail, type OutgoingMail } from "../../db/outbox-repository";
import type { DB } from "../../db/schema";
import { enqueueWebhook } from "../../db/webhooks-repository";
import type { ServiceDeps } from "../service-deps";

export interface CompanyNotice {
  /** Where the hire desk's copy goes, or null when it gets none. */
  hireDesk: string | null;
  /** In the completion's transaction: the webhook, and the hire desk's copy as mailed. */
  write(trx: Kysely<DB>, hireDeskMail: OutgoingMail | null, now: Date): Promise<void>;
}

/**
 * What a company member's completed form tells the company, for a form type whose spec says so (an off-hire
 * note's "hire.ended"): the webhook with the form's figures when the company has one, and the form's mail with
 * its PDF to the company's hire desk. The hire desk is the company's workshop address, and only once someone
 * there has confirmed it: anyone can type anyone's. Written in the completion's transaction, so it goes once the
 * form is stored, and only then. Null when there is nothing to tell: a form of no company, or a type that tells
 * nothing.
 */
export async function companyNoticeWrite(
  deps: ServiceDeps,
  spec: AnyFormSpec,
  written: { id: string; organisationId: string | null; fields: Record<string, unknown> },
): Promise<CompanyNotice | null> {
  const notice = spec.companyNotice;
  const { organisationId } = written;
  if (!notice || organisationId === null) return null;
  const workshop = notice.hireDeskCopy ? await findWorkshop(deps.database.db, organisationId) : null;
  const hireDesk = workshop?.confirmedAt ? workshop.email : null;
  return {
    hireDesk,
    write: async (trx, hireDeskMail, now) => {
      await enqueueWebhook(
        trx,
        organisationId,
        notice.event,
        notice.webhookData(written.fields, written.id),
        now,
      );
      if (hireDeskMail) await enqueueMail(trx, hireDeskMail, now);
    },
  };
}
