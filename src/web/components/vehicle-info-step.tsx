import type { ReactNode } from "react";
import type { FormMemory } from "../../domain/form-memory";
import { fieldLabel } from "../../domain/forms/field-labels";
import { QrScanner } from "./qr-scanner";
import { TextField } from "./text-field";
import { Card } from "./ui/card";

export interface VehicleValues {
  machineNumber: string;
  plantNumber: string;
}

interface VehicleInfoStepProps {
  values: VehicleValues;
  onChange: (fields: Partial<VehicleValues>) => void;
  memory: FormMemory;
  /** Fields a form adds under the machine's, e.g. the timesheet's start readings. */
  children?: ReactNode;
}

/** Step 2 of both wizards: the machine, from its QR code or typed. */
export function VehicleInfoStep({ values, onChange, memory, children }: VehicleInfoStepProps) {
  return (
    <div className="space-y-4">
      <QrScanner
        onVehicle={(vehicle) =>
          onChange({ machineNumber: vehicle.machineNumber, plantNumber: vehicle.plantNumber })
        }
      />
      <Card className="space-y-5">
        <TextField
          label={fieldLabel("machineNumber")}
          value={values.machineNumber}
          onValueChange={(machineNumber) => onChange({ machineNumber })}
          suggestions={memory.machineTypes}
          autoComplete="off"
          maxLength={200}
        />
        <TextField
          label={fieldLabel("plantNumber")}
          value={values.plantNumber}
          onValueChange={(plantNumber) => onChange({ plantNumber })}
          suggestions={memory.plantNumbers}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={200}
        />
        {children}
      </Card>
    </div>
  );
}
