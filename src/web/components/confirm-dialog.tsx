import LoaderCircle from "lucide-react/icons/loader-circle";
import { type ReactElement, type ReactNode, useState } from "react";
import { useT } from "../lib/i18n";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./ui/alert-dialog";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs, e.g. 'Deleting...'. */
  busyLabel: string;
  destructive?: boolean;
  /** The confirm button waits, e.g. while the dialog still works out what to ask. */
  confirmDisabled?: boolean;
  cancelLabel?: string;
  /** Runs as the driver chooses not to go on, before the dialog closes. */
  onCancel?: () => void;
  /** The control that opens the dialog, when it is not opened from elsewhere. */
  trigger?: ReactElement;
  /** The confirmed action; the dialog stays open, showing progress, until it settles, then closes. */
  onConfirm: () => Promise<void>;
}

/** A question before something that cannot be undone: delete, clear all, archive. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  destructive = false,
  confirmDisabled = false,
  cancelLabel,
  onCancel,
  trigger,
  onConfirm,
}: ConfirmDialogProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={(next) => busy || onOpenChange(next)}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy} onClick={onCancel}>
            {cancelLabel ?? t("common.cancel")}
          </AlertDialogCancel>
          <AlertDialogAction
            variant={destructive ? "destructive" : "primary"}
            disabled={busy || confirmDisabled}
            onClick={async (event) => {
              event.preventDefault();
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
                onOpenChange(false);
              }
            }}
          >
            {busy ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
            {busy ? busyLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
