import { useEffect, useState } from "react";
import { isLocalPhotoRef, readLocalPhoto } from "./local-photos";

/**
 * What an <img> shows for a photo a form lists: its URL, or for a photo kept on this device (not uploaded yet)
 * an object URL of the kept copy. Null when the device no longer has that copy; undefined while it is read.
 */
export function usePhotoSource(url: string): string | null | undefined {
  const local = isLocalPhotoRef(url);
  const [source, setSource] = useState<string | null | undefined>(local ? undefined : url);
  useEffect(() => {
    if (!isLocalPhotoRef(url)) {
      setSource(url);
      return;
    }
    let live = true;
    let objectUrl: string | null = null;
    setSource(undefined);
    readLocalPhoto(url)
      .catch(() => null)
      .then((photo) => {
        if (!live) return;
        objectUrl = photo ? URL.createObjectURL(photo.blob) : null;
        setSource(objectUrl);
      });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return source;
}
