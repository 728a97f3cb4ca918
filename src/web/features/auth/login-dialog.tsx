import MailCheck from "lucide-react/icons/mail-check";
import { useState } from "react";
import { validateLogin, validateRegister } from "../../../domain/accounts/password";
import { LoginRequestSchema, RegisterRequestSchema } from "../../../domain/api/api";
import { MAX_NAME_LENGTH } from "../../../domain/forms/constants";
import { isLocale } from "../../../domain/text/i18n/locales";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { closeAuthDialog, openAuthDialog } from "../../lib/auth-dialog-store";
import { useTranslator } from "../../lib/i18n";
import { parseRequest } from "../../lib/parse-request";
import { AccountDialogHeader, AccountForm, DoneStatus, EmailField } from "./account-form";
import { register } from "./api/account-requests";
import { useSignIn } from "./api/use-sign-in";
import { PasswordInput } from "./password-input";
import { useAccountSubmit } from "./use-account-submit";

export type LoginMode = "login" | "register";

interface LoginDialogProps {
  open: boolean;
  mode: LoginMode;
  email: string;
}

/**
 * Log in and Create account: one dialog whose mode toggles between the two (spec section 2's Driver Login and
 * Create Driver Account, in words for everyone: an office logs in here too). Create account takes the full name
 * and email only: the password is chosen on the page of the link it mails.
 */
export function LoginDialog({ open, mode, email }: LoginDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => next || closeAuthDialog()}>
      <DialogContent>
        {/* Inside the content, so every opening starts with an empty form and no password is kept around. */}
        <LoginForm mode={mode} initialEmail={email} />
      </DialogContent>
    </Dialog>
  );
}

function LoginForm({ mode, initialEmail }: { mode: LoginMode; initialEmail: string }) {
  const creating = mode === "register";
  const [fullName, setFullName] = useState("");
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  const { busy, problem, setProblem, submit } = useAccountSubmit(creating ? "register" : "login");
  const signIn = useSignIn();
  const { locale, t } = useTranslator();
  // After a sign-up: what the server said (check your email), in place of the form.
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = () => {
    if (creating) {
      const values = { fullName, email, ...(isLocale(locale) ? { language: locale } : {}) };
      return submit(
        parseRequest(validateRegister(values, t), RegisterRequestSchema, values),
        async (request) => {
          await register(request);
          // The server's answer is always this sentence; it is shown in the reader's language.
          setSent(t("auth.registrationMailSent"));
        },
      );
    }
    const values = { email, password };
    return submit(parseRequest(validateLogin(values, t), LoginRequestSchema, values), (request) =>
      signIn("/api/drivers/login", request),
    );
  };

  const switchMode = () => {
    setProblem(null);
    openAuthDialog(creating ? "login" : "register", email);
  };

  const clearForm = () => {
    setFullName("");
    setEmail("");
    setPassword("");
    setProblem(null);
  };

  if (creating && sent !== null) {
    return (
      <>
        <AccountDialogHeader title={t("auth.checkEmailTitle")}>
          {t("auth.checkEmailText", { email })}
        </AccountDialogHeader>
        <DoneStatus icon={MailCheck}>{sent}</DoneStatus>
        <Button size="lg" onClick={closeAuthDialog}>
          {t("auth.ok")}
        </Button>
      </>
    );
  }

  return (
    <>
      <AccountDialogHeader title={creating ? t("auth.createAccount") : t("auth.logIn")}>
        {creating ? t("auth.createAccountIntro") : t("auth.logInIntro")}
      </AccountDialogHeader>
      <AccountForm
        onSubmit={onSubmit}
        busy={busy}
        problem={problem}
        submitLabel={creating ? t("auth.createAccount") : t("auth.logIn")}
        busyLabel={creating ? t("auth.creatingAccount") : t("auth.loggingIn")}
        fields={
          <>
            {creating ? (
              <TextField
                label={t("auth.fullName")}
                value={fullName}
                onValueChange={setFullName}
                autoComplete="name"
                maxLength={MAX_NAME_LENGTH}
              />
            ) : null}
            <EmailField value={email} onValueChange={setEmail} />
            {creating ? null : (
              <PasswordInput
                label={t("auth.password")}
                value={password}
                onValueChange={setPassword}
                autoComplete="current-password"
              />
            )}
          </>
        }
      >
        {/* Smaller text keeps both labels on one line in a 360 px wide dialog. */}
        <div className="grid grid-cols-2 gap-2 [&>button]:px-2 [&>button]:text-sm">
          <Button variant="outline" onClick={clearForm} disabled={busy}>
            {t("auth.clearForm")}
          </Button>
          <Button variant="outline" onClick={() => openAuthDialog("reset-password", email)} disabled={busy}>
            {t("auth.forgotPassword")}
          </Button>
        </div>
      </AccountForm>
      <p className="flex flex-wrap items-center justify-center gap-x-1 text-sm text-slate-700 dark:text-slate-300">
        {creating ? t("auth.haveAccount") : t("auth.newHere")}
        <Button
          variant="ghost"
          className="px-2 text-amber-800 dark:text-amber-300"
          onClick={switchMode}
          disabled={busy}
        >
          {creating ? t("auth.logIn") : t("auth.createAccount")}
        </Button>
      </p>
      <Button variant="ghost" className="w-full" onClick={closeAuthDialog}>
        {t("auth.withoutAccount")}
      </Button>
    </>
  );
}
