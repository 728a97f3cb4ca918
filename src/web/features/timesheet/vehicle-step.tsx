import { QrScanner } from "../../components/qr-scanner";
import { TextField } from "../../components/text-field";
import { Card } from "../../components/ui/card";
import type { TimesheetFormApi } from "./use-timesheet-form";

/** Step 2, Vehicle Info & Machine Hours: the machine, from its QR code or typed, and the start readings. */
export function VehicleStep({ form: api }: { form: TimesheetFormApi }) {
  const { state, change, memory } = api;
  const { form } = state;
  return (
    <div className="space-y-4">
      <QrScanner
        onVehicle={(vehicle) =>
          change({ machineNumber: vehicle.machineNumber, plantNumber: vehicle.plantNumber })
        }
      />
      <Card className="space-y-5">
        <TextField
          label="Machine/Vehicle Type"
          value={form.machineNumber}
          onValueChange={(machineNumber) => change({ machineNumber })}
          suggestions={memory.machineTypes}
          autoComplete="off"
          maxLength={200}
        />
        <TextField
          label="Plant/Registration Number"
          value={form.plantNumber}
          onValueChange={(plantNumber) => change({ plantNumber })}
          suggestions={memory.plantNumbers}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={200}
        />
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
      </Card>
    </div>
  );
}
