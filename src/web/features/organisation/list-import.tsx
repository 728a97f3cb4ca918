import FileUp from "lucide-react/icons/file-up";
import LoaderCircle from "lucide-react/icons/loader-circle";
import Upload from "lucide-react/icons/upload";
import { type ChangeEvent, useId, useState } from "react";
import {
  type ImportList,
  type ImportPreview,
  LIST_IMPORTS,
  MAX_IMPORT_BYTES,
} from "../../../domain/company/list-import";
import { companyMessages } from "../../../domain/text/company-messages";
import type { MessageKey } from "../../../domain/text/i18n/translate";
import { done, failed, type Outcome, OutcomeNote } from "../../components/outcome";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ApiError } from "../../lib/api-client";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { importList, previewListImport } from "./api/organisation-requests";

/** Good rows listed by name before the rest are counted: enough to recognise the file by. */
const GOOD_ROWS_SHOWN = 50;

const WORDS = {
  fleet: { path: "vehicles", heading: "import.headingFleet" },
  customers: { path: "customers", heading: "import.headingCustomers" },
} as const satisfies Record<ImportList, { path: string; heading: MessageKey }>;

/**
 * Importing the company's machines or customers from a CSV file (decision record 029): the admin picks a file, sees
 * every row with a problem and why before anything is saved, then adds the good rows in one go. The file is read
 * on the server, by the rules the domain holds; a larger file than the server takes is refused here first.
 */
export function ListImport({
  organisationId,
  list,
  onImported,
}: {
  organisationId: string;
  list: ImportList;
  /** After rows were added: what to say, once the lists are read again. */
  onImported: (outcome: Outcome) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<Blob | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState<"reading" | "saving" | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const t = useT();
  const fileId = useId();
  const spec = LIST_IMPORTS[list];

  const read = async (picked: Blob, said: Outcome | null = null) => {
    setBusy("reading");
    setPreview(null);
    setOutcome(said);
    try {
      setPreview(await previewListImport(organisationId, WORDS[list].path, picked));
    } catch (error) {
      setOutcome(failed(failureText(error)));
    } finally {
      setBusy(null);
    }
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0];
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_BYTES) {
      setFile(null);
      setPreview(null);
      setOutcome(failed(companyMessages.importFileProblem({ kind: "too-large" }, spec.columns, t)));
      return;
    }
    // Sent as it is, named CSV whatever type the phone gave it (Windows calls it an Excel file).
    const asCsv = new Blob([chosen], { type: "text/csv" });
    setFile(asCsv);
    void read(asCsv);
  };

  const save = async () => {
    if (!file || !preview) return;
    setBusy("saving");
    try {
      const { added } = await importList(organisationId, WORDS[list].path, preview.fingerprint, file);
      setFile(null);
      setPreview(null);
      setOutcome(null);
      setOpen(false);
      await onImported(done(t("import.saved", { list, count: added })));
    } catch (error) {
      // The list changed since the preview: read the file again, so the admin sees what it would add now.
      if (error instanceof ApiError && error.status === 409) await read(file, failed(failureText(error)));
      else setOutcome(failed(failureText(error)));
    } finally {
      setBusy(null);
    }
  };

  const close = () => {
    setOpen(false);
    setFile(null);
    setPreview(null);
    setOutcome(null);
  };

  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        <FileUp aria-hidden="true" className="size-4" />
        {t("import.open")}
      </Button>
    );
  }
  const bad = preview ? preview.rows.filter((row) => row.problems.length > 0) : [];
  const good = preview ? preview.rows.filter((row) => row.problems.length === 0) : [];
  const rowName = (values: Readonly<Record<string, string>>) =>
    spec.keys
      .map((key) => values[key])
      .filter(Boolean)
      .join(" · ") || t("import.empty");
  return (
    <Card className="grid gap-3" role="group" aria-labelledby={`${fileId}-heading`}>
      <h4 id={`${fileId}-heading`} className="font-bold">
        {t(WORDS[list].heading)}
      </h4>
      <p className="text-slate-700 dark:text-slate-300">{companyMessages.importHelp(spec.columns, t)}</p>
      <div>
        <label htmlFor={fileId} className="mb-1 block font-semibold">
          {t("import.csvFile")}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          onChange={pick}
          disabled={busy !== null}
          className="block min-h-12 w-full text-base file:me-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold dark:file:border-slate-700 dark:file:bg-slate-900 dark:file:text-slate-100"
        />
      </div>
      {busy === "reading" ? (
        <p role="status" className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          {t("import.reading")}
        </p>
      ) : null}
      <OutcomeNote outcome={outcome} />
      {preview ? (
        <div className="grid gap-3">
          <p role="status" className="font-semibold">
            {companyMessages.importPreviewSummary(preview.goodRows, bad.length, t)}
          </p>
          {preview.unusedHeaders.length > 0 ? (
            <p className="text-sm text-slate-700 dark:text-slate-300 [overflow-wrap:anywhere]">
              {t("import.unusedColumns", {
                count: preview.unusedHeaders.length,
                headers: preview.unusedHeaders.map((header) => `"${header}"`).join(", "),
              })}
            </p>
          ) : null}
          {bad.length > 0 ? (
            <ul aria-label={t("import.rowsWithProblem")} className="grid gap-2">
              {bad.map((row) => (
                <li
                  key={row.line}
                  className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50"
                >
                  <p className="font-semibold [overflow-wrap:anywhere]">
                    {t("import.row", { line: row.line, name: rowName(row.values) })}
                  </p>
                  <ul className="mt-1 list-disc ps-5">
                    {row.problems.map((problem) => (
                      <li key={JSON.stringify(problem)} className="[overflow-wrap:anywhere]">
                        {companyMessages.importRowProblem(list, problem, spec.columns, row.values, t)}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          ) : null}
          {good.length > 0 ? (
            <details className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
              <summary className="min-h-11 cursor-pointer content-center font-semibold">
                {t("import.rowsToAddCount", { count: good.length })}
              </summary>
              <ul aria-label={t("import.rowsToAdd")} className="mt-2 grid gap-1">
                {good.slice(0, GOOD_ROWS_SHOWN).map((row) => (
                  <li key={row.line} className="[overflow-wrap:anywhere]">
                    {t("import.row", { line: row.line, name: rowName(row.values) })}
                  </li>
                ))}
                {good.length > GOOD_ROWS_SHOWN ? (
                  <li className="text-slate-700 dark:text-slate-300">
                    {t("import.moreRows", { count: good.length - GOOD_ROWS_SHOWN })}
                  </li>
                ) : null}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {preview && preview.goodRows > 0 ? (
          <Button onClick={() => void save()} disabled={busy !== null}>
            {busy === "saving" ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Upload aria-hidden="true" className="size-4" />
            )}
            {busy === "saving" ? t("fleet.adding") : t("import.addRows", { list, count: preview.goodRows })}
          </Button>
        ) : null}
        <Button variant="outline" onClick={close} disabled={busy === "saving"}>
          {t("common.close")}
        </Button>
      </div>
    </Card>
  );
}
