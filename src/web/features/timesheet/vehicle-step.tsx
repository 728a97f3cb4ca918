import { TextField } from "../../components/text-field";
import { VehicleInfoStep } from "../../components/vehicle-info-step";
import type { TimesheetFormApi } from "./use-timesheet-form";

/** Step 2, Vehicle Info & Machine Hours: the machine, from its QR code or typed, and the start readings. */
export function VehicleStep({ form: api }: { form: TimesheetFormApi }) {
  const { state, change, memory } = api;
  const { form } = state;
  return (
    <VehicleInfoStep values={form} onChange={change} memory={memory}>
      <TextField
        label="Machine Hours (Start)"
        value={form.machineHours}
        onValueChange={(machineHours) => change({ machineHours })}
        inputMode="decimal"
        autoComplete="off"
        maxLength={50}
      />
      <TextField
        label="Van Mileage (Start)"
        value={form.vanMileage}
        onValueChange={(vanMileage) => change({ vanMileage })}
        inputMode="numeric"
        autoComplete="off"
        maxLength={50}
      />
    </VehicleInfoStep>
  );
}
