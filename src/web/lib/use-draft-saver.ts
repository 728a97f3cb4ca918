import { useCallback, useEffect, useRef, useState } from "react";
import { AUTO_SAVE_INTERVAL_MS } from "../../domain/constants";
import type { Notice } from "../../domain/messages";
import { toast } from "../components/ui/use-toast";
import { apiRequest } from "./api-client";
import { failureText } from "./failure-text";

/** Why a save runs: the 30 s timer, Next Step, the driver's own 'Save as Draft', or submitting the form. */
export type SaveReason = "auto" | "step" | "draft" | "submit";

export interface DraftSnapshot {
  id: string;
  /** The fields as POST and PUT take them. */
  body: object;
  /** Bumped by every change, so unchanged forms are not sent again. */
  version: number;
}

interface DraftSaverOptions {
  /** The form kind's collection, e.g. "/api/timesheets". */
  collection: string;
  /** Saving happens only for account holders (spec section 4). */
  enabled: boolean;
  /** True when the server already holds this form (an opened draft): saves update it from the start. */
  stored: boolean;
  snapshot: DraftSnapshot;
  /** The toast for a failed save of this form kind ('Save Failed: ...'), which may differ by reason. */
  failureNotice: (message: string, reason: SaveReason) => Notice;
}

/**
 * Drafts of an account holder's form (spec section 4): the first save creates the record with the
 * device-made id, later saves update it; every 30 s, and when the page is hidden, a changed form is saved.
 * Saves run one at a time, so an update never overtakes the create. Anonymous users get no saves at all.
 */
export function useDraftSaver({ collection, enabled, stored, snapshot, failureNotice }: DraftSaverOptions) {
  const [saving, setSaving] = useState(false);
  const latest = useRef(snapshot);
  latest.current = snapshot;
  const storedRef = useRef(stored);
  const savedVersion = useRef(snapshot.version);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(0);
  // The timer retries every 30 s; repeating the same failure toast each time would only nag.
  const lastAutoFailed = useRef(false);
  const notice = useRef(failureNotice);
  notice.current = failureNotice;

  /** Saves the latest snapshot; `patch` overrides some of its fields for this save only (e.g. a new status). */
  const save = useCallback(
    (reason: SaveReason, patch?: object): Promise<boolean> => {
      if (!enabled) return Promise.resolve(false);
      const run = async (): Promise<boolean> => {
        const { id, body, version } = latest.current;
        // Nothing new: no request. A blank form is never saved by itself, only by the driver's own action.
        const byDriver = reason === "draft" || reason === "submit";
        if (!byDriver && version === savedVersion.current) return true;
        const sent = { ...body, ...patch, id };
        try {
          if (storedRef.current) {
            await apiRequest("PUT", `${collection}/${encodeURIComponent(id)}`, sent);
          } else {
            await apiRequest("POST", collection, sent);
            storedRef.current = true;
          }
          savedVersion.current = Math.max(savedVersion.current, version);
          lastAutoFailed.current = false;
          return true;
        } catch (error) {
          if (reason !== "auto" || !lastAutoFailed.current) {
            toast({ ...notice.current(failureText(error), reason), variant: "destructive" });
          }
          lastAutoFailed.current = reason === "auto";
          return false;
        }
      };
      pending.current += 1;
      setSaving(true);
      const result = queue.current.then(run).finally(() => {
        pending.current -= 1;
        if (pending.current === 0) setSaving(false);
      });
      queue.current = result;
      return result;
    },
    [collection, enabled],
  );

  useEffect(() => {
    if (!enabled) return;
    const saveChanges = () => {
      if (latest.current.version !== savedVersion.current) void save("auto");
    };
    const timer = setInterval(saveChanges, AUTO_SAVE_INTERVAL_MS);
    // A phone locked or switched to another app may never come back to this page: save what is there now.
    const onHide = () => {
      if (document.visibilityState === "hidden") saveChanges();
    };
    document.addEventListener("visibilitychange", onHide);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onHide);
    };
  }, [enabled, save]);

  return { saving, save };
}
