import CheckCircle2 from "lucide-react/icons/circle-check";
import FileX2 from "lucide-react/icons/file-x-corner";
import WifiOff from "lucide-react/icons/wifi-off";
import { useParams, useSearchParams } from "wouter";
import { type CheckValue, checkValueLabel, reportableDefectsNotes } from "../../../domain/checks/check-items";
import { givenReadings } from "../../../domain/forms/check-sheet-readings";
import { shortLabelOf, shownItems } from "../../../domain/forms/check-templates";
import { fieldLabel, shortFieldLabel } from "../../../domain/forms/field-labels";
import type { FormKind } from "../../../domain/forms/form-spec";
import { formStatusLabel, isFormStatus } from "../../../domain/forms/form-status";
import { imageSrc } from "../../../domain/forms/image-ref";
import { photoCountLabel, photoUrlsOf } from "../../../domain/forms/photos";
import { formatSignedAt } from "../../../domain/forms/signatures";
import { dayNetHours, weeklyTotal } from "../../../domain/hours/hours";
import type { SupervisorApproval } from "../../../domain/sets/rating";
import type { MessageKey, Translator } from "../../../domain/text/i18n/translate";
import { formKindParam } from "../../../domain/text/messages";
import { DAYS, dayLabel } from "../../../domain/time/days";
import { CardSection } from "../../components/card-section";
import { LabelledValue } from "../../components/labelled-value";
import { LoadingScreen } from "../../components/loading-screen";
import { PhotoThumbnail } from "../../components/photo-thumbnail";
import { ScreenLayout } from "../../components/screen-layout";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { NetworkError } from "../../lib/api-client";
import { appPaths } from "../../lib/app-paths";
import { useT, useTranslator } from "../../lib/i18n";
import { formatHoursIn, formatShortDateIn, weekdayShortIn } from "../../lib/locale-format";
import { useOwner } from "../../lib/session-store";
import { KeptCopyNote } from "../../offline/kept-copy-note";
import { useCompletedForm } from "./api/completed-form-query";

/** A stored form as GET /api/completed-forms/{id} answers it; fields are read defensively by name. */
type FormData = Record<string, unknown>;

const isString = (value: unknown): value is string => typeof value === "string";

const text = (form: FormData, key: string): string => {
  const value = form[key];
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
};

/** The record's badge: its own status (Approved, Dispatched, Completed, Archived), as every list names it. */
/** Each form type's title, as its spec names it. */
const TITLE_KEYS = {
  timesheet: "form.timesheet.title",
  "check-sheet": "form.checkSheet.title",
  "off-hire": "form.offHire.title",
} as const satisfies Record<FormKind, MessageKey>;

function statusLabel(form: FormData, t: Translator["t"]): string {
  return formStatusLabel(isFormStatus(form.status) ? form.status : "completed", t);
}

/** The read-only view of a completed form, for its owner or through the emailed link's token. */
export function CompletedFormPage() {
  const { locale, t } = useTranslator();
  const { id = "" } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  const token = params.get("token");
  const owner = useOwner();
  const lookup = useCompletedForm(id, token, owner);

  // Opened from the company's office review, the way back is to the review.
  const back =
    params.get("from") === "review"
      ? { href: appPaths.officeReview, label: t("completed.backToReview") }
      : { href: appPaths.dashboard, label: t("account.backToDashboard") };
  if (lookup.isPending) {
    return (
      <ScreenLayout title={t("completed.title")} back={back}>
        <LoadingScreen label={t("completed.loading")} />
      </ScreenLayout>
    );
  }

  if (lookup.isError) {
    const offline = lookup.error instanceof NetworkError;
    const Icon = offline ? WifiOff : FileX2;
    return (
      <ScreenLayout title={t("completed.title")} back={back}>
        <Card className="text-center">
          <Icon aria-hidden="true" className="mx-auto size-12 text-amber-600 dark:text-amber-400" />
          <h2 className="mt-3 text-xl font-bold">{t("account.notAvailable")}</h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            {offline ? t("completed.loadFailedNoSignal") : t("completed.notFound")}
          </p>
          <Button variant="outline" className="mt-4" onClick={() => void lookup.refetch()}>
            {t("customer.tryAgain")}
          </Button>
        </Card>
      </ScreenLayout>
    );
  }

  const { answer, keptAt } = lookup.data;
  const { type, form, set } = answer;
  const title = set ? t("completed.weeklyPack") : t(TITLE_KEYS[type]);
  return (
    <ScreenLayout title={title} back={back}>
      <div className="space-y-4">
        {keptAt !== null ? <KeptCopyNote keptAt={keptAt} /> : null}
        {params.get("locked") ? (
          <p
            role="status"
            className="rounded-lg border border-sky-300 bg-sky-50 p-3 font-medium text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
          >
            {t("completed.lockedRecord", { form: formKindParam(type) })}
          </p>
        ) : null}
        <p className="inline-flex items-center gap-2 rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900 dark:bg-green-900/40 dark:text-green-100">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {statusLabel(form, t)}
        </p>
        <Card>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <LabelledValue label={shortFieldLabel("company", t)} value={text(form, "company")} />
            <LabelledValue label={shortFieldLabel("clientCompany", t)} value={text(form, "clientCompany")} />
            <LabelledValue label={shortFieldLabel("siteLocation", t)} value={text(form, "siteLocation")} />
            <LabelledValue label={shortFieldLabel("plantNumber", t)} value={text(form, "plantNumber")} />
            <LabelledValue label={shortFieldLabel("machineNumber", t)} value={text(form, "machineNumber")} />
            <LabelledValue
              label={shortFieldLabel("driverSignedName", t)}
              value={text(form, "driverSignedName") || text(form, "operatorSignedName")}
            />
            {type === "timesheet" ? (
              <>
                <LabelledValue
                  label={shortFieldLabel("weekEnding", t)}
                  value={formatShortDateIn(locale, text(form, "weekEnding"))}
                />
                <LabelledValue
                  label={shortFieldLabel("machineHours", t)}
                  value={text(form, "machineHours")}
                />
                <LabelledValue label={shortFieldLabel("vanMileage", t)} value={text(form, "vanMileage")} />
              </>
            ) : type === "off-hire" ? (
              <>
                <LabelledValue
                  label={shortFieldLabel("offHireDate", t)}
                  value={formatShortDateIn(locale, text(form, "offHireDate"))}
                />
                <LabelledValue label={shortFieldLabel("offHireTime", t)} value={text(form, "offHireTime")} />
              </>
            ) : (
              <LabelledValue
                label={shortFieldLabel("checkDate", t)}
                value={formatShortDateIn(locale, text(form, "checkDate"))}
              />
            )}
            <LabelledValue label={shortFieldLabel("orderNumber", t)} value={text(form, "orderNumber")} />
          </dl>
        </Card>
        {type === "timesheet" ? (
          <WeekTable form={form} />
        ) : type === "off-hire" ? (
          <OffHireCondition form={form} token={token} />
        ) : (
          <CheckList form={form} token={token} />
        )}
        <Signatures
          form={form}
          token={token}
          countersigner={type === "check-sheet" ? "supervisor" : "client"}
        />
        {set ? <SetSections checkSheets={set.checkSheets} approval={set.approval} token={token} /> : null}
        {params.get("from") === "review" ? null : (
          <p className="rounded-lg bg-slate-100 p-4 text-center text-slate-800 dark:bg-slate-800 dark:text-slate-100">
            {t("completed.submittedAndEmailed")}
          </p>
        )}
      </div>
    </ScreenLayout>
  );
}

function WeekTable({ form }: { form: FormData }) {
  const { locale, t } = useTranslator();
  // Long words (Polish, Bulgarian) would push the last column out of a phone's width: headers may wrap anywhere,
  // and days go by their short names outside English.
  const cell = "px-1 py-2";
  const header = `${cell} text-xs sm:text-sm`;
  return (
    <CardSection title={t("completed.theWeek")}>
      <div className="-mx-2 overflow-x-auto">
        <table className="w-full text-start text-sm">
          <thead>
            <tr className="border-b border-slate-300 dark:border-slate-700">
              <th scope="col" className={header}>
                {t("pdf.column.day")}
              </th>
              <th scope="col" className={header}>
                {t("week.start")}
              </th>
              <th scope="col" className={header}>
                {t("week.finish")}
              </th>
              <th scope="col" className={header}>
                {t("week.breakMinutes")}
              </th>
              <th scope="col" className={`${header} text-end`}>
                {t("week.netHours")}
              </th>
            </tr>
          </thead>
          <tbody>
            {DAYS.map((day) => (
              <tr key={day} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className={`${cell} font-medium`}>
                  {locale === "en-GB" ? (
                    dayLabel(day, t)
                  ) : (
                    <abbr title={dayLabel(day, t)} className="no-underline">
                      {weekdayShortIn(locale, day)}
                    </abbr>
                  )}
                </th>
                <td className={cell}>{text(form, `${day}Start`) || "—"}</td>
                <td className={cell}>{text(form, `${day}Finish`) || "—"}</td>
                <td className={cell}>
                  {text(form, `${day}Start`) ? text(form, `${day}Break`) || "30" : "—"}
                </td>
                <td className={`${cell} text-end`}>{formatHoursIn(locale, dayNetHours(form, day))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4} className={`${cell} text-end`}>
                {t("week.totalHours")}
              </th>
              <td className={`${cell} text-end font-bold`}>{formatHoursIn(locale, weeklyTotal(form))}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {text(form, "breakdownNotes") ? (
        <p className="mt-3">
          <span className="font-medium">{`${t("week.breakdown")}: `}</span>
          {text(form, "breakdownNotes")}
        </p>
      ) : null}
    </CardSection>
  );
}

/** The rest of a combined set: each check sheet with its signatures, then the client's and foreman's sign-off. */
function SetSections({
  checkSheets,
  approval,
  token,
}: {
  checkSheets: FormData[];
  approval: SupervisorApproval | null;
  token: string | null;
}) {
  const { locale, t } = useTranslator();
  const byDate = [...checkSheets].sort((a, b) => text(a, "checkDate").localeCompare(text(b, "checkDate")));
  return (
    <>
      {byDate.map((sheet) => (
        <div key={text(sheet, "id")} className="space-y-4">
          <CheckList
            form={sheet}
            token={token}
            title={t("completed.dailyChecksOn", {
              date: formatShortDateIn(locale, text(sheet, "checkDate")),
            })}
          />
          <Signatures
            form={sheet}
            token={token}
            countersigner="supervisor"
            title={t("completed.checkSheetSignaturesOn", {
              date: formatShortDateIn(locale, text(sheet, "checkDate")),
            })}
          />
        </div>
      ))}
      {approval ? (
        <CardSection title={t("completed.supervisorApproval")}>
          <div className="grid gap-4 sm:grid-cols-2">
            {[
              {
                role: t("completed.clientRepresentative"),
                name: approval.clientName,
                image: approval.clientSignature,
              },
              { role: t("completed.foreman"), name: approval.foremanName, image: approval.foremanSignature },
            ].map((signer) => (
              <figure key={signer.role}>
                <img
                  src={imageSrc(signer.image, token)}
                  alt={t("completed.signatureAlt", { role: signer.role, name: signer.name })}
                  className="h-24 w-full rounded-md border border-slate-200 bg-white object-contain dark:border-slate-700"
                />
                <figcaption className="mt-1">
                  <span className="font-medium">{signer.role}:</span> {signer.name}
                </figcaption>
              </figure>
            ))}
          </div>
          <p className="mt-3">
            <span className="font-medium">{`${t("formStatus.approved")}: `}</span>
            {formatShortDateIn(locale, approval.approvedAt.slice(0, 10))}
          </p>
        </CardSection>
      ) : null}
    </>
  );
}

/** An off-hire note's meter, fuel, collection reference, damage and photos. */
function OffHireCondition({ form, token }: { form: FormData; token: string | null }) {
  const t = useT();
  return (
    <CardSection title={t("offHire.conditionHeading")}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {(["meterReading", "fuelLevel", "collectionReference"] as const).map((field) => (
          <LabelledValue key={field} label={shortFieldLabel(field, t)} value={text(form, field)} />
        ))}
      </dl>
      <p className="mt-3">
        <span className="font-medium">{`${fieldLabel("damageNotes", t)}: `}</span>
        {text(form, "damageNotes") || t("pdf.noDamageNoted")}
      </p>
      <PhotoList form={form} token={token} />
    </CardSection>
  );
}

/** A form's photos under their count. */
function PhotoList({ form, token }: { form: FormData; token: string | null }) {
  const t = useT();
  const photos = photoUrlsOf({
    photos: Array.isArray(form.photos) ? form.photos.filter(isString) : [],
    photoURLs: Array.isArray(form.photoURLs) ? form.photoURLs.filter(isString) : [],
  });
  return (
    <>
      <h3 className="mt-4 mb-2 font-bold">{photoCountLabel(photos.length, t)}</h3>
      {photos.length > 0 ? (
        <ul aria-label={t("completed.equipmentPhotos")} className="grid grid-cols-2 gap-2">
          {photos.map((url, index) => (
            <li key={url}>
              <PhotoThumbnail
                url={imageSrc(url, token)}
                alt={t("photoStep.attachmentAlt", { position: index + 1 })}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function CheckList({ form, token, title }: { form: FormData; token: string | null; title?: string }) {
  const t = useT();
  return (
    <CardSection title={title ?? t("completed.dailyChecks")}>
      <ul className="grid grid-cols-2 gap-2">
        {shownItems(form).map((item) => {
          const value = form[item.field] as CheckValue | undefined;
          return (
            <li
              key={item.field}
              className="flex flex-wrap justify-between gap-x-2 rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-800"
            >
              <span className="min-w-0 [overflow-wrap:anywhere]">{shortLabelOf(item, t)}</span>
              <span
                className={value === false ? "font-bold text-red-700 dark:text-red-400" : "font-semibold"}
              >
                {checkValueLabel(value, "ok-defect", t)}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="mt-3">
        <span className="font-medium">{`${t("form.defects")}: `}</span>
        {/* The app's own "No defects noted" is said in the reader's words; anything else as it was typed. */}
        {reportableDefectsNotes(text(form, "defectsNotes")) ?? t("pdf.noDefectsNoted")}
      </p>
      {text(form, "operatorInitials") ? (
        <p className="mt-1">
          <span className="font-medium">{`${fieldLabel("operatorInitials", t)}: `}</span>
          {text(form, "operatorInitials")}
        </p>
      ) : null}
      {givenReadings(form, t).map((reading) => (
        <p key={reading.field} className="mt-1">
          <span className="font-medium">{`${reading.label}: `}</span>
          {reading.value}
        </p>
      ))}
      <PhotoList form={form} token={token} />
    </CardSection>
  );
}

function Signatures({
  form,
  token,
  title,
  countersigner,
}: {
  form: FormData;
  token: string | null;
  title?: string;
  /** Who signs beside the operator: the client on a timesheet, a supervisor on a check sheet. */
  countersigner: "client" | "supervisor";
}) {
  const { locale, t } = useTranslator();
  const signers = [
    {
      role: t("field.operatorSignedName.short"),
      name: text(form, "operatorSignedName"),
      image: text(form, "operatorSignature"),
      drawnAt: text(form, "operatorSignedAt"),
    },
    {
      role: t(countersigner === "client" ? "field.clientSignedName.short" : "checkSheet.summarySupervisor"),
      name: text(form, "clientSignedName"),
      image: text(form, "clientSignature"),
      drawnAt: text(form, "clientSignedAt"),
    },
  ];
  return (
    <CardSection title={title ?? t("pdf.signatures")}>
      <div className="grid gap-4 sm:grid-cols-2">
        {signers.map((signer) => (
          <figure key={signer.role}>
            {signer.image ? (
              <img
                src={imageSrc(signer.image, token)}
                alt={t("completed.signatureAlt", { role: signer.role, name: signer.name })}
                className="h-24 w-full rounded-md border border-slate-200 bg-white object-contain dark:border-slate-700"
              />
            ) : (
              <div className="flex h-24 items-center justify-center rounded-md border border-dashed border-slate-300 text-slate-500">
                {t("pdf.notSigned")}
              </div>
            )}
            <figcaption className="mt-1">
              <span className="font-medium">{signer.role}:</span> {signer.name || "—"}
              {signer.image ? (
                <span className="block text-sm text-slate-600 dark:text-slate-400">
                  {`${t("pdf.signatureDrawn")}: ${formatSignedAt(signer.drawnAt, t)}`}
                </span>
              ) : null}
            </figcaption>
          </figure>
        ))}
      </div>
      <p className="mt-3">
        <span className="font-medium">{`${t("pdf.signatureDate")}: `}</span>
        {formatShortDateIn(locale, text(form, "signatureDate")) || "—"}
      </p>
      <SignedContentFingerprint fingerprint={text(form, "signedContentFingerprint")} />
      <UnprintableNote
        characters={
          Array.isArray(form.unprintableCharacters) ? form.unprintableCharacters.filter(isString) : []
        }
      />
    </CardSection>
  );
}

/** Characters of the form that its PDF cannot print: it shows a box in their place, so a reader knows why. */
function UnprintableNote({ characters }: { characters: string[] }) {
  const t = useT();
  if (characters.length === 0) return null;
  return (
    <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
      {t("completed.unprintable", { count: characters.length })}{" "}
      <span className="font-semibold">{characters.join(" ")}</span>
    </p>
  );
}

/** The fingerprint the form's PDF prints: compared with a copy's, it shows whether the signed content changed. */
function SignedContentFingerprint({ fingerprint }: { fingerprint: string }) {
  const t = useT();
  if (!fingerprint) return null;
  return (
    <div className="mt-3">
      <p className="font-medium">{t("completed.fingerprintTitle")}</p>
      <p className="mt-1 select-all break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm dark:bg-slate-800">
        {fingerprint}
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("completed.fingerprintExplained")}</p>
    </div>
  );
}
