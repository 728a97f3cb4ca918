import { useQueryClient } from "@tanstack/react-query";
import Archive from "lucide-react/icons/archive";
import CircleCheck from "lucide-react/icons/circle-check";
import Hourglass from "lucide-react/icons/hourglass";
import LoaderCircle from "lucide-react/icons/loader-circle";
import MailCheck from "lucide-react/icons/mail-check";
import MailX from "lucide-react/icons/mail-x";
import Plus from "lucide-react/icons/plus";
import QrCode from "lucide-react/icons/qr-code";
import RotateCw from "lucide-react/icons/rotate-cw";
import Save from "lucide-react/icons/save";
import Send from "lucide-react/icons/send";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import Wrench from "lucide-react/icons/wrench";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import {
  FixDefectRequestSchema,
  MAX_FIX_NOTE_LENGTH,
  type VehicleDefect,
  type VehicleState,
  type WorkshopAddress,
  WorkshopRequestSchema,
  type WorkshopResponse,
  workshopState,
} from "../../../domain/checks/vehicle-defects";
import { done, failed, type Outcome, OutcomeNote, Problem } from "../../components/outcome";
import { TextField } from "../../components/text-field";
import { Button, buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths } from "../../lib/app-paths";
import { cn } from "../../lib/cn";
import { failureText } from "../../lib/failure-text";
import { useT, useTranslator } from "../../lib/i18n";
import { formatDateTimeIn, formatShortDateIn } from "../../lib/locale-format";
import { parseRequest } from "../../lib/parse-request";
import { refreshFleet, useFleet } from "./api/organisation-queries";
import { addVehicle, markDefectFixed, resendWorkshopLink, saveWorkshop } from "./api/organisation-requests";
import { ListImport } from "./list-import";
import { RemoveSamples, SampleBadge } from "./sample-lists";
import { VehicleControls } from "./vehicle-controls";
import { NO_VEHICLE, VehicleForm } from "./vehicle-form";

/**
 * The fleet the company uses, for supervisors and admins (decision record 029): vehicles with a defect a driver
 * reported first, retired ones last, each with its history; admins mark a defect fixed with a note and set where
 * alerts are mailed, and add, change, retire and import the company's own vehicles.
 */
export function FleetDefects({ organisationId }: { organisationId: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const fleet = useFleet(organisationId);
  // What the last change of a vehicle of the list came to.
  const [changed, setChanged] = useState<Outcome | null>(null);

  let body: React.ReactNode;
  if (fleet.isPending) body = <p className="p-4 text-slate-700 dark:text-slate-300">{t("fleet.loading")}</p>;
  // A read that fails after one that worked leaves the fleet shown, and a fix note being typed.
  else if (!fleet.data) {
    body = (
      <div className="grid gap-3 p-4">
        <Problem text={failureText(fleet.error)} />
        <Button variant="outline" onClick={() => void fleet.refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t("auth.tryAgain")}
        </Button>
      </div>
    );
  } else {
    const { canManage, ownFleet } = fleet.data;
    // Vehicles with an open defect first: they are what the workshop and the office act on. Retired ones last.
    const vehicles = [...fleet.data.vehicles].sort(
      (a, b) => Number(a.retired) - Number(b.retired) || STATE_ORDER[a.state] - STATE_ORDER[b.state],
    );
    body = (
      <>
        {canManage ? <RemoveSamples organisationId={organisationId} shown={!ownFleet} /> : null}
        {canManage && ownFleet ? (
          <div className="p-4 pb-0">
            <Link
              href={appPaths.qrLabels(organisationId)}
              className={cn(buttonClasses("outline"), "min-h-12 w-full sm:w-auto")}
            >
              <QrCode aria-hidden="true" className="size-4" />
              {t("fleet.printQrLabels")}
            </Link>
          </div>
        ) : null}
        <ul aria-label={t("fleet.vehicles")} className="divide-y divide-slate-200 dark:divide-slate-800">
          {vehicles.map((vehicle) => (
            <li key={vehicle.qrCode} className="grid gap-2 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <p className="min-w-0 flex-1 font-semibold [overflow-wrap:anywhere]">
                  {vehicle.plantNumber}
                  <span className="font-normal text-slate-700 dark:text-slate-300">
                    {" "}
                    · {vehicle.machineNumber}
                  </span>
                </p>
                {ownFleet ? null : <SampleBadge />}
                {vehicle.retired ? <RetiredBadge /> : null}
                <VehicleStateBadge state={vehicle.state} />
              </div>
              {canManage && ownFleet ? (
                <VehicleControls organisationId={organisationId} vehicle={vehicle} onChanged={setChanged} />
              ) : null}
              {vehicle.defects.length > 0 ? (
                <ul aria-label={t("fleet.defectsOf", { plant: vehicle.plantNumber })} className="grid gap-2">
                  {vehicle.defects.map((defect) => (
                    <DefectEntry
                      key={defect.id}
                      organisationId={organisationId}
                      defect={defect}
                      canManage={canManage}
                    />
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <section aria-labelledby="fleet-heading" className="grid gap-3">
      <h3 id="fleet-heading" className="text-lg font-bold">
        {t("fleet.heading")}
      </h3>
      {fleet.data?.canManage ? (
        <>
          <WorkshopSettings
            organisationId={organisationId}
            current={fleet.data.workshop}
            alertsPerHour={fleet.data.alertsPerHour}
          />
          <AddVehicle organisationId={organisationId} />
          <ListImport
            organisationId={organisationId}
            list="fleet"
            onImported={async (outcome) => {
              setChanged(outcome);
              await refreshFleet(queryClient, organisationId);
            }}
          />
        </>
      ) : fleet.data ? (
        <p className="text-slate-700 dark:text-slate-300 [overflow-wrap:anywhere]">
          {t("fleet.workshopForSupervisor", {
            state: !fleet.data.workshop ? "none" : fleet.data.workshop.confirmedAt ? "confirmed" : "waiting",
            email: fleet.data.workshop?.email ?? "",
          })}
        </p>
      ) : null}
      <OutcomeNote outcome={changed} />
      <Card className="p-0">{body}</Card>
    </section>
  );
}

function RetiredBadge() {
  const t = useT();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-3 py-1 text-sm font-semibold text-slate-900 dark:bg-slate-800 dark:text-slate-100">
      <Archive aria-hidden="true" className="size-4" />
      {t("fleet.retired")}
    </span>
  );
}

/** Stood down first, then with a defect open, then the rest: what the workshop and the office act on first. */
const STATE_ORDER: Readonly<Record<VehicleState, number>> = { "stood-down": 0, "defect-reported": 1, ok: 2 };

function VehicleStateBadge({ state }: { state: VehicleState }) {
  const t = useT();
  if (state === "ok")
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
        <CircleCheck aria-hidden="true" className="size-4" />
        {t("fleet.ok")}
      </span>
    );
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold",
        state === "stood-down"
          ? "bg-red-700 text-white dark:bg-red-600"
          : "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
      )}
    >
      <TriangleAlert aria-hidden="true" className="size-4" />
      {state === "stood-down" ? t("fleet.stateStoodDown") : t("fleet.defectReported")}
    </span>
  );
}

/** One report in a vehicle's history: the items, notes, who and when; its fix, or Mark Fixed for an admin. */
function DefectEntry({
  organisationId,
  defect,
  canManage,
}: {
  organisationId: string;
  defect: VehicleDefect;
  canManage: boolean;
}) {
  const { t, locale } = useTranslator();
  const [fixing, setFixing] = useState(false);
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {formatShortDateIn(locale, defect.checkDate)} · {defect.driverName || t("fleet.noName")}
      </p>
      <p className="font-semibold [overflow-wrap:anywhere]">{defect.items.join(", ")}</p>
      {defect.notes ? <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{defect.notes}</p> : null}
      {defect.fixed ? (
        <p className="text-sm text-emerald-900 dark:text-emerald-200 [overflow-wrap:anywhere]">
          {t("fleet.fixed", {
            at: formatDateTimeIn(locale, Date.parse(defect.fixed.at)),
            by: defect.fixed.by,
            note: defect.fixed.note,
          })}
        </p>
      ) : canManage && !fixing ? (
        <Button variant="outline" onClick={() => setFixing(true)}>
          <Wrench aria-hidden="true" className="size-4" />
          {t("fleet.markFixed")}
        </Button>
      ) : null}
      {fixing && !defect.fixed ? (
        <FixForm organisationId={organisationId} defect={defect} onCancel={() => setFixing(false)} />
      ) : null}
    </li>
  );
}

function FixForm({
  organisationId,
  defect,
  onCancel,
}: {
  organisationId: string;
  defect: VehicleDefect;
  onCancel: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  // A local date and time ("2026-11-20T10:00"); blank is now.
  const [fixedAt, setFixedAt] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const at = fixedAt === "" ? undefined : new Date(fixedAt);
    const problem =
      note.trim() === ""
        ? t("fleet.fixNoteRequired")
        : at !== undefined && !(at.getTime() <= Date.now())
          ? t("apiError.fixedInFuture")
          : null;
    const parsed = parseRequest(problem, FixDefectRequestSchema, { note, fixedAt: at?.toISOString() });
    if (parsed.problem !== undefined) {
      setOutcome(failed(parsed.problem));
      return;
    }
    setBusy(true);
    try {
      await markDefectFixed(organisationId, defect.id, parsed.data);
      await refreshFleet(queryClient, organisationId);
    } catch (error) {
      setOutcome(failed(failureText(error)));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <TextField
        label={t("fleet.whatWasDone")}
        value={note}
        onValueChange={setNote}
        maxLength={MAX_FIX_NOTE_LENGTH}
        hint={t("fleet.whatWasDoneHint")}
      />
      <TextField
        label={t("fleet.fixedAt")}
        type="datetime-local"
        value={fixedAt}
        onValueChange={setFixedAt}
        hint={t("fleet.fixedAtHint")}
      />
      <OutcomeNote outcome={outcome} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Save aria-hidden="true" className="size-4" />
          )}
          {busy ? t("auth.saving") : t("fleet.saveFix")}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}

/**
 * Where defect alerts are mailed, and whether the address has confirmed it wants them (decision record 038): a
 * new address is sent a link, and gets nothing until someone there confirms; the admin may send the link again.
 * Blank stops the alerts.
 */
function WorkshopSettings({
  organisationId,
  current,
  alertsPerHour,
}: {
  organisationId: string;
  current: WorkshopAddress | null;
  alertsPerHour: number;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(current?.email ?? "");
  const [busy, setBusy] = useState<"save" | "resend" | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const send = async (action: "save" | "resend", request: () => Promise<WorkshopResponse>) => {
    setBusy(action);
    try {
      const { workshop } = await request();
      setOutcome(
        done(
          action === "resend" && workshop
            ? t("fleet.workshopLinkResent", { email: workshop.email })
            : t("fleet.workshopSaved", {
                state: !workshop ? "none" : workshop.confirmedAt ? "confirmed" : "waiting",
                email: workshop?.email ?? "",
              }),
        ),
      );
      await refreshFleet(queryClient, organisationId);
    } catch (error) {
      setOutcome(failed(failureText(error)));
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRequest(null, WorkshopRequestSchema, { email });
    if (parsed.problem !== undefined) {
      setOutcome(failed(parsed.problem));
      return;
    }
    void send("save", () => saveWorkshop(organisationId, parsed.data));
  };
  const resend = () => void send("resend", () => resendWorkshopLink(organisationId));

  const state = workshopState(current);
  return (
    <Card className="grid gap-3">
      <WorkshopStateNote workshop={current} />
      {current && state !== "confirmed" ? (
        <Button variant="outline" onClick={resend} disabled={busy !== null}>
          {busy === "resend" ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          {busy === "resend"
            ? t("invite.sending")
            : state === "waiting"
              ? t("fleet.sendLinkAgain")
              : t("fleet.sendLink")}
        </Button>
      ) : null}
      <form onSubmit={submit} noValidate className="grid gap-3">
        <TextField
          label={t("fleet.workshopEmail")}
          type="email"
          inputMode="email"
          autoComplete="off"
          value={email}
          onValueChange={setEmail}
          aria-invalid={outcome?.ok === false}
          hint={t("fleet.workshopHint", { perHour: alertsPerHour })}
        />
        <OutcomeNote outcome={outcome} />
        <Button type="submit" disabled={busy !== null}>
          {busy === "save" ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Save aria-hidden="true" className="size-4" />
          )}
          {busy === "save" ? t("auth.saving") : t("fleet.saveWorkshop")}
        </Button>
      </form>
    </Card>
  );
}

/** Whether alerts reach the workshop address: confirmed, waiting for its confirmation, or none set. */
function WorkshopStateNote({ workshop }: { workshop: WorkshopAddress | null }) {
  const { t, locale } = useTranslator();
  const state = workshopState(workshop);
  const text =
    !workshop || state === "none"
      ? t("fleet.workshopNone")
      : state === "confirmed"
        ? t("fleet.workshopConfirmed", { email: workshop.email })
        : state === "waiting"
          ? t("fleet.workshopWaiting", {
              email: workshop.email,
              sentAt: formatDateTimeIn(locale, Date.parse(workshop.linkSentAt ?? "")),
            })
          : t("fleet.workshopNoLink", { email: workshop.email });
  const Icon = state === "confirmed" ? MailCheck : state === "none" ? MailX : Hourglass;
  return (
    <p
      className={cn(
        "flex gap-2 rounded-lg border p-3",
        state === "confirmed"
          ? "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
          : "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
      )}
    >
      <Icon aria-hidden="true" className="mt-1 size-4 shrink-0" />
      <span className="min-w-0 [overflow-wrap:anywhere]">{text}</span>
    </p>
  );
}

/** An admin adds a machine to the company's own fleet: its QR label's code, plant number and check list. */
function AddVehicle({ organisationId }: { organisationId: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="size-4" />
        {t("fleet.addVehicle")}
      </Button>
    );
  }
  return (
    <Card>
      <VehicleForm
        name={t("fleet.addVehicle")}
        initial={NO_VEHICLE}
        submitLabel={t("fleet.addToFleet")}
        busyLabel={t("fleet.adding")}
        icon={Plus}
        clearWhenSent
        send={async (vehicle) => {
          await addVehicle(organisationId, vehicle);
          await refreshFleet(queryClient, organisationId);
          return t("fleet.vehicleAdded", { plant: vehicle.plantNumber });
        }}
        onClose={() => setOpen(false)}
      />
    </Card>
  );
}
