import type { LucideIcon } from "lucide-react";
import LoaderCircle from "lucide-react/icons/loader-circle";
import { type FormEvent, useId, useState } from "react";
import {
  MAX_LIST_TEXT_LENGTH,
  type NewFleetVehicle,
  NewFleetVehicleSchema,
} from "../../../domain/company/company-lists";
import {
  CHECK_TEMPLATES,
  checkTemplateName,
  DEFAULT_CHECK_TEMPLATE,
} from "../../../domain/forms/check-templates";
import { shortFieldLabel } from "../../../domain/forms/field-labels";
import { done, failed, type Outcome, OutcomeNote } from "../../components/outcome";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { TEXT_BOX_CLASSES } from "../../components/ui/with-classes";
import { cn } from "../../lib/cn";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { parseRequest } from "../../lib/parse-request";

/** A vehicle as its form holds it while typed. */
export type VehicleDraft = Record<keyof NewFleetVehicle, string>;

export const NO_VEHICLE: VehicleDraft = {
  qrCode: "",
  plantNumber: "",
  machineNumber: "",
  vehicleType: "",
  description: "",
  checkTemplate: DEFAULT_CHECK_TEMPLATE.id,
};

interface VehicleFormProps {
  /** The form's name, read out by screen readers ("Add Vehicle", "Edit AX-9"). */
  name: string;
  initial: VehicleDraft;
  submitLabel: string;
  busyLabel: string;
  icon: LucideIcon;
  /** Sends the vehicle as the rules of adding one read it; answers what to say of it. Throws on a refusal. */
  send: (vehicle: NewFleetVehicle) => Promise<string>;
  /** Empties the form once sent, for the next vehicle. */
  clearWhenSent?: boolean;
  onClose: () => void;
}

/**
 * A machine of the company's fleet as an admin types it, to add one or change one: the code on its QR label, plant
 * number, machine, type, daily check list and description, checked by the rules the server applies.
 */
export function VehicleForm({
  name,
  initial,
  submitLabel,
  busyLabel,
  icon: Icon,
  send,
  clearWhenSent = false,
  onClose,
}: VehicleFormProps) {
  const t = useT();
  const [vehicle, setVehicle] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const templateId = useId();
  const field = (key: keyof VehicleDraft) => (value: string) =>
    setVehicle((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRequest(null, NewFleetVehicleSchema, vehicle);
    if (parsed.problem !== undefined) {
      setOutcome(failed(parsed.problem));
      return;
    }
    setBusy(true);
    try {
      setOutcome(done(await send(parsed.data)));
      if (clearWhenSent) setVehicle(NO_VEHICLE);
    } catch (error) {
      setOutcome(failed(failureText(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={name} className="grid gap-3">
      <TextField
        label={t("vehicle.qrCode")}
        value={vehicle.qrCode}
        onValueChange={field("qrCode")}
        maxLength={MAX_LIST_TEXT_LENGTH}
      />
      <TextField
        label={shortFieldLabel("plantNumber", t)}
        value={vehicle.plantNumber}
        onValueChange={field("plantNumber")}
        maxLength={MAX_LIST_TEXT_LENGTH}
      />
      <TextField
        label={shortFieldLabel("machineNumber", t)}
        value={vehicle.machineNumber}
        onValueChange={field("machineNumber")}
        maxLength={MAX_LIST_TEXT_LENGTH}
      />
      <TextField
        label={t("vehicle.type")}
        value={vehicle.vehicleType}
        onValueChange={field("vehicleType")}
        maxLength={MAX_LIST_TEXT_LENGTH}
      />
      <div>
        <Label htmlFor={templateId}>{t("vehicle.checkList")}</Label>
        <select
          id={templateId}
          value={vehicle.checkTemplate}
          onChange={(event) => field("checkTemplate")(event.currentTarget.value)}
          className={cn(...TEXT_BOX_CLASSES, "min-h-12")}
        >
          {CHECK_TEMPLATES.map((template) => (
            <option key={template.id} value={template.id}>
              {checkTemplateName(template, t)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t("vehicle.description")}
        value={vehicle.description}
        onValueChange={field("description")}
        maxLength={2000}
      />
      <OutcomeNote outcome={outcome} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Icon aria-hidden="true" className="size-4" />
          )}
          {busy ? busyLabel : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
          {t("common.close")}
        </Button>
      </div>
    </form>
  );
}
