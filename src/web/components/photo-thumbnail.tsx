import ImageOff from "lucide-react/icons/image-off";
import { useState } from "react";
import { cn } from "../lib/cn";
import { useT } from "../lib/i18n";

interface PhotoThumbnailProps {
  /** Null when the photo is known to be unavailable. */
  url: string | null;
  /** Says what the photo shows, e.g. 'Equipment, attachment 2'. */
  alt: string;
  className?: string;
}

/** An uploaded photo; one that cannot be shown (deleted, offline) gives way to a placeholder that says so. */
export function PhotoThumbnail({ url, alt, className }: PhotoThumbnailProps) {
  const t = useT();
  const [broken, setBroken] = useState(false);
  if (broken || url === null) {
    return (
      <div
        role="img"
        aria-label={t("photo.couldNotBeShown", { photo: alt })}
        className={cn(
          "flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-lg bg-slate-200 text-center text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300",
          className,
        )}
      >
        <ImageOff aria-hidden="true" className="size-8" />
        {t("photo.unavailable")}
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      onError={() => setBroken(true)}
      className={cn("aspect-square w-full rounded-lg bg-slate-100 object-cover dark:bg-slate-800", className)}
    />
  );
}
