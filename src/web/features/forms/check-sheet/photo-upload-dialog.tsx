import Camera from "lucide-react/icons/camera";
import ImagePlus from "lucide-react/icons/image-plus";
import LoaderCircle from "lucide-react/icons/loader-circle";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import Upload from "lucide-react/icons/upload";
import X from "lucide-react/icons/x";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { MAX_PHOTOS } from "../../../../domain/forms/constants";
import { type PhotoFile, photoFileProblem } from "../../../../domain/forms/photos";
import { ProgressBar } from "../../../components/progress-bar";
import { Button, buttonClasses } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { cn } from "../../../lib/cn";
import { failureText } from "../../../lib/failure-text";
import { useT } from "../../../lib/i18n";
import { shrinkPhoto } from "../../../lib/shrink-photo";
import { type PhotoUploadRequest, uploadPhotoThroughOutbox } from "../../../offline/outbox";

interface PendingPhoto {
  key: string;
  file: File;
  preview: string;
}

interface Progress {
  index: number;
  total: number;
}

interface PhotoUploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The photos already on the sheet, for the count and duplicate checks. */
  attached: readonly PhotoFile[];
  /** What the waiting list calls a photo of this sheet, and the sheet's copy on the device it is kept for. */
  keepFor: Omit<PhotoUploadRequest, "photo">;
  /**
   * One photo is uploaded, or kept on the phone to be uploaded with signal: its URL (or the reference to the kept
   * photo) for the sheet, and the file it came from.
   */
  onUploaded: (url: string, file: PhotoFile) => void;
}

function PickButton({
  label,
  icon,
  capture,
  multiple,
  disabled,
  onPick,
}: {
  label: string;
  icon: ReactNode;
  capture?: "environment";
  multiple?: boolean;
  disabled: boolean;
  onPick: (files: File[]) => void;
}) {
  const id = useId();
  return (
    <div>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture={capture}
        multiple={multiple}
        disabled={disabled}
        className="peer sr-only"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Cleared so that picking the same file again still reports it (as a duplicate).
          event.currentTarget.value = "";
          onPick(files);
        }}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonClasses("outline", "lg"),
          "min-h-20 w-full cursor-pointer flex-col gap-1 px-2 text-center leading-tight",
          "peer-focus-visible:ring-4 peer-focus-visible:ring-amber-400",
          "peer-disabled:pointer-events-none peer-disabled:opacity-50",
        )}
      >
        {icon}
        {label}
      </label>
    </div>
  );
}

/**
 * The upload dialog of the photo step: take a photo with the camera or pick some from the gallery, see them,
 * then upload them by hand (spec section 5: upload is manual). Each photo is shrunk on the phone first, then
 * kept there and uploaded through the outbox: without signal it is attached all the same, and uploaded later.
 */
export function PhotoUploadDialog({
  open,
  onOpenChange,
  attached,
  keepFor,
  onUploaded,
}: PhotoUploadDialogProps) {
  const t = useT();
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const counter = useRef(0);
  const previews = useRef(new Set<string>());
  const uploading = progress !== null;

  // Previews are object URLs: let them go when the dialog goes.
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const drop = (photo: PendingPhoto) => {
    URL.revokeObjectURL(photo.preview);
    previews.current.delete(photo.preview);
    setPending((list) => list.filter((p) => p.key !== photo.key));
  };

  const pick = (files: File[]) => {
    const problems: string[] = [];
    const accepted: PendingPhoto[] = [];
    for (const file of files) {
      const problem = photoFileProblem(
        file,
        [...attached, ...pending.map((p) => p.file), ...accepted.map((p) => p.file)],
        t,
      );
      if (problem) {
        problems.push(problem);
        continue;
      }
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      counter.current += 1;
      accepted.push({ key: `photo-${counter.current}`, file, preview });
    }
    setRefusals(problems);
    setFailure(null);
    setPending((list) => [...list, ...accepted]);
  };

  const upload = async () => {
    setFailure(null);
    setRefusals([]);
    const queue = [...pending];
    try {
      for (const [index, photo] of queue.entries()) {
        setProgress({ index, total: queue.length });
        const outcome = await uploadPhotoThroughOutbox({ ...keepFor, photo: await shrinkPhoto(photo.file) });
        if (outcome.kind === "refused") throw outcome.error;
        onUploaded(outcome.kind === "uploaded" ? outcome.url : outcome.ref, {
          name: photo.file.name,
          size: photo.file.size,
          type: photo.file.type,
        });
        drop(photo);
      }
      onOpenChange(false);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setProgress(null);
    }
  };

  const full = attached.length + pending.length >= MAX_PHOTOS;
  const percent = progress ? Math.round((progress.index / progress.total) * 100) : 0;

  return (
    <Dialog open={open} onOpenChange={(next) => (uploading ? undefined : onOpenChange(next))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("photoStep.addPhotos")}</DialogTitle>
          <DialogDescription>{t("photoUpload.description", { max: MAX_PHOTOS })}</DialogDescription>
        </DialogHeader>

        <div className="grid grid-cols-2 gap-3">
          <PickButton
            label={t("photoUpload.takePhoto")}
            icon={<Camera aria-hidden="true" className="size-6" />}
            capture="environment"
            disabled={uploading || full}
            onPick={pick}
          />
          <PickButton
            label={t("photoUpload.chooseFromGallery")}
            icon={<ImagePlus aria-hidden="true" className="size-6" />}
            multiple
            disabled={uploading || full}
            onPick={pick}
          />
        </div>

        {refusals.length > 0 ? (
          <div
            role="alert"
            className="space-y-1 rounded-lg bg-red-50 p-3 text-red-900 dark:bg-red-950/50 dark:text-red-100"
          >
            {refusals.map((problem) => (
              <p key={problem} className="flex items-start gap-2 text-sm font-medium">
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {problem}
              </p>
            ))}
          </div>
        ) : null}

        {pending.length > 0 ? (
          <ul aria-label={t("photoUpload.toUploadList")} className="grid grid-cols-3 gap-2">
            {pending.map((photo, index) => (
              <li key={photo.key} className="relative">
                <img
                  src={photo.preview}
                  alt={t("photoUpload.previewAlt", { position: index + 1, name: photo.file.name })}
                  className="aspect-square w-full rounded-lg object-cover"
                />
                <Button
                  variant="outline"
                  size="icon"
                  className="absolute top-1 end-1 rounded-full"
                  aria-label={t("photoUpload.remove", { name: photo.file.name })}
                  disabled={uploading}
                  onClick={() => drop(photo)}
                >
                  <X aria-hidden="true" className="size-5" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}

        {progress ? (
          <div role="status" className="space-y-1.5">
            <p className="text-sm font-medium">
              {t("photoUpload.progress", {
                position: progress.index + 1,
                total: progress.total,
                ratio: percent / 100,
              })}
            </p>
            <ProgressBar label={t("photoUpload.progressLabel")} percent={percent} />
          </div>
        ) : null}

        {failure ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900 dark:bg-red-950/50 dark:text-red-100"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {failure}
          </p>
        ) : null}

        <div className="grid gap-2">
          <Button size="lg" disabled={pending.length === 0 || uploading} onClick={() => void upload()}>
            {uploading ? (
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <Upload aria-hidden="true" className="size-5" />
            )}
            {pending.length > 0
              ? t("photoUpload.uploadCount", { count: pending.length })
              : t("photoUpload.upload")}
          </Button>
          <Button variant="outline" disabled={uploading} onClick={() => onOpenChange(false)}>
            {pending.length > 0 ? t("common.cancel") : t("photoUpload.done")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
