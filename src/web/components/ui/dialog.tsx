import * as DialogPrimitive from "@radix-ui/react-dialog";
import X from "lucide-react/icons/x";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { MODAL_CLASSES, withClasses } from "./with-classes";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export const DialogOverlay = withClasses(DialogPrimitive.Overlay, MODAL_CLASSES.overlay);

export function DialogContent({
  className,
  children,
  closable = true,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  /** False for a dialog left only by one of its own buttons: no close button. */
  closable?: boolean;
}) {
  const t = useT();
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content className={cn(...MODAL_CLASSES.panel, "max-w-lg", className)} {...props}>
        {children}
        {closable ? (
          <DialogPrimitive.Close
            aria-label={t("common.close")}
            className="absolute top-2 end-2 inline-flex size-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

/** Leaves room on the right for the close button. */
export const DialogHeader = withClasses("div", "flex flex-col gap-1.5 pe-10");
export const DialogFooter = withClasses("div", MODAL_CLASSES.footer);
export const DialogTitle = withClasses(DialogPrimitive.Title, MODAL_CLASSES.title);
export const DialogDescription = withClasses(DialogPrimitive.Description, MODAL_CLASSES.description);
