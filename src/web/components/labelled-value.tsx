/** One label and its value in a definition list (`<dl>`), a dash for a value left empty. */
export function LabelledValue({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words">{value || "—"}</dd>
    </>
  );
}
