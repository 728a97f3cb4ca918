import { useIsMutating } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { AUTO_SAVE_INTERVAL_MS } from "../../../../domain/forms/constants";
import type { AnyFormSpec } from "../../../../domain/forms/form-spec";
import { messages, type Notice } from "../../../../domain/text/messages";
import { toast } from "../../../components/ui/use-toast";
import { failureText } from "../../../lib/failure-text";
import { useT } from "../../../lib/i18n";
import { noticeIn } from "../../../lib/notice-text";
import { saveRequest, useFormWrite } from "../api/form-writes";

/** Why a save runs: the 30 s timer, Next Step, the driver's own 'Save as Draft', or submitting the form. */
export type SaveReason = "auto" | "step" | "draft" | "submit";

/**
 * How a save went: false when it failed (the failure toast has been shown), "sent" when the server has it,
 * "queued" when it is kept on this device and sent when the signal returns (or the driver signs in again).
 */
export type SaveResult = false | "sent" | "queued";

export interface DraftSnapshot {
  id: string;
  /** The fields as POST and PUT take them. */
  body: object;
  /** Bumped by every change, so unchanged forms are not sent again. */
  version: number;
}

interface DraftSaverOptions {
  spec: Pick<AnyFormSpec, "apiPath">;
  /** Saving happens only for account holders (spec section 4). */
  enabled: boolean;
  /** True when the server already holds this form (an opened draft): saves update it from the start. */
  stored: boolean;
  /**
   * The version the server already has. Defaults to the snapshot's, i.e. nothing to save yet; a form brought
   * back from the device's copy passes its own, so work typed after its last save is sent.
   */
  savedVersion?: number;
  snapshot: DraftSnapshot;
  /** The toast for a failed save of this form kind ('Save Failed: ...'), which may differ by reason. */
  failureNotice: (message: string, reason: SaveReason) => Notice;
  /** What the waiting list calls this draft while it waits for signal. */
  label: string;
}

/**
 * Drafts of an account holder's form (spec section 4): the first save creates the record with the
 * device-made id, later saves update it; every 30 s, and when the page is hidden, a changed form is saved.
 * Saves go through the outbox, in order, so an update never overtakes the create; without signal they wait
 * there and count as saved (the driver is told once). Anonymous users get no saves at all.
 */
export function useDraftSaver({
  spec,
  enabled,
  stored: initiallyStored,
  savedVersion: initiallySaved,
  snapshot,
  failureNotice,
  label,
}: DraftSaverOptions) {
  const mutationKey = ["form-save", snapshot.id] as const;
  const write = useFormWrite(mutationKey, { onServerFailure: "keep" });
  const saving = useIsMutating({ mutationKey }) > 0;
  const sendSave = write.mutateAsync;
  const latest = useRef({ snapshot, label });
  latest.current = { snapshot, label };
  const storedRef = useRef(initiallyStored);
  const [stored, setStored] = useState(initiallyStored);
  const savedVersionRef = useRef(initiallySaved ?? snapshot.version);
  const [savedVersion, setSavedVersion] = useState(savedVersionRef.current);
  // One save after another: an update never overtakes the create it follows.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // The timer retries every 30 s; repeating the same failure toast each time would only nag.
  const lastAutoFailed = useRef(false);
  // One 'Saved on this phone' toast per stretch without signal is enough.
  const toldQueued = useRef(false);
  const notice = useRef(failureNotice);
  notice.current = failureNotice;
  const t = useT();
  const reader = useRef(t);
  reader.current = t;

  /** Saves the latest snapshot; `patch` overrides some of its fields for this save only (e.g. a new status). */
  const save = useCallback(
    (reason: SaveReason, patch?: object): Promise<SaveResult> => {
      if (!enabled) return Promise.resolve(false);
      const run = async (): Promise<SaveResult> => {
        const { snapshot: current, label: currentLabel } = latest.current;
        const { id, body, version } = current;
        // Nothing new: no request. A blank form is never saved by itself, only by the driver's own action.
        const byDriver = reason === "draft" || reason === "submit";
        if (!byDriver && version === savedVersionRef.current) return "sent";
        const outcome = await sendSave(
          saveRequest(spec, {
            id,
            body: { ...body, ...patch },
            stored: storedRef.current,
            label: currentLabel,
          }),
        );
        const failure =
          outcome.kind === "refused"
            ? outcome.error
            : outcome.kind === "queued"
              ? outcome.serverError
              : undefined;
        if (failure !== undefined) {
          if (reason !== "auto" || !lastAutoFailed.current) {
            toast({
              ...noticeIn(reader.current, notice.current(failureText(failure), reason)),
              variant: "destructive",
            });
          }
          lastAutoFailed.current = reason === "auto";
        }
        if (outcome.kind === "refused") return false;
        // Sent, or queued behind (and so sent after) the create: from now on saves are updates.
        storedRef.current = true;
        setStored(true);
        savedVersionRef.current = Math.max(savedVersionRef.current, version);
        setSavedVersion(savedVersionRef.current);
        // The server failed but keeps the save coming: the failure toast has said so; the waiting list shows it.
        if (failure !== undefined) return false;
        lastAutoFailed.current = false;
        if (outcome.kind === "sent") {
          toldQueued.current = false;
          return "sent";
        }
        if (!byDriver && !toldQueued.current) {
          toast({
            ...noticeIn(
              reader.current,
              outcome.kind === "queued" ? messages.savedOnPhoneNotice : messages.savedOnPhoneSignIn,
            ),
            variant: "default",
          });
        }
        toldQueued.current = true;
        return "queued";
      };
      const result = queue.current.then(run);
      queue.current = result.catch(() => undefined);
      return result;
    },
    [spec, enabled, sendSave],
  );

  useEffect(() => {
    if (!enabled) return;
    const saveChanges = () => {
      if (latest.current.snapshot.version !== savedVersionRef.current) void save("auto");
    };
    // A form brought back with unsaved work is saved straight away.
    saveChanges();
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

  return { saving, save, stored, savedVersion };
}
