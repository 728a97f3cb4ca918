import { CalendarDays, History } from "lucide-react";
import { FORM_MEMORY_LISTS } from "../../../domain/form-memory";
import { formatDisplayDate } from "../../../domain/iso-date";
import { nextSaturday, weekEndingAdvice } from "../../../domain/week-ending";
import { FormStartSummary } from "../../components/form-start-summary";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import type { TimesheetFormApi } from "./use-timesheet-form";

/** Step 1, Driver & Company Info: the week, who the driver works for and where. */
export function DriverStep({ form: api }: { form: TimesheetFormApi }) {
  const { state, change, memory, dispatch } = api;
  const { form } = state;
  const advice = weekEndingAdvice(form.weekEnding);
  const saturday = advice ? nextSaturday(form.weekEnding) : null;
  const remembersSomething = FORM_MEMORY_LISTS.some((list) => memory[list].length > 0);

  return (
    <div className="space-y-4">
      <FormStartSummary
        form="timesheet"
        start={{ customerId: form.customerId || null, orderNumber: form.orderNumber || null }}
      />
      <Card className="space-y-5">
        <div>
          <Button
            variant="outline"
            className="w-full"
            disabled={!remembersSomething}
            onClick={() => dispatch({ type: "useLastEntry", memory })}
          >
            <History aria-hidden="true" className="size-5" />
            Use Last Entry
          </Button>
          <p className="mt-1.5 text-sm text-slate-700 dark:text-slate-300">
            {remembersSomething
              ? "Fills the empty fields with what you entered last time."
              : "Your entries are remembered on this phone for next time."}
          </p>
        </div>

        <TextField
          label="Week Ending"
          type="date"
          value={form.weekEnding}
          onValueChange={(weekEnding) => change({ weekEnding })}
          hint={
            advice ? (
              <div className="space-y-2">
                <p className="font-medium text-amber-900 dark:text-amber-200">{advice}</p>
                {saturday ? (
                  <Button variant="outline" onClick={() => change({ weekEnding: saturday })}>
                    <CalendarDays aria-hidden="true" className="size-5" />
                    {`Use Saturday ${formatDisplayDate(saturday)}`}
                  </Button>
                ) : null}
              </div>
            ) : (
              "The Saturday the week ends on."
            )
          }
        />
        <TextField
          label="Company you're driving for"
          value={form.company}
          onValueChange={(company) => change({ company })}
          suggestions={memory.companies}
          autoComplete="organization"
          maxLength={200}
        />
        <TextField
          label="Site Location"
          value={form.siteLocation}
          onValueChange={(siteLocation) => change({ siteLocation })}
          suggestions={memory.siteLocations}
          autoComplete="off"
          maxLength={200}
        />
        <TextField
          label="Company on hire to"
          value={form.clientCompany}
          onValueChange={(clientCompany) => change({ clientCompany })}
          suggestions={memory.clientCompanies}
          autoComplete="off"
          maxLength={200}
        />
        <TextField
          label="Driver Full Name"
          value={form.driverSignedName}
          onValueChange={(driverSignedName) => change({ driverSignedName })}
          suggestions={memory.driverNames}
          autoComplete="name"
          autoCapitalize="words"
          maxLength={200}
        />
      </Card>
    </div>
  );
}
