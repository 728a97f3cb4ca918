import { useQueryClient } from "@tanstack/react-query";
import LoaderCircle from "lucide-react/icons/loader-circle";
import Trash2 from "lucide-react/icons/trash";
import { useState } from "react";
import { done, failed, type Outcome, OutcomeNote } from "../../components/outcome";
import { Button } from "../../components/ui/button";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { refreshCustomers, refreshFleet } from "./api/organisation-queries";
import { removeSamples } from "./api/organisation-requests";

/** Marks an entry of the shared sample list, which a new company sees until it has its own. */
export function SampleBadge() {
  const t = useT();
  return (
    <span className="inline-flex items-center rounded-full border border-dashed border-slate-500 px-3 py-1 text-sm font-semibold text-slate-800 dark:border-slate-400 dark:text-slate-200">
      {t("sample.badge")}
    </span>
  );
}

/**
 * What the samples are, and the one tap that takes both sample lists (machines and customers) off the company's
 * drivers' lists, for an admin.
 */
export function RemoveSamples({ organisationId, shown }: { organisationId: string; shown: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const remove = async () => {
    setBusy(true);
    try {
      await removeSamples(organisationId);
      setOutcome(done(t("sample.removed")));
      await Promise.all([
        refreshCustomers(queryClient, organisationId),
        refreshFleet(queryClient, organisationId),
      ]);
    } catch (error) {
      setOutcome(failed(failureText(error)));
    } finally {
      setBusy(false);
    }
  };
  // Kept on screen once the samples are gone, so that what the tap did is said where it was made.
  if (!shown) return outcome ? <OutcomeNote outcome={outcome} /> : null;
  return (
    <div className="grid gap-3 p-4 pb-0">
      <p className="text-slate-700 dark:text-slate-300">{t("sample.note")}</p>
      <OutcomeNote outcome={outcome} />
      <Button
        variant="outline"
        className="min-h-12 w-full sm:w-auto"
        disabled={busy}
        onClick={() => void remove()}
      >
        {busy ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Trash2 aria-hidden="true" className="size-4" />
        )}
        {busy ? t("sample.removing") : t("sample.remove")}
      </Button>
    </div>
  );
}
