import History from "lucide-react/icons/rotate-ccw-clock";
import type { ReactNode } from "react";
import { useT } from "../lib/i18n";
import { FORM_MEMORY_LISTS, type FormMemory } from "../rules/form-memory";
import { type RememberedInput, RememberedTextFields } from "./remembered-text-fields";
import { Button } from "./ui/button";
import { Card } from "./ui/card";

export interface DriverCompanyValues {
  company: string;
  siteLocation: string;
  clientCompany: string;
  driverSignedName: string;
}

interface DriverCompanyStepProps {
  values: DriverCompanyValues;
  onChange: (fields: Partial<DriverCompanyValues>) => void;
  memory: FormMemory;
  /** 'Use Last Entry': fills the empty fields from what this phone remembers. */
  onUseLastEntry: () => void;
  /** The job the form is for (customer and order number), shown above the fields. */
  job: ReactNode;
  /** The form's own date field: the week ending of a timesheet, the check date of a check sheet. */
  dateField: ReactNode;
}

const DRIVER_COMPANY_INPUTS: readonly RememberedInput[] = [
  { list: "companies", autoComplete: "organization" },
  { list: "siteLocations", autoComplete: "off" },
  { list: "clientCompanies", autoComplete: "off" },
  { list: "driverNames", autoComplete: "name", autoCapitalize: "words" },
];

/** Step 1 of both wizards, Driver & Company Info: who the driver works for, where, and on which date. */
export function DriverCompanyStep({
  values,
  onChange,
  memory,
  onUseLastEntry,
  job,
  dateField,
}: DriverCompanyStepProps) {
  const t = useT();
  const remembersSomething = FORM_MEMORY_LISTS.some((list) => memory[list].length > 0);
  return (
    <div className="space-y-4">
      {job}
      <Card className="space-y-5">
        <div>
          <Button
            variant="outline"
            className="w-full"
            disabled={!remembersSomething}
            onClick={onUseLastEntry}
          >
            <History aria-hidden="true" className="size-5" />
            {t("driverStep.useLastEntry")}
          </Button>
          <p className="mt-1.5 text-sm text-slate-700 dark:text-slate-300">
            {remembersSomething ? t("driverStep.fillsEmpty") : t("driverStep.remembered")}
          </p>
        </div>

        {dateField}
        <RememberedTextFields
          inputs={DRIVER_COMPANY_INPUTS}
          values={values}
          onChange={onChange}
          memory={memory}
        />
      </Card>
    </div>
  );
}
