import CheckCircle2 from "lucide-react/icons/circle-check";
import type { FormKind, SummaryRow } from "../../domain/forms/form-spec";
import { formKindParam } from "../../domain/text/messages";
import { useT } from "../lib/i18n";
import { Button } from "./ui/button";
import { Card } from "./ui/card";

interface SentSummaryProps {
  /** What was submitted: its messages name it ("timesheet" or "check sheet"). */
  form: FormKind;
  /** The form's summary, as its mail gives it. */
  summary: readonly SummaryRow[];
  /** Everyone it was emailed to; none when it went for approval. */
  recipients: readonly string[];
  /** The company whose office it was submitted to; null for a driver without one. */
  company: string | null;
  onStartAnother: () => void;
  onHome: () => void;
}

/** After a submission that was sent: what went and to whom, so the driver can see it was right. */
export function SentSummary({
  form,
  summary,
  recipients,
  company,
  onStartAnother,
  onHome,
}: SentSummaryProps) {
  const t = useT();
  const rows = summary.filter(([, value]) => value !== null && value.trim() !== "");
  return (
    <Card role="status" aria-labelledby="sent-title" className="space-y-4">
      <h2 id="sent-title" className="flex items-center gap-3 text-xl font-bold">
        <CheckCircle2 aria-hidden="true" className="size-7 shrink-0 text-emerald-700 dark:text-emerald-400" />
        {t("sent.title", { form: formKindParam(form) })}
      </h2>
      {company ? <p className="font-medium">{t("sent.toOffice", { company })}</p> : null}
      {recipients.length > 0 ? (
        <section aria-labelledby="sent-to">
          <h3 id="sent-to" className="font-semibold">
            {t("sent.toHeading")}
          </h3>
          <ul className="mt-1 space-y-1">
            {recipients.map((address) => (
              <li key={address} className="[overflow-wrap:anywhere]">
                {address}
              </li>
            ))}
          </ul>
        </section>
      ) : company ? null : (
        <p>{t("sent.toSupervisor")}</p>
      )}
      <section aria-labelledby="sent-summary">
        <h3 id="sent-summary" className="font-semibold">
          {t("sent.summaryHeading")}
        </h3>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="[overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button className="min-h-12 w-full" onClick={onStartAnother}>
          {t("wizard.startNew", { form: formKindParam(form) })}
        </Button>
        <Button variant="outline" className="min-h-12 w-full" onClick={onHome}>
          {t("wizard.backToHome")}
        </Button>
      </div>
    </Card>
  );
}
