import type { ReactNode } from "react";
import type { FormMemory } from "../rules/form-memory";
import { QrScanner } from "./qr-scanner";
import { type RememberedInput, RememberedTextFields } from "./remembered-text-fields";
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

const VEHICLE_INPUTS: readonly RememberedInput[] = [
  { list: "machineTypes", autoComplete: "off" },
  { list: "plantNumbers", autoComplete: "off", autoCapitalize: "characters" },
];

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
        <RememberedTextFields inputs={VEHICLE_INPUTS} values={values} onChange={onChange} memory={memory} />
        {children}
      </Card>
    </div>
  );
}
