import { UserPlus } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { openAuthDialog } from "../../lib/auth-dialog-store";
import { TickList } from "./card-parts";

const benefits = [
  "Save drafts and finish them later",
  "A history of every sheet you complete",
  "Track the status of each sheet",
  "A supervisor area to approve and email sets",
] as const;

/** 'Why Create an Account?' for logged-out users: the app works without one, this is what one adds. */
export function AccountBanner() {
  return (
    <Card className="mt-6 border-amber-300 bg-amber-50 dark:border-amber-400/30 dark:bg-amber-400/10">
      <h2 className="text-lg font-bold">Why Create an Account?</h2>
      <TickList points={benefits} className="mt-3" />
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
        It is optional: every form can be completed and emailed without one.
      </p>
      <Button size="lg" className="mt-4 w-full" onClick={() => openAuthDialog("register")}>
        <UserPlus aria-hidden="true" className="size-5" />
        Create Account
      </Button>
    </Card>
  );
}
