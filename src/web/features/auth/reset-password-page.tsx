import { CircleCheck, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { useLocation, useSearchParams } from "wouter";
import { ResetPasswordConfirmRequestSchema } from "../../../domain/api";
import { MAX_PASSWORD_LENGTH } from "../../../domain/constants";
import { messages } from "../../../domain/messages";
import { validateNewPassword } from "../../../domain/password";
import { ScreenLayout } from "../../components/screen-layout";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { apiRequest } from "../../lib/api-client";
import { appPaths } from "../../lib/app-paths";
import { openAuthDialog } from "../../lib/auth-dialog-store";
import { parseRequest } from "../../lib/parse-request";
import { FormAlert } from "./form-alert";
import { PasswordInput } from "./password-input";
import { useAccountSubmit } from "./use-account-submit";

/** Where the emailed reset link lands: a new password, held to the change-password rules. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  // A link cut short by a mail client cannot work; say so before asking for a password.
  const usable = ResetPasswordConfirmRequestSchema.shape.token.safeParse(token).success;

  return (
    <ScreenLayout title="Reset Password" back={{ href: appPaths.home(), label: "Home" }}>
      {usable ? <NewPasswordForm token={token} /> : <InvalidLink />}
    </ScreenLayout>
  );
}

/** Home, with the dialog the driver needs next already open. */
function useGoHomeTo() {
  const [, navigate] = useLocation();
  return (view: "login" | "reset-password") => {
    navigate(appPaths.home());
    openAuthDialog(view);
  };
}

function InvalidLink() {
  const goHomeTo = useGoHomeTo();
  return (
    <Card className="grid gap-4">
      <FormAlert problem={{ message: messages.resetLinkInvalid }} />
      <Button size="lg" onClick={() => goHomeTo("reset-password")}>
        Request a New Link
      </Button>
    </Card>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [done, setDone] = useState(false);
  const { busy, problem, submit } = useAccountSubmit("reset-password");
  const goHomeTo = useGoHomeTo();

  if (done) {
    return (
      <Card className="grid gap-4">
        <p role="status" className="flex items-start gap-2 font-semibold">
          <CircleCheck
            aria-hidden="true"
            className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400"
          />
          {messages.passwordResetDone}
        </p>
        <Button size="lg" onClick={() => goHomeTo("login")}>
          Log In
        </Button>
      </Card>
    );
  }

  const onSubmit = () =>
    submit(
      parseRequest(validateNewPassword({ new: next, confirm }), ResetPasswordConfirmRequestSchema, {
        token,
        newPassword: next,
      }),
      async (request) => {
        await apiRequest("POST", "/api/drivers/reset-password/confirm", request);
        setDone(true);
      },
    );

  return (
    <Card>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <p className="text-slate-700 dark:text-slate-300">
          Choose a new password of at least 6 characters. Any device still logged in to your account will be
          logged out.
        </p>
        <PasswordInput
          label="New Password"
          value={next}
          onValueChange={setNext}
          autoComplete="new-password"
          maxLength={MAX_PASSWORD_LENGTH}
        />
        <PasswordInput
          label="Confirm New Password"
          value={confirm}
          onValueChange={setConfirm}
          autoComplete="new-password"
          maxLength={MAX_PASSWORD_LENGTH}
        />
        <FormAlert problem={problem} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
          {busy ? "Saving..." : "Set New Password"}
        </Button>
        <Button variant="ghost" onClick={() => goHomeTo("reset-password")} disabled={busy}>
          Request a New Link
        </Button>
      </form>
    </Card>
  );
}
