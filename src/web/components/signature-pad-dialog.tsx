import Eraser from "lucide-react/icons/eraser";
import { useEffect, useRef, useState } from "react";
import SignaturePad from "signature_pad";
import { SIGNATURE_COLOR, SIGNATURE_LINE_WIDTH } from "../../domain/forms/constants";
import { useT } from "../lib/i18n";
import { signatureDataUrl } from "../lib/signature-png";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./ui/dialog";

interface SignaturePadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Operator Signature', 'Client Signature', ... */
  title: string;
  /** Who is signing, shown so the right person takes the phone. */
  signerName: string;
  /** The drawn signature as a small PNG data URL, and when its last stroke ended (ISO-8601, the phone's clock). */
  onSave: (dataUrl: string, drawnAt: string) => void;
}

/**
 * Sizes the canvas's pixels to its on-screen size times the device pixel ratio, so strokes are sharp on a
 * phone and land under the finger; what was already drawn is kept through rotation and dialog resizes.
 */
function fitCanvas(canvas: HTMLCanvasElement, pad: SignaturePad): void {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  const width = Math.round(canvas.offsetWidth * ratio);
  const height = Math.round(canvas.offsetHeight * ratio);
  if (width === 0 || height === 0 || (canvas.width === width && canvas.height === height)) return;
  const strokes = pad.toData();
  canvas.width = width;
  canvas.height = height;
  canvas.getContext("2d")?.scale(ratio, ratio);
  pad.clear();
  pad.fromData(strokes);
}

/** The pad and the canvas it draws on. */
interface Drawing {
  pad: SignaturePad;
  canvas: HTMLCanvasElement;
}

/** Reports the pad on every finished stroke (and once at the start), with when that stroke ended. */
function SignatureCanvas({ onChange }: { onChange: (drawing: Drawing, strokeEndedAt?: string) => void }) {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, {
      // signature_pad's widths are radii: 1 gives the spec's 2 px line, the same at every speed.
      minWidth: SIGNATURE_LINE_WIDTH / 2,
      maxWidth: SIGNATURE_LINE_WIDTH / 2,
      penColor: SIGNATURE_COLOR,
    });
    const changed = () => onChange({ pad, canvas }, new Date().toISOString());
    pad.addEventListener("endStroke", changed);
    fitCanvas(canvas, pad);
    const observer = new ResizeObserver(() => fitCanvas(canvas, pad));
    observer.observe(canvas);
    onChange({ pad, canvas });
    return () => {
      observer.disconnect();
      pad.removeEventListener("endStroke", changed);
      pad.off();
    };
  }, [onChange]);

  return (
    <canvas
      ref={canvasRef}
      aria-label={t("signaturePad.canvasLabel")}
      // White in both themes: the ink is black, as on the signed paper form.
      className="block h-56 w-full touch-none rounded-lg border-2 border-dashed border-slate-400 bg-white"
    />
  );
}

/** The tap-to-sign pad: draw, then save a small PNG. Save stays disabled until something is drawn. */
export function SignaturePadDialog({
  open,
  onOpenChange,
  title,
  signerName,
  onSave,
}: SignaturePadDialogProps) {
  const t = useT();
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  const [empty, setEmpty] = useState(true);
  const [lastStrokeEndedAt, setLastStrokeEndedAt] = useState("");
  const [saving, setSaving] = useState(false);
  // Stable, so the canvas effect does not re-create the pad on every render.
  const [trackPad] = useState(() => (next: Drawing, strokeEndedAt?: string) => {
    setDrawing(next);
    setEmpty(next.pad.isEmpty());
    if (strokeEndedAt) setLastStrokeEndedAt(strokeEndedAt);
  });

  const clear = () => {
    drawing?.pad.clear();
    setEmpty(true);
    setLastStrokeEndedAt("");
  };

  const save = async () => {
    if (!drawing || drawing.pad.isEmpty() || saving) return;
    setSaving(true);
    // The signature was drawn when its last stroke ended, not when Save was tapped.
    const drawnAt = lastStrokeEndedAt || new Date().toISOString();
    const dataUrl = await signatureDataUrl(drawing.canvas).catch(() => drawing.pad.toDataURL("image/png"));
    setSaving(false);
    onSave(dataUrl, drawnAt);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {signerName.trim() !== ""
              ? t("signaturePad.instructionsNamed", { name: signerName.trim() })
              : t("signaturePad.instructions")}
          </DialogDescription>
        </DialogHeader>
        <SignatureCanvas onChange={trackPad} />
        <div className="grid grid-cols-2 gap-2">
          <Button className="col-span-2" onClick={save} disabled={empty || saving}>
            {t("signaturePad.save")}
          </Button>
          <Button variant="outline" onClick={clear} disabled={empty}>
            <Eraser aria-hidden="true" className="size-5" />
            {t("signature.clear")}
          </Button>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
