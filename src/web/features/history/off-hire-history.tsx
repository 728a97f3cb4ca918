import Eye from "lucide-react/icons/eye";
import Truck from "lucide-react/icons/truck";
import { useId, useMemo } from "react";
import { useLocation } from "wouter";
import { formStatusLabel, isCompletedStatus } from "../../../domain/forms/form-status";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths } from "../../lib/app-paths";
import { useTranslator } from "../../lib/i18n";
import { formatShortDateIn } from "../../lib/locale-format";
import { type StoredOffHireNote, useAccountOffHireNotes } from "../../lib/use-account-forms";

/**
 * The account's completed off-hire notes, newest first: without signal, as this device kept them from the driver's
 * last visit.
 */
export function useCompletedOffHireNotes(): StoredOffHireNote[] {
  const notes = useAccountOffHireNotes();
  return useMemo(
    () =>
      (notes ?? [])
        .filter((note) => isCompletedStatus(note.status))
        .sort((a, b) => (b.completedAt ?? b.createdAt).localeCompare(a.completedAt ?? a.createdAt)),
    [notes],
  );
}

/** The driver's off-hire notes in their history, under the weeks: each opens its read-only record. */
export function OffHireHistory({ search }: { search: string }) {
  const [, navigate] = useLocation();
  const { locale, t } = useTranslator();
  const headingId = useId();
  const notes = useCompletedOffHireNotes();
  const wanted = search.trim().toLowerCase();
  const shown = notes.filter(
    (note) =>
      wanted === "" ||
      note.plantNumber.toLowerCase().includes(wanted) ||
      note.siteLocation.toLowerCase().includes(wanted),
  );
  if (shown.length === 0) return null;
  return (
    <Card role="region" aria-labelledby={headingId} className="mt-3 p-4">
      <h3 id={headingId} className="text-lg font-bold">
        {t("history.offHireHeading")}
      </h3>
      <ul
        aria-label={t("history.offHireHeading")}
        className="mt-3 divide-y divide-slate-200 dark:divide-slate-700"
      >
        {shown.map((note) => (
          <li key={note.id} className="space-y-2 py-3 first:pt-0 last:pb-0">
            <article aria-label={`${t("home.tabOffHire")} ${note.plantNumber}`} className="space-y-2">
              <div className="flex items-start gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300">
                  <Truck aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h4 className="font-bold">{t("form.offHire.title")}</h4>
                    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                      {formStatusLabel(note.status, t)}
                    </span>
                  </div>
                  <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                    <dt className="text-slate-600 dark:text-slate-400">{t("field.plantNumber.short")}</dt>
                    <dd className="min-w-0 break-words font-medium">{note.plantNumber || "—"}</dd>
                    {note.clientCompany ? (
                      <>
                        <dt className="text-slate-600 dark:text-slate-400">
                          {t("field.clientCompany.short")}
                        </dt>
                        <dd className="min-w-0 break-words font-medium">{note.clientCompany}</dd>
                      </>
                    ) : null}
                    <dt className="text-slate-600 dark:text-slate-400">{t("history.offHireDateLabel")}</dt>
                    <dd className="font-medium">
                      {[formatShortDateIn(locale, note.offHireDate), note.offHireTime]
                        .filter(Boolean)
                        .join(" ")}
                    </dd>
                  </dl>
                </div>
              </div>
              <Button
                variant="outline"
                className="w-full sm:ms-13 sm:w-auto"
                onClick={() => navigate(appPaths.completedForm(note.id))}
              >
                <Eye aria-hidden="true" className="size-5" />
                {t("history.viewRecord")}
              </Button>
            </article>
          </li>
        ))}
      </ul>
    </Card>
  );
}
