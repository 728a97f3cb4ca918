import Printer from "lucide-react/icons/printer";
import { useEffect, useMemo, useState } from "react";
import { useParams } from "wouter";
import { type QrLabel, qrLabelsOf } from "../../../domain/checks/qr-labels";
import { LoadingScreen } from "../../components/loading-screen";
import { Problem } from "../../components/outcome";
import { ScreenLayout } from "../../components/screen-layout";
import { Button } from "../../components/ui/button";
import { appPaths } from "../../lib/app-paths";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { useMyOrganisation } from "../../lib/use-my-organisation";
import { useFleet } from "./api/organisation-queries";

// What the scanner reads: the machine's code as printed, large enough to read from a metre on a phone.
const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 1, width: 240 } as const;

/**
 * A sheet of QR labels for the company's fleet, made by the app: each machine drivers can scan, its QR code, code
 * and plant number, laid out to print (the buttons do not print) and cut along the lines.
 */
export function QrLabelsPage() {
  const { organisationId = "" } = useParams<{ organisationId: string }>();
  const t = useT();
  const fleet = useFleet(organisationId);
  const organisation = useMyOrganisation();
  const labels = useMemo(() => qrLabelsOf(fleet.data?.vehicles ?? []), [fleet.data]);
  const [images, setImages] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    import("qrcode")
      .then(async (qr) => {
        const made: Record<string, string> = {};
        for (const label of labels) made[label.qrCode] = await qr.toDataURL(label.qrCode, QR_OPTIONS);
        if (current) setImages(made);
      })
      .catch((error: unknown) => current && setProblem(failureText(error)));
    return () => {
      current = false;
    };
  }, [labels]);

  const company = organisation.data?.organisation?.name ?? "";
  const back = { href: appPaths.home("company"), label: t("company.backToCompany") };
  if (fleet.isPending) return <LoadingScreen />;
  return (
    <ScreenLayout title={t("qrLabels.title", { company })} back={back} wide>
      <div className="grid gap-4 print:hidden">
        <p className="text-slate-700 dark:text-slate-300">{t("qrLabels.hint")}</p>
        {fleet.isError ? <Problem text={failureText(fleet.error)} /> : null}
        {problem ? <Problem text={problem} /> : null}
        <Button
          className="min-h-12 w-full sm:w-auto"
          disabled={labels.length === 0}
          onClick={() => window.print()}
        >
          <Printer aria-hidden="true" className="size-5" />
          {t("qrLabels.print")}
        </Button>
      </div>
      {labels.length === 0 && fleet.isSuccess ? <p className="mt-4">{t("qrLabels.none")}</p> : null}
      <ul
        aria-label={t("qrLabels.title", { company })}
        className="mt-4 grid grid-cols-2 gap-0 sm:grid-cols-3 print:mt-0 print:grid-cols-3"
      >
        {labels.map((label) => (
          <Label key={label.qrCode} label={label} image={images[label.qrCode]} />
        ))}
      </ul>
    </ScreenLayout>
  );
}

/** One label: black on white whatever the theme, as it is printed; the plant number large, the code under it. */
function Label({ label, image }: { label: QrLabel; image: string | undefined }) {
  const t = useT();
  return (
    <li className="grid break-inside-avoid justify-items-center gap-1 border border-dashed border-slate-400 bg-white p-3 text-center text-black">
      {image ? (
        <img
          src={image}
          alt={t("qrLabels.alt", { plant: label.plantNumber })}
          className="aspect-square w-full max-w-40 [image-rendering:pixelated]"
        />
      ) : (
        <div className="aspect-square w-full max-w-40" />
      )}
      <p className="text-xl font-bold [overflow-wrap:anywhere]">{label.plantNumber}</p>
      <p className="font-mono text-sm [overflow-wrap:anywhere]">{label.qrCode}</p>
      {label.machineNumber ? <p className="text-sm [overflow-wrap:anywhere]">{label.machineNumber}</p> : null}
    </li>
  );
}
