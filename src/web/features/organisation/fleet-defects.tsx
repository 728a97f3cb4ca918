import { useQueryClient } from "@tanstack/react-query";
import {
  Archive,
  CircleCheck,
  LoaderCircle,
  Plus,
  RotateCw,
  Save,
  TriangleAlert,
  Wrench,
} from "lucide-react";
import { type FormEvent, useState } from "react";
import { companyMessages } from "../../../domain/company-messages";
import { formatDisplayDate } from "../../../domain/iso-date";
import {
  FixDefectRequestSchema,
  MAX_FIX_NOTE_LENGTH,
  type VehicleDefect,
  WorkshopRequestSchema,
} from "../../../domain/vehicle-defects";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { apiRequest } from "../../lib/api-client";
import { failureText } from "../../lib/failure-text";
import { formatDateTime } from "../../lib/format-date-time";
import { parseRequest } from "../../lib/parse-request";
import { ListImport } from "./list-import";
import { done, failed, type Outcome, OutcomeNote, Problem } from "./outcome";
import { refreshFleet, useFleet } from "./use-organisation";
import { VehicleControls } from "./vehicle-controls";
import { NO_VEHICLE, VehicleForm } from "./vehicle-form";

/**
 * The fleet the company uses, for supervisors and admins (decision record 029): vehicles with a defect a driver
 * reported first, retired ones last, each with its history; admins mark a defect fixed with a note and set where
 * alerts are mailed, and add, change, retire and import the company's own vehicles.
 */
export function FleetDefects({ organisationId }: { organisationId: string }) {
  const queryClient = useQueryClient();
  const fleet = useFleet(organisationId);
  // What the last change of a vehicle of the list came to.
  const [changed, setChanged] = useState<Outcome | null>(null);

  let body: React.ReactNode;
  if (fleet.isPending) body = <p className="p-4 text-slate-700 dark:text-slate-300">Loading the fleet...</p>;
  // A read that fails after one that worked leaves the fleet shown, and a fix note being typed.
  else if (!fleet.data) {
    body = (
      <div className="grid gap-3 p-4">
        <Problem text={failureText(fleet.error)} />
        <Button variant="outline" onClick={() => void fleet.refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try Again
        </Button>
      </div>
    );
  } else {
    const { canManage, ownFleet } = fleet.data;
    // Vehicles with an open defect first: they are what the workshop and the office act on. Retired ones last.
    const vehicles = [...fleet.data.vehicles].sort(
      (a, b) =>
        Number(a.retired) - Number(b.retired) ||
        Number(b.state === "defect-reported") - Number(a.state === "defect-reported"),
    );
    body = (
      <ul aria-label="Vehicles" className="divide-y divide-slate-200 dark:divide-slate-800">
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
              {vehicle.retired ? <RetiredBadge /> : null}
              <VehicleStateBadge reported={vehicle.state === "defect-reported"} />
            </div>
            {canManage && ownFleet ? (
              <VehicleControls organisationId={organisationId} vehicle={vehicle} onChanged={setChanged} />
            ) : null}
            {vehicle.defects.length > 0 ? (
              <ul aria-label={`Defects of ${vehicle.plantNumber}`} className="grid gap-2">
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
    );
  }

  return (
    <section aria-labelledby="fleet-heading" className="grid gap-3">
      <h3 id="fleet-heading" className="text-lg font-bold">
        Fleet and Defects
      </h3>
      {fleet.data?.canManage ? (
        <>
          <WorkshopAddress organisationId={organisationId} current={fleet.data.workshopEmail} />
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
        <p className="text-slate-700 dark:text-slate-300">
          Defect alerts go to: {fleet.data.workshopEmail ?? "nobody yet (an admin sets the workshop address)"}
        </p>
      ) : null}
      <OutcomeNote outcome={changed} />
      <Card className="p-0">{body}</Card>
    </section>
  );
}

function RetiredBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-3 py-1 text-sm font-semibold text-slate-900 dark:bg-slate-800 dark:text-slate-100">
      <Archive aria-hidden="true" className="size-4" />
      Retired
    </span>
  );
}

function VehicleStateBadge({ reported }: { reported: boolean }) {
  return reported ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-900 dark:bg-red-950 dark:text-red-100">
      <TriangleAlert aria-hidden="true" className="size-4" />
      Defect reported
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
      <CircleCheck aria-hidden="true" className="size-4" />
      OK
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
  const [fixing, setFixing] = useState(false);
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {formatDisplayDate(defect.checkDate)} · {defect.driverName || "No name given"}
      </p>
      <p className="font-semibold [overflow-wrap:anywhere]">{defect.items.join(", ")}</p>
      {defect.notes ? <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{defect.notes}</p> : null}
      {defect.fixed ? (
        <p className="text-sm text-emerald-900 dark:text-emerald-200 [overflow-wrap:anywhere]">
          Fixed {formatDateTime(Date.parse(defect.fixed.at))} by {defect.fixed.by}: {defect.fixed.note}
        </p>
      ) : canManage && !fixing ? (
        <Button variant="outline" onClick={() => setFixing(true)}>
          <Wrench aria-hidden="true" className="size-4" />
          Mark Fixed
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
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const blank = note.trim() === "" ? companyMessages.fixNoteRequired : null;
    const parsed = parseRequest(blank, FixDefectRequestSchema, { note });
    if (parsed.problem !== undefined) {
      setOutcome(failed(parsed.problem));
      return;
    }
    setBusy(true);
    try {
      await apiRequest(
        "POST",
        `/api/organisations/${organisationId}/defects/${defect.id}/fixed`,
        parsed.data,
      );
      await refreshFleet(queryClient, organisationId);
    } catch (error) {
      setOutcome(failed(failureText(error)));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <TextField
        label="What was done"
        value={note}
        onValueChange={setNote}
        maxLength={MAX_FIX_NOTE_LENGTH}
        hint="Kept in the vehicle's history with your name and the time."
      />
      <OutcomeNote outcome={outcome} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Save aria-hidden="true" className="size-4" />
          )}
          {busy ? "Saving..." : "Save Fix"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Where defect alerts are mailed; blank stops them. */
function WorkshopAddress({ organisationId, current }: { organisationId: string; current: string | null }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(current ?? "");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRequest(null, WorkshopRequestSchema, { email });
    if (parsed.problem !== undefined) {
      setOutcome(failed(parsed.problem));
      return;
    }
    setBusy(true);
    try {
      const answer = await apiRequest<{ workshopEmail: string | null }>(
        "PUT",
        `/api/organisations/${organisationId}/workshop`,
        parsed.data,
      );
      setOutcome(done(companyMessages.workshopSet(answer.workshopEmail)));
      await refreshFleet(queryClient, organisationId);
    } catch (error) {
      setOutcome(failed(failureText(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate className="grid gap-3">
        <TextField
          label="Workshop email for defect alerts"
          type="email"
          inputMode="email"
          autoComplete="off"
          value={email}
          onValueChange={setEmail}
          aria-invalid={outcome?.ok === false}
          hint="A check sheet with a defect on one of these vehicles is mailed here at once. Leave blank to stop."
        />
        <OutcomeNote outcome={outcome} />
        <Button type="submit" disabled={busy}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Save aria-hidden="true" className="size-4" />
          )}
          {busy ? "Saving..." : "Save Workshop Email"}
        </Button>
      </form>
    </Card>
  );
}

/** An admin adds a machine to the company's own fleet: its QR label's code, plant number and check list. */
function AddVehicle({ organisationId }: { organisationId: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="size-4" />
        Add Vehicle
      </Button>
    );
  }
  return (
    <Card>
      <VehicleForm
        name="Add Vehicle"
        initial={NO_VEHICLE}
        submitLabel="Add to Fleet"
        busyLabel="Adding..."
        icon={Plus}
        clearWhenSent
        send={async (vehicle) => {
          await apiRequest("POST", `/api/organisations/${organisationId}/vehicles`, vehicle);
          await refreshFleet(queryClient, organisationId);
          return companyMessages.vehicleAdded(vehicle.plantNumber);
        }}
        onClose={() => setOpen(false)}
      />
    </Card>
  );
}
