import { LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "wouter";
import { RegisterConfirmRequestSchema } from "../../../domain/api";
import { messages } from "../../../domain/messages";
import { ScreenLayout } from "../../components/screen-layout";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths } from "../../lib/app-paths";
import { openAuthDialog } from "../../lib/auth-dialog-store";
import { authFailure, type FormProblem } from "./auth-failure";
import { FormAlert } from "./form-alert";
import { useSignIn } from "./use-sign-in";

/**
 * Where the emailed sign-up link lands: opening it makes the account and signs the driver in, then the Operator
 * Dashboard opens as after a login.
 */
export function ConfirmAccountPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  // A link cut short by a mail client cannot work; say so without asking the server.
  const usable = RegisterConfirmRequestSchema.safeParse({ token }).success;
  const [problem, setProblem] = useState<FormProblem | null>(
    usable ? null : { message: messages.registrationLinkInvalid },
  );
  const signIn = useSignIn();
  const sent = useRef(false);

  useEffect(() => {
    // Once per page, even when React runs effects twice: the link works only once.
    if (!usable || sent.current) return;
    sent.current = true;
    signIn("/api/drivers/register/confirm", { token }).catch((error: unknown) =>
      setProblem(authFailure("register", error)),
    );
  }, [usable, token, signIn]);

  return (
    <ScreenLayout title="Create Driver Account" back={{ href: appPaths.home(), label: "Home" }}>
      {problem ? <LinkProblem problem={problem} /> : <Working />}
    </ScreenLayout>
  );
}

function Working() {
  return (
    <Card>
      <p role="status" className="flex items-center gap-2 font-semibold">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        Creating your account...
      </p>
    </Card>
  );
}

function LinkProblem({ problem }: { problem: FormProblem }) {
  const [, navigate] = useLocation();
  const goHomeTo = (view: "login" | "register") => {
    navigate(appPaths.home());
    openAuthDialog(view);
  };
  return (
    <Card className="grid gap-4">
      <FormAlert problem={problem} />
      <Button size="lg" onClick={() => goHomeTo("login")}>
        Log In
      </Button>
      <Button variant="outline" onClick={() => goHomeTo("register")}>
        Create Driver Account
      </Button>
    </Card>
  );
}
