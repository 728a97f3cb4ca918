import * as AlertDialogPrimitive from "@radix-ui/react-alert-dialog";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { type ButtonVariant, buttonClasses } from "./button";
import { MODAL_CLASSES, withClasses } from "./with-classes";

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
export const AlertDialogPortal = AlertDialogPrimitive.Portal;

export const AlertDialogOverlay = withClasses(AlertDialogPrimitive.Overlay, MODAL_CLASSES.overlay);

/** A question that needs an answer: no close button and no outside click, only the dialog's own buttons. */
export function AlertDialogContent({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPortal>
      <AlertDialogOverlay />
      <AlertDialogPrimitive.Content
        className={cn(...MODAL_CLASSES.panel, "max-w-md", className)}
        {...props}
      />
    </AlertDialogPortal>
  );
}

export const AlertDialogHeader = withClasses("div", "flex flex-col gap-1.5");
export const AlertDialogFooter = withClasses("div", MODAL_CLASSES.footer);
export const AlertDialogTitle = withClasses(AlertDialogPrimitive.Title, MODAL_CLASSES.title);
export const AlertDialogDescription = withClasses(
  AlertDialogPrimitive.Description,
  MODAL_CLASSES.description,
);

export function AlertDialogAction({
  className,
  variant = "primary",
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Action> & { variant?: ButtonVariant }) {
  return <AlertDialogPrimitive.Action className={cn(buttonClasses(variant), className)} {...props} />;
}

export function AlertDialogCancel({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return <AlertDialogPrimitive.Cancel className={cn(buttonClasses("outline"), className)} {...props} />;
}
