import type { Kysely } from "kysely";
import type { ListClash } from "../../../domain/company/company-lists";
import type { ImportList } from "../../../domain/company/list-import";
import { listClashText } from "../../../domain/text/company-messages";
import type { MessageKey } from "../../../domain/text/i18n/translate";
import { AppError } from "../../app-error";
import { isUniqueViolation } from "../../db/is-unique-violation";
import { lockOrganisation } from "../../db/organisations-repository";
import type { DB } from "../../db/schema";
import type { ServiceDeps } from "../service-deps";

/**
 * Runs a change of the company's customers or fleet in one transaction that holds the organisation's row, so two
 * admins' changes (an edit and an import, say) run one after the other and each checks its clashes against the
 * list the other left. A QR code another fleet took meanwhile (the table's key decides) answers `onTaken`.
 */
export async function changeList<T>(
  deps: ServiceDeps,
  organisationId: string,
  onTaken: MessageKey,
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  try {
    return await deps.database.db.transaction().execute(async (trx) => {
      await lockOrganisation(trx, organisationId);
      return work(trx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", onTaken);
    throw error;
  }
}

/** 409 naming the first clash of a new or edited entry with another of the company's list, if it has one. */
export function refuseClash<K extends string>(
  list: ImportList,
  clashes: readonly ListClash<K>[],
  entry: Readonly<Record<K, string>>,
): void {
  const [clash] = clashes;
  if (clash) {
    throw new AppError("conflict", listClashText(list, clash.field, entry[clash.field], clash.retired));
  }
}
