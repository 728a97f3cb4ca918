import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import type { FormProblem } from "./auth-failure";

/** A form's one problem, read out as soon as it appears; the spec shows these as a single message. */
export function FormAlert({ problem }: { problem: FormProblem | null }) {
  if (!problem) return null;
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">{problem.message}</p>
        {problem.hint ? <p className="mt-1">{problem.hint}</p> : null}
      </div>
    </div>
  );
}
