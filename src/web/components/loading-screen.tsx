import LoaderCircle from "lucide-react/icons/loader-circle";
import { useT } from "../lib/i18n";

/** What shows while a screen's code or data is on its way; the label is what screen readers announce. */
export function LoadingScreen({ label }: { label?: string }) {
  const t = useT();
  return (
    <div role="status" className="flex min-h-[40dvh] flex-col items-center justify-center gap-3 p-6">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-amber-600 dark:text-amber-400" />
      <p className="text-slate-700 dark:text-slate-300">{label ?? t("common.loading")}</p>
    </div>
  );
}
