import CheckCircle2 from "lucide-react/icons/circle-check";
import QrCode from "lucide-react/icons/qr-code";
import { lazy, Suspense, useState } from "react";
import type { Vehicle } from "../../domain/checks/vehicle";
import { useT } from "../lib/i18n";
import { ErrorBoundary } from "./error-boundary";
import { Button } from "./ui/button";
import { Card } from "./ui/card";

// Its own chunk: the camera code and the decoder load only when a driver opens the scanner.
const QrScanDialog = lazy(async () => ({ default: (await import("./qr-scan-dialog")).QrScanDialog }));

/** The QR scanner card of a wizard's vehicle step: opens 'Scan QR Code' and hands back the vehicle found. */
export function QrScanner({ onVehicle }: { onVehicle: (vehicle: Vehicle) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [found, setFound] = useState<Vehicle | null>(null);

  return (
    <Card role="region" aria-label={t("qr.title")} className="space-y-3">
      <h3 className="text-lg font-bold">{t("qr.title")}</h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("qr.intro")}</p>
      <Button variant="secondary" size="lg" className="w-full" onClick={() => setOpen(true)}>
        <QrCode aria-hidden="true" className="size-5" />
        {t("qr.scan")}
      </Button>
      <div aria-live="polite">
        {found ? (
          <p className="flex items-start gap-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t("qr.found", {
              vehicleType: found.vehicleType,
              machineNumber: found.machineNumber,
              plantNumber: found.plantNumber,
            })}
          </p>
        ) : null}
      </div>
      {open ? (
        // A scanner that cannot load (no signal, no cached copy) must not take the form down with it.
        <ErrorBoundary
          name="qr-scanner"
          fallback={() => (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {t("qr.couldNotOpen")}
            </p>
          )}
        >
          <Suspense
            fallback={
              <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
                {t("qr.opening")}
              </p>
            }
          >
            <QrScanDialog
              onClose={() => setOpen(false)}
              onVehicle={(vehicle) => {
                setFound(vehicle);
                onVehicle(vehicle);
                setOpen(false);
              }}
            />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </Card>
  );
}
