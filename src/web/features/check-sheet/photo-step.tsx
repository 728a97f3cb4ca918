import { Camera, X } from "lucide-react";
import { useState } from "react";
import { MAX_PHOTOS } from "../../../domain/constants";
import { type PhotoFile, photoCountLabel } from "../../../domain/photos";
import { PhotoThumbnail } from "../../components/photo-thumbnail";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { PhotoUploadDialog } from "./photo-upload-dialog";
import type { CheckSheetFormApi } from "./use-check-sheet-form";

/** Step 4, Photo Documentation: the guidelines, the photos attached, and the upload dialog. */
export function PhotoStep({ form: api }: { form: CheckSheetFormApi }) {
  const { state, dispatch, photoFiles, notePhotoFile } = api;
  const { photos } = state.form;
  const [open, setOpen] = useState(false);
  // Photos attached before this visit (an opened draft) count towards the limit, with nothing to compare.
  const attached: PhotoFile[] = photos.map((url) => photoFiles[url] ?? { name: url, size: -1, type: "" });

  return (
    <div className="space-y-4">
      <Card className="space-y-3">
        <h3 className="text-lg font-bold">Photo guidelines</h3>
        <ul className="list-disc space-y-1 pl-5 text-slate-800 dark:text-slate-200">
          <li>Take the whole machine from each side, then close-ups of any damage or defect.</li>
          <li>Photograph the condition before and after the hire: it protects you against damage charges.</li>
          <li>Use good light and hold the phone steady.</li>
          <li>{`Up to ${MAX_PHOTOS} photos, 10 MB each. Photos are uploaded when you tap Upload.`}</li>
        </ul>
        <Button
          size="lg"
          className="w-full"
          disabled={photos.length >= MAX_PHOTOS}
          onClick={() => setOpen(true)}
        >
          <Camera aria-hidden="true" className="size-5" />
          Add Equipment Photos
        </Button>
      </Card>

      <Card className="space-y-3">
        <p aria-live="polite" className="font-semibold">
          {photoCountLabel(photos.length)}
        </p>
        {photos.length > 0 ? (
          <ul aria-label="Attached photos" className="grid grid-cols-2 gap-3">
            {photos.map((url, index) => (
              <li key={url} className="relative">
                <PhotoThumbnail url={url} alt={`Equipment, attachment ${index + 1}`} />
                <Button
                  variant="outline"
                  size="icon"
                  className="absolute top-1.5 right-1.5 rounded-full"
                  aria-label={`Remove photo ${index + 1}`}
                  onClick={() => dispatch({ type: "removePhoto", url })}
                >
                  <X aria-hidden="true" className="size-5" />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">No photos yet. Photos are optional.</p>
        )}
      </Card>

      {open ? (
        <PhotoUploadDialog
          open={open}
          onOpenChange={setOpen}
          attached={attached}
          onUploaded={(url, file) => {
            notePhotoFile(url, file);
            dispatch({ type: "addPhoto", url });
          }}
        />
      ) : null}
    </div>
  );
}
