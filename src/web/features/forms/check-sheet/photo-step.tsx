import Camera from "lucide-react/icons/camera";
import CloudUpload from "lucide-react/icons/cloud-upload";
import X from "lucide-react/icons/x";
import { useState } from "react";
import { MAX_PHOTOS } from "../../../../domain/forms/constants";
import { type PhotoFile, photoCountLabel } from "../../../../domain/forms/photos";
import { PhotoThumbnail } from "../../../components/photo-thumbnail";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { useT } from "../../../lib/i18n";
import { currentOwner } from "../../../lib/session-store";
import { localFormKey } from "../../../offline/local-forms";
import { useShownPhoto } from "../../../offline/use-local-photo";
import { formFixUrl } from "../wizard/form-paths";
import type { FormWizardApi, WizardFields } from "../wizard/use-form-wizard";
import type { PhotoAction } from "./check-sheet-wizard-api";
import { PhotoUploadDialog } from "./photo-upload-dialog";

// The files the photos came from, by form and URL, so the same photo is not uploaded twice; kept while the app
// runs, as the step comes and goes.
const photoFilesByForm = new Map<string, Record<string, PhotoFile>>();

/** An attached photo: from the server once uploaded, from the phone's own copy until then. */
function AttachedPhoto({ url, alt }: { url: string; alt: string }) {
  const t = useT();
  const { source, waitingToUpload } = useShownPhoto(url);
  if (source === undefined) {
    return <div className="aspect-square w-full rounded-lg bg-slate-100 dark:bg-slate-800" />;
  }
  return (
    <>
      <PhotoThumbnail url={source} alt={alt} />
      {waitingToUpload ? (
        <p className="absolute end-1.5 bottom-1.5 start-1.5 flex items-center gap-1 rounded-md bg-white/90 px-1.5 py-0.5 text-xs font-medium text-slate-900 dark:bg-slate-900/90 dark:text-slate-100">
          <CloudUpload aria-hidden="true" className="size-3.5 shrink-0" />
          {t("photoStep.waitingToUpload")}
        </p>
      ) : null}
    </>
  );
}

/**
 * Photo Documentation (the check sheet's step 4, the off-hire note's): the guidelines, the photos attached, and
 * the upload dialog.
 */
export function PhotoStep<F extends WizardFields & { photos: string[] }>({
  wizard: api,
}: {
  wizard: FormWizardApi<F, PhotoAction>;
}) {
  const t = useT();
  const { state, dispatch } = api;
  const { id } = state;
  const photoFiles = photoFilesByForm.get(id) ?? {};
  const { photos } = state.form;
  const [open, setOpen] = useState(false);
  // Photos attached before this visit (an opened draft) count towards the limit, with nothing to compare.
  const attached: PhotoFile[] = photos.map((url) => photoFiles[url] ?? { name: url, size: -1, type: "" });

  return (
    <div className="space-y-4">
      <Card className="space-y-3">
        <h3 className="text-lg font-bold">{t("photoStep.guidelinesTitle")}</h3>
        <ul className="list-disc space-y-1 ps-5 text-slate-800 dark:text-slate-200">
          <li>{t("photoStep.guideWholeMachine")}</li>
          <li>{t("photoStep.guideBeforeAfter")}</li>
          <li>{t("photoStep.guideLight")}</li>
          <li>{t("photoStep.guideLimits", { max: MAX_PHOTOS })}</li>
        </ul>
        <Button
          size="lg"
          className="w-full"
          disabled={photos.length >= MAX_PHOTOS}
          onClick={() => setOpen(true)}
        >
          <Camera aria-hidden="true" className="size-5" />
          {t("photoStep.addPhotos")}
        </Button>
      </Card>

      <Card className="space-y-3">
        <p aria-live="polite" className="font-semibold">
          {photoCountLabel(photos.length, t)}
        </p>
        {photos.length > 0 ? (
          <ul aria-label={t("photoStep.attachedList")} className="grid grid-cols-2 gap-3">
            {photos.map((url, index) => (
              <li key={url} className="relative">
                <AttachedPhoto url={url} alt={t("photoStep.attachmentAlt", { position: index + 1 })} />
                <Button
                  variant="outline"
                  size="icon"
                  className="absolute top-1.5 end-1.5 rounded-full"
                  aria-label={t("photoStep.removePhoto", { position: index + 1 })}
                  onClick={() => dispatch({ type: "removePhoto", url })}
                >
                  <X aria-hidden="true" className="size-5" />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("photoStep.none")}</p>
        )}
      </Card>

      {open ? (
        <PhotoUploadDialog
          open={open}
          onOpenChange={setOpen}
          attached={attached}
          keepFor={{
            label: t("photoStep.outboxLabel", { sheet: api.kind.label(state.form) }),
            formKey: localFormKey(api.kind.spec.kind, id),
            fixUrl: formFixUrl(api.kind.spec.kind, state.form),
            owner: currentOwner(),
          }}
          onUploaded={(url, file) => {
            photoFilesByForm.set(id, { ...photoFilesByForm.get(id), [url]: file });
            dispatch({ type: "addPhoto", url });
          }}
        />
      ) : null}
    </div>
  );
}
