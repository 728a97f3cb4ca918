import { useState } from "react";
import { toast } from "../../components/ui/use-toast";
import { useT } from "../../lib/i18n";
import type { ParsedRequest } from "../../lib/parse-request";
import { postAccountRequest } from "./api/account-requests";
import { type AccountCall, authFailure, type FormProblem } from "./auth-failure";

/**
 * The submit cycle every account form shares: show the form's problem, or send the request while the
 * button shows progress, and word any failure the spec's way.
 */
export function useAccountSubmit(call: AccountCall) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const t = useT();

  async function submit<T>(request: ParsedRequest<T>, send: (data: T) => Promise<void>): Promise<void> {
    if (request.problem !== undefined) {
      setProblem({ message: request.problem });
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await send(request.data);
    } catch (error) {
      setProblem(authFailure(call, error, t));
    } finally {
      setBusy(false);
    }
  }

  return { busy, problem, setProblem, submit };
}

/** Posts an account request; once the server takes it, closes the form and says what was done. */
export async function postThenConfirm(path: string, request: unknown, close: () => void, done: string) {
  await postAccountRequest(path, request);
  close();
  toast({ title: done, variant: "success" });
}
