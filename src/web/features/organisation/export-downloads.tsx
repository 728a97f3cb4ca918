import Download from "lucide-react/icons/download";
import LoaderCircle from "lucide-react/icons/loader-circle";
import { useState } from "react";
import { type ExportKind, ExportQuerySchema, exportFileName } from "../../../domain/company/exports";
import type { MessageKey } from "../../../domain/text/i18n/translate";
import { addDays, formatIsoDate } from "../../../domain/time/iso-date";
import { Problem } from "../../components/outcome";
import { TextField } from "../../components/text-field";
import { Card } from "../../components/ui/card";
import { downloadFile } from "../../lib/download-file";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { parseRequest } from "../../lib/parse-request";

const FILES = [
  { kind: "hours", file: "hours.csv", label: "export.hours" },
  { kind: "defects", file: "defects.csv", label: "export.defects" },
  { kind: "invoiceLines", file: "invoice-lines.csv", label: "export.invoiceLines" },
  { kind: "workbook", file: "workbook.xlsx", label: "export.workbook" },
] as const satisfies ReadonlyArray<{ kind: ExportKind; file: string; label: MessageKey }>;

/**
 * An admin downloads the company's approved weeks for payroll and invoicing (decision record 029): the week endings
 * to include, then a link per file. The server builds a file before sending it (decision record 039), so a click
 * fetches it here and saves it, and a refusal (too many rows for one download, the company's exports busy) is
 * shown in the server's words; the links' addresses still work as they are, opened in a tab of their own.
 */
export function ExportDownloads({ organisationId }: { organisationId: string }) {
  const t = useT();
  const today = formatIsoDate(new Date());
  const [from, setFrom] = useState(addDays(today, -28) ?? today);
  const [to, setTo] = useState(today);
  const parsed = parseRequest(null, ExportQuerySchema, { from, to });
  const [preparing, setPreparing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <section aria-labelledby="exports-heading">
      <Card className="grid gap-4">
        <h3 id="exports-heading" className="text-lg font-bold">
          {t("export.heading")}
        </h3>
        <p className="text-slate-700 dark:text-slate-300">{t("export.explained")}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t("export.from")} type="date" value={from} onValueChange={setFrom} />
          <TextField label={t("export.to")} type="date" value={to} onValueChange={setTo} />
        </div>
        {parsed.problem !== undefined ? (
          <Problem text={parsed.problem} />
        ) : (
          <ul aria-label={t("export.downloads")} className="grid gap-2">
            {FILES.map(({ kind, file, label }) => (
              <li key={file}>
                <a
                  href={`/api/organisations/${organisationId}/exports/${file}?${new URLSearchParams(parsed.data)}`}
                  download={exportFileName(kind, parsed.data)}
                  aria-disabled={preparing !== null}
                  onClick={(event) => {
                    event.preventDefault();
                    if (preparing !== null) return;
                    setPreparing(t(label));
                    setProblem(null);
                    downloadFile(event.currentTarget.href, exportFileName(kind, parsed.data))
                      .catch((error: unknown) => setProblem(failureText(error)))
                      .finally(() => setPreparing(null));
                  }}
                  className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 aria-disabled:opacity-60 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
                >
                  {preparing === t(label) ? (
                    <LoaderCircle aria-hidden="true" className="size-5 shrink-0 animate-spin" />
                  ) : (
                    <Download aria-hidden="true" className="size-5 shrink-0" />
                  )}
                  {t(label)}
                </a>
              </li>
            ))}
          </ul>
        )}
        <p role="status" className="text-slate-700 empty:hidden dark:text-slate-300">
          {preparing !== null ? t("export.preparing", { label: preparing }) : ""}
        </p>
        {problem !== null ? <Problem text={problem} /> : null}
      </Card>
    </section>
  );
}
