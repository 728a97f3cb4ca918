import { useAuthDialog } from "../../lib/auth-dialog-store";
import { LoginDialog } from "./login-dialog";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { SessionExpiredDialog } from "./session-expired-dialog";

/**
 * The account dialogs, mounted once at the app root and opened from anywhere through the dialog store; the
 * session's own dialog opens when it ends.
 */
export function AuthDialogs() {
  const { view, email } = useAuthDialog();
  return (
    <>
      <LoginDialog
        open={view === "login" || view === "register"}
        mode={view === "register" ? "register" : "login"}
        email={email}
      />
      <ResetPasswordDialog open={view === "reset-password"} email={email} />
      <SessionExpiredDialog />
    </>
  );
}
