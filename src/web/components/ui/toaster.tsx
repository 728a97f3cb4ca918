import { useT } from "../../lib/i18n";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";
import { dismissToast, useToast } from "./use-toast";

/** Renders the toast store; mounted once at the app root. */
export function Toaster() {
  const { toasts } = useToast();
  const t = useT();
  return (
    <ToastProvider label={t("common.notification")}>
      {toasts.map(({ id, title, description, action, open, ...rest }) => (
        <Toast
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          {...rest}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      {/* Radix puts the hotkey where {hotkey} stands. */}
      <ToastViewport label={`${t("common.notifications")} ({hotkey})`} />
    </ToastProvider>
  );
}
