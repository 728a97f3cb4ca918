import LoaderCircle from "lucide-react/icons/loader-circle";
import { useEffect, useState } from "react";
import type { JoinCodeResponse } from "../../../domain/api/api";
import { Problem } from "../../components/outcome";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../components/ui/dialog";
import { failureText } from "../../lib/failure-text";
import { useTranslator } from "../../lib/i18n";
import { formatDateTimeIn } from "../../lib/locale-format";

/**
 * Black on white with the standard four-module quiet zone, drawn large and scaled without smoothing, so a phone
 * camera reads it from across a room; the white stays white in dark mode too.
 */
const QR_OPTIONS = {
  errorCorrectionLevel: "M",
  margin: 4,
  width: 1024,
  color: { dark: "#000000ff", light: "#ffffffff" },
} as const;

/** The join code full screen: its QR code, what it is for, and the link written under it. */
export function JoinCodeScreen({
  code,
  organisationName,
  open,
  onOpenChange,
}: {
  code: JoinCodeResponse;
  organisationName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, locale } = useTranslator();
  const [image, setImage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setImage(null);
    setProblem(null);
    // Only the admin's screen needs the QR encoder: loaded when a code is first shown.
    import("qrcode")
      .then((qr) => qr.toDataURL(code.joinUrl, QR_OPTIONS))
      .then((url) => current && setImage(url))
      .catch((error: unknown) => current && setProblem(failureText(error)));
    return () => {
      current = false;
    };
  }, [code.joinUrl]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="top-0 left-0 h-dvh max-h-dvh w-screen max-w-none translate-x-0 translate-y-0 content-start justify-items-center rounded-none border-0 p-4 sm:p-6">
        <div className="grid w-full max-w-3xl justify-items-center gap-3 pe-10 text-center sm:pe-0">
          <DialogTitle className="text-2xl font-bold break-words sm:text-3xl">
            {t("joinCode.scanToJoin", { name: organisationName })}
          </DialogTitle>
          <DialogDescription className="text-base sm:text-lg">
            {t("joinCode.asRoleUntil", {
              role: code.role,
              date: formatDateTimeIn(locale, Date.parse(code.expiresAt)),
            })}
          </DialogDescription>
        </div>
        <div className="w-full max-w-[min(100%,calc(100dvh-21rem))] min-w-48">
          {image ? (
            <img
              src={image}
              alt={t("joinCode.qrAlt", { name: organisationName, role: code.role })}
              className="aspect-square w-full rounded-lg bg-white [image-rendering:pixelated]"
            />
          ) : problem ? (
            <Problem text={problem} />
          ) : (
            <p role="status" className="flex aspect-square items-center justify-center gap-2">
              <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
              {t("joinCode.drawing")}
            </p>
          )}
        </div>
        <p className="w-full max-w-3xl text-center font-mono text-sm break-all select-all sm:text-base">
          {code.joinUrl}
        </p>
        <p className="w-full max-w-3xl text-center text-sm text-slate-700 dark:text-slate-300">
          {t("joinCode.explained")}
        </p>
        <DialogClose asChild>
          <Button size="lg" className="w-full max-w-sm">
            {t("joinCode.done")}
          </Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
