import { useQueryClient } from "@tanstack/react-query";
import LoaderCircle from "lucide-react/icons/loader-circle";
import QrCode from "lucide-react/icons/qr-code";
import { useState } from "react";
import type { JoinCodeResponse } from "../../../domain/api/api";
import { JOIN_CODE_ROLE } from "../../../domain/company/organisation";
import { failed, type Outcome, OutcomeNote } from "../../components/outcome";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { refreshOpenInvites } from "./api/organisation-queries";
import { makeJoinCode } from "./api/organisation-requests";
import { JoinCodeScreen } from "./join-code-screen";

/**
 * An admin makes a join code for a site induction and shows it full screen as a QR code: everyone who scans it
 * may join as a driver (supervisors and admins are invited by email, one address each). Only the code's hash is kept on the server, so the code made last can be shown again
 * while this screen is open, and never after.
 */
export function JoinCodes({
  organisationId,
  organisationName,
}: {
  organisationId: string;
  organisationName: string;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [code, setCode] = useState<JoinCodeResponse | null>(null);
  const [showing, setShowing] = useState(false);

  const create = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const made = await makeJoinCode(organisationId, JOIN_CODE_ROLE);
      setCode(made);
      setShowing(true);
      await refreshOpenInvites(queryClient, organisationId);
    } catch (error) {
      setOutcome(failed(failureText(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="join-code-heading">
      <Card className="grid gap-4">
        <h3 id="join-code-heading" className="text-lg font-bold">
          {t("joinCode.heading")}
        </h3>
        <p className="text-slate-700 dark:text-slate-300">{t("joinCode.intro")}</p>
        <OutcomeNote outcome={outcome} />
        <Button size="lg" onClick={() => void create()} disabled={busy}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <QrCode aria-hidden="true" className="size-5" />
          )}
          {busy ? t("joinCode.creating") : t("joinCode.create")}
        </Button>
        {code ? (
          <Button size="lg" variant="outline" onClick={() => setShowing(true)}>
            {t("joinCode.showAgain")}
          </Button>
        ) : null}
      </Card>
      {code ? (
        <JoinCodeScreen
          code={code}
          organisationName={organisationName}
          open={showing}
          onOpenChange={setShowing}
        />
      ) : null}
    </section>
  );
}
