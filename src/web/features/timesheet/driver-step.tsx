import { CalendarDays } from "lucide-react";
import { formatDisplayDate } from "../../../domain/iso-date";
import { nextSaturday, weekEndingAdvice } from "../../../domain/week-ending";
import { DriverCompanyStep } from "../../components/driver-company-step";
import { FormStartSummary } from "../../components/form-start-summary";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import type { TimesheetFormApi } from "./use-timesheet-form";

/** Step 1, Driver & Company Info: the week, who the driver works for and where. */
export function DriverStep({ form: api }: { form: TimesheetFormApi }) {
  const { state, change, memory, dispatch } = api;
  const { form } = state;
  const advice = weekEndingAdvice(form.weekEnding);
  const saturday = advice ? nextSaturday(form.weekEnding) : null;

  return (
    <DriverCompanyStep
      values={form}
      onChange={change}
      memory={memory}
      onUseLastEntry={() => dispatch({ type: "useLastEntry", memory })}
      job={
        <FormStartSummary
          form="timesheet"
          start={{ customerId: form.customerId || null, orderNumber: form.orderNumber || null }}
        />
      }
      dateField={
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
      }
    />
  );
}
