import { Card } from "./ui/card";

/** The steps a wizard will walk through, listed so the driver knows what the form asks for. */
export function FormStepsOutline({ steps }: { steps: readonly string[] }) {
  return (
    <Card>
      <h2 className="text-lg font-bold">{steps.length} steps</h2>
      <ol className="mt-3 space-y-2">
        {steps.map((step, index) => (
          <li key={step} className="flex items-center gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-200 font-bold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
              {index + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
      <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-400/10 dark:text-amber-100">
        The form steps are not built yet in this version of Plant Sheets.
      </p>
    </Card>
  );
}
