import CameraOff from "lucide-react/icons/camera-off";
import LoaderCircle from "lucide-react/icons/loader-circle";
import ScanLine from "lucide-react/icons/scan-line";
import Search from "lucide-react/icons/search";
import Sparkles from "lucide-react/icons/sparkles";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { demoQrCode, QrCodeSchema, type Vehicle, VehicleSchema } from "../../domain/checks/vehicle";
import { QR_CAMERA_VIDEO, QR_SCAN_INTERVAL_MS, STORAGE_KEYS } from "../../domain/forms/constants";
import { messages } from "../../domain/text/messages";
import { ApiError, apiRequest } from "../lib/api-client";
import { failureText } from "../lib/failure-text";
import { useT } from "../lib/i18n";
import { localStore } from "../lib/local-store";
import { noticeIn } from "../lib/notice-text";
import { createQrDecoder } from "../lib/qr-decoder";
import { TextField } from "./text-field";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./ui/dialog";
import { toast } from "./ui/use-toast";

type CameraState = "starting" | "preparing" | "scanning" | "unavailable";

interface QrScanDialogProps {
  onClose: () => void;
  /** A code was looked up and names a vehicle. */
  onVehicle: (vehicle: Vehicle) => void;
}

function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Looks a code up on the server; says so when it names no vehicle, or when the lookup itself failed. */
function useVehicleLookup(onVehicle: (vehicle: Vehicle) => void) {
  const t = useT();
  const [looking, setLooking] = useState(false);
  const busy = useRef(false);
  const lookup = useCallback(
    async (code: string): Promise<void> => {
      const parsed = QrCodeSchema.safeParse(code);
      if (!parsed.success || busy.current) return;
      busy.current = true;
      setLooking(true);
      try {
        const reply = await apiRequest<unknown>("GET", `/api/vehicles/qr/${encodeURIComponent(parsed.data)}`);
        const vehicle = VehicleSchema.safeParse(reply);
        if (vehicle.success) onVehicle(vehicle.data);
        else toast({ ...noticeIn(t, messages.vehicleLookupFailed(null)), variant: "destructive" });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          toast({ ...noticeIn(t, messages.qrNotFound), variant: "destructive" });
        } else {
          toast({ ...noticeIn(t, messages.vehicleLookupFailed(failureText(error))), variant: "destructive" });
        }
      } finally {
        busy.current = false;
        setLooking(false);
      }
    },
    [onVehicle, t],
  );
  return { looking, lookup };
}

/**
 * The 'Scan QR Code' dialog, its own chunk so the decoder loads only when a driver opens it. The camera
 * runs while the dialog is open and every track is stopped when it closes; without a camera the driver types
 * the code or uses the demo mode.
 */
/**
 * A demonstration (or a test) of the app: 'Simulate QR Detection' fills in a random demo machine, which a real
 * driver must never be offered. On in development builds, or where the demo-mode flag is set on the device.
 */
function isDemoMode(): boolean {
  return import.meta.env.DEV || localStore.get(STORAGE_KEYS.demoMode) === "true";
}

export function QrScanDialog({ onClose, onVehicle }: QrScanDialogProps) {
  const t = useT();
  // The camera's effect outlives renders; its toast speaks the language of the moment it shows.
  const reader = useRef(t);
  reader.current = t;
  // State, not a ref: the dialog's content mounts a moment after the dialog, and the camera starts then.
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [camera, setCamera] = useState<CameraState>("starting");
  const [manualCode, setManualCode] = useState("");
  const { looking, lookup } = useVehicleLookup(onVehicle);
  // The scanning loop outlives renders; it calls whatever lookup is current.
  const lookupRef = useRef(lookup);
  lookupRef.current = lookup;

  useEffect(() => {
    if (!video) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A code the server did not know is not looked up again while it stays in view.
    let lastCode: string | null = null;

    const scan = async (decode: (source: HTMLVideoElement) => Promise<string | null>) => {
      if (stopped) return;
      try {
        const code = await decode(video);
        if (code !== null && code !== lastCode && !stopped) {
          lastCode = code;
          await lookupRef.current(code);
        }
      } catch (error) {
        // One unreadable frame (the video still starting, a blurred image) is not worth stopping for.
        console.warn("QR frame not read", error);
      }
      if (!stopped) timer = setTimeout(() => void scan(decode), QR_SCAN_INTERVAL_MS);
    };

    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error("This browser has no camera access");
        stream = await navigator.mediaDevices.getUserMedia({ video: QR_CAMERA_VIDEO, audio: false });
        if (stopped) return;
        video.srcObject = stream;
        await video.play();
        setCamera("preparing");
        const decoder = await createQrDecoder();
        if (stopped) return;
        setCamera("scanning");
        void scan((source) => decoder.decode(source));
      } catch (error) {
        if (stopped) return;
        console.warn("QR camera not available", error);
        stopTracks(stream);
        stream = null;
        setCamera("unavailable");
        toast({ ...noticeIn(reader.current, messages.cameraNotAvailable), variant: "destructive" });
      }
    };

    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopTracks(stream);
      video.srcObject = null;
    };
  }, [video]);

  const submitManual = (event: FormEvent) => {
    event.preventDefault();
    void lookup(manualCode);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        onOpenAutoFocus={(event) => {
          // Focus the dialog, not the code field: a keyboard popping up would cover the camera picture.
          event.preventDefault();
          (event.currentTarget as HTMLElement).focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("qr.scan")}</DialogTitle>
          <DialogDescription>{t("qr.dialogDescription")}</DialogDescription>
        </DialogHeader>

        <div className="relative aspect-[4/3] overflow-hidden rounded-lg bg-slate-950">
          <video
            ref={setVideo}
            muted
            playsInline
            aria-label={t("qr.cameraView")}
            className={camera === "unavailable" ? "hidden" : "size-full object-cover"}
          />
          <div
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-white"
          >
            {camera === "starting" || camera === "preparing" ? (
              <>
                <LoaderCircle aria-hidden="true" className="size-8 animate-spin" />
                {camera === "starting" ? t("qr.startingCamera") : t("qr.preparing")}
              </>
            ) : camera === "scanning" ? (
              <>
                <ScanLine aria-hidden="true" className="size-40 text-amber-400/80" strokeWidth={1} />
                <span className="sr-only">{t("qr.scanning")}</span>
              </>
            ) : (
              <>
                <CameraOff aria-hidden="true" className="size-8" />
                {t("qr.cameraUnavailable")}
              </>
            )}
          </div>
        </div>

        <form onSubmit={submitManual} className="space-y-2" noValidate>
          <TextField
            label={t("qr.manualEntry")}
            value={manualCode}
            onValueChange={setManualCode}
            placeholder={t("qr.manualPlaceholder")}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            enterKeyHint="search"
          />
          <Button
            type="submit"
            variant="secondary"
            className="w-full"
            disabled={looking || manualCode.trim() === ""}
          >
            <Search aria-hidden="true" className="size-5" />
            {t("qr.lookUp")}
          </Button>
        </form>

        {isDemoMode() ? (
          <Button variant="outline" disabled={looking} onClick={() => void lookup(demoQrCode(Math.random()))}>
            <Sparkles aria-hidden="true" className="size-5" />
            {t("qr.simulate")}
          </Button>
        ) : null}
        <p aria-live="polite" className="min-h-5 text-center text-sm text-slate-700 dark:text-slate-300">
          {looking ? t("qr.lookingUp") : null}
        </p>
      </DialogContent>
    </Dialog>
  );
}
