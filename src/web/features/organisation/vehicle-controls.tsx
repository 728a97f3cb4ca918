import { useQueryClient } from "@tanstack/react-query";
import Archive from "lucide-react/icons/archive";
import ArchiveRestore from "lucide-react/icons/archive-arrow-up";
import LoaderCircle from "lucide-react/icons/loader-circle";
import Pencil from "lucide-react/icons/pencil";
import Save from "lucide-react/icons/save";
import { useState } from "react";
import type { FleetResponse } from "../../../domain/checks/vehicle-defects";
import { done, failed, type Outcome, OutcomeNote } from "../../components/outcome";
import { Button } from "../../components/ui/button";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { refreshFleet } from "./api/organisation-queries";
import { retireVehicle, saveVehicle } from "./api/organisation-requests";
import { VehicleForm } from "./vehicle-form";

type FleetVehicle = FleetResponse["vehicles"][number];

/**
 * An admin's controls of one machine of the company's own fleet: change it (by the rules of adding one), retire it
 * (off the drivers' lists, kept with its history) or return it to service. What came of it is said by the list
 * (`onChanged`), as a changed QR code makes the machine a new entry of it.
 */
export function VehicleControls({
  organisationId,
  vehicle,
  onChanged,
}: {
  organisationId: string;
  vehicle: FleetVehicle;
  onChanged: (outcome: Outcome) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Outcome | null>(null);

  const retire = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await retireVehicle(organisationId, vehicle.qrCode, !vehicle.retired);
      onChanged(
        done(
          t("vehicle.retiredDone", { plant: vehicle.plantNumber, retired: vehicle.retired ? "no" : "yes" }),
        ),
      );
      await refreshFleet(queryClient, organisationId);
    } catch (error) {
      setProblem(failed(failureText(error)));
    } finally {
      setBusy(false);
    }
  };

  if (editing) {
    return (
      <VehicleForm
        name={t("vehicle.editName", { plant: vehicle.plantNumber })}
        initial={vehicle}
        submitLabel={t("vehicle.saveChanges")}
        busyLabel={t("auth.saving")}
        icon={Save}
        send={async (changed) => {
          await saveVehicle(organisationId, vehicle.qrCode, changed);
          const said = t("vehicle.saved", { plant: changed.plantNumber });
          setEditing(false);
          onChanged(done(said));
          await refreshFleet(queryClient, organisationId);
          return said;
        }}
        onClose={() => setEditing(false)}
      />
    );
  }
  return (
    <div className="grid gap-2">
      <OutcomeNote outcome={problem} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setEditing(true)} disabled={busy}>
          <Pencil aria-hidden="true" className="size-4" />
          {t("vehicle.edit")}
          <span className="sr-only"> {vehicle.plantNumber}</span>
        </Button>
        <Button variant="outline" onClick={() => void retire()} disabled={busy}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : vehicle.retired ? (
            <ArchiveRestore aria-hidden="true" className="size-4" />
          ) : (
            <Archive aria-hidden="true" className="size-4" />
          )}
          {vehicle.retired ? t("vehicle.returnToService") : t("vehicle.retire")}
          <span className="sr-only"> {vehicle.plantNumber}</span>
        </Button>
      </div>
    </div>
  );
}
