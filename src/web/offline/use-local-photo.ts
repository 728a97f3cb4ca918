import { useEffect, useState } from "react";
import { isLocalPhotoRef, readLocalPhoto } from "./local-photos";
import { onOutboxChange } from "./outbox";

export interface ShownPhoto {
  /** The URL, or an object URL of the copy kept on this device; null when the device no longer has it. */
  source: string | null | undefined;
  /** Kept on this device and not uploaded yet. */
  waitingToUpload: boolean;
}

/**
 * What an <img> shows for a photo a form lists: its URL, or for a photo kept on this device an object URL of the
 * kept copy (undefined while it is read), and whether it still waits to be uploaded, followed as the outbox sends.
 */
export function useShownPhoto(url: string): ShownPhoto {
  const [shown, setShown] = useState<ShownPhoto>(() =>
    isLocalPhotoRef(url)
      ? { source: undefined, waitingToUpload: true }
      : { source: url, waitingToUpload: false },
  );
  useEffect(() => {
    if (!isLocalPhotoRef(url)) {
      setShown({ source: url, waitingToUpload: false });
      return;
    }
    let live = true;
    let objectUrl: string | null = null;
    const read = async () => {
      const photo = await readLocalPhoto(url).catch(() => null);
      if (!live) return;
      if (photo && objectUrl === null) objectUrl = URL.createObjectURL(photo.blob);
      setShown({ source: photo ? objectUrl : null, waitingToUpload: photo !== null && photo.url === null });
    };
    void read();
    const stopFollowing = onOutboxChange(() => void read());
    return () => {
      live = false;
      stopFollowing();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return shown;
}
