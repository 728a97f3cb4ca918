import { useQueryClient } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { LoginRequestSchema, type LoginResponse, RegisterRequestSchema } from "../../../domain/api";
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH } from "../../../domain/constants";
import { validateLogin, validateRegister } from "../../../domain/password";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { apiRequest } from "../../lib/api-client";
import { appPaths } from "../../lib/app-paths";
import { closeAuthDialog, openAuthDialog } from "../../lib/auth-dialog-store";
import { parseRequest } from "../../lib/parse-request";
import { startSession } from "../../lib/session-store";
import { currentDriverQueryKey } from "../../lib/use-current-driver";
import { FormAlert } from "./form-alert";
import { PasswordInput } from "./password-input";
import { useAccountSubmit } from "./use-account-submit";

export type LoginMode = "login" | "register";

interface LoginDialogProps {
  open: boolean;
  mode: LoginMode;
  email: string;
}

/** Driver Login and Create Driver Account: one dialog whose mode toggles between the two (spec section 2). */
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
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  const signIn = async (url: string, body: unknown) => {
    const answer = await apiRequest<LoginResponse>("POST", url, body);
    // Whatever the previous driver on this phone left in the cache, or kept for offline, is not this driver's.
    queryClient.clear();
    void import("../../offline/kept-lists")
      .then((kept) => kept.forgetOtherAccounts(answer.accountId))
      .catch((error: unknown) => console.warn("Could not clear other accounts' lists", error));
    queryClient.setQueryData(currentDriverQueryKey, answer);
    // Counted on this device's clock, which is what the local 30-minute timer runs on.
    startSession(answer.accountId, answer.fullName);
    closeAuthDialog();
    navigate(appPaths.home("forms"));
    window.scrollTo({ top: 0 });
  };

  const onSubmit = () => {
    if (creating) {
      const values = { fullName, email, password };
      return submit(parseRequest(validateRegister(values), RegisterRequestSchema, values), (request) =>
        signIn("/api/drivers/register", request),
      );
    }
    const values = { email, password };
    return submit(parseRequest(validateLogin(values), LoginRequestSchema, values), (request) =>
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

  return (
    <>
      <DialogHeader>
        <DialogTitle>{creating ? "Create Driver Account" : "Driver Login"}</DialogTitle>
        <DialogDescription>
          {creating
            ? "An account keeps your drafts and history, tracks each sheet's status and opens the supervisor area."
            : "Log in to save drafts, see your history and use the supervisor area."}
        </DialogDescription>
      </DialogHeader>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        {creating ? (
          <TextField
            label="Full Name"
            value={fullName}
            onValueChange={setFullName}
            autoComplete="name"
            maxLength={MAX_NAME_LENGTH}
          />
        ) : null}
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          value={email}
          onValueChange={setEmail}
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={MAX_EMAIL_LENGTH}
        />
        <PasswordInput
          label="Password"
          value={password}
          onValueChange={setPassword}
          autoComplete={creating ? "new-password" : "current-password"}
          maxLength={MAX_PASSWORD_LENGTH}
        />
        <FormAlert problem={problem} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
          {creating ? (busy ? "Creating Account..." : "Create Account") : busy ? "Logging in..." : "Login"}
        </Button>
        {/* Smaller text keeps both labels on one line in a 360 px wide dialog. */}
        <div className="grid grid-cols-2 gap-2 [&>button]:px-2 [&>button]:text-sm">
          <Button variant="outline" onClick={clearForm} disabled={busy}>
            Clear Form
          </Button>
          <Button variant="outline" onClick={() => openAuthDialog("reset-password", email)} disabled={busy}>
            Forgot Password
          </Button>
        </div>
      </form>
      <p className="flex flex-wrap items-center justify-center gap-x-1 text-sm text-slate-700 dark:text-slate-300">
        {creating ? "Already have an account?" : "New here?"}
        <Button
          variant="ghost"
          className="px-2 text-amber-800 dark:text-amber-300"
          onClick={switchMode}
          disabled={busy}
        >
          {creating ? "Driver Login" : "Create Driver Account"}
        </Button>
      </p>
      <Button variant="ghost" className="w-full" onClick={closeAuthDialog}>
        Use App Without Account
      </Button>
    </>
  );
}
