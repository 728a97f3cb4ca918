import { useAuthDialog } from "../../lib/auth-dialog-store";
import { LoginDialog } from "./login-dialog";
import { ResetPasswordDialog } from "./reset-password-dialog";

/** The account dialogs, mounted once at the app root and opened from anywhere through the dialog store. */
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
    </>
  );
}
