import type { LucideIcon } from "lucide-react";
import { ArrowRight, ClipboardCheck, ClipboardList, Clock, ShieldCheck } from "lucide-react";
import { useLocation } from "wouter";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths, type FormKind } from "../../lib/app-paths";
import { useIsCompanyMember } from "../../lib/use-my-organisation";
import { IconHeading } from "./card-parts";
import { ReturnedFormsBanner } from "./returned-forms-banner";

interface StartCardProps {
  icon: LucideIcon;
  title: string;
  description: string;
  startLabel: string;
  onStart: () => void;
}

function StartCard({ icon, title, description, startLabel, onStart }: StartCardProps) {
  return (
    <Card className="flex flex-col">
      <IconHeading icon={icon} title={title} description={description} level="h3" />
      <Button size="lg" className="mt-4 w-full sm:mt-auto" onClick={onStart}>
        {startLabel}
        <ArrowRight aria-hidden="true" className="size-5" />
      </Button>
    </Card>
  );
}

/** The two forms a driver starts from the dashboard. */
const START_CARDS: readonly (Omit<StartCardProps, "onStart"> & { form: FormKind })[] = [
  {
    form: "timesheet",
    icon: Clock,
    title: "Weekly Timesheet",
    description: "Hours for each day, machine hours and signatures.",
    startLabel: "Start Timesheet",
  },
  {
    form: "check-sheet",
    icon: ClipboardCheck,
    title: "Daily Check Sheet",
    description: "The 14-point plant check, defects and photos.",
    startLabel: "Start Check Sheet",
  },
];

/** The Operator Dashboard ('forms' tab): a welcome by name and the two forms to start. */
export function OperatorDashboard({ driverName }: { driverName: string }) {
  const [, navigate] = useLocation();
  const start = (form: FormKind) => navigate(appPaths.customerSelection(form));
  // A company's driver submits to the office: the personal supervisor workflow is for drivers without one.
  const companyMember = useIsCompanyMember();
  return (
    <section aria-labelledby="dashboard-heading">
      {companyMember ? <ReturnedFormsBanner /> : null}
      <h2 id="dashboard-heading" className="text-xl font-bold">
        Operator Dashboard
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Welcome, <strong className="text-slate-900 dark:text-white">{driverName}</strong>. What are you
        filling in today?
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {START_CARDS.map(({ form, ...card }) => (
          <StartCard key={form} {...card} onStart={() => start(form)} />
        ))}
      </div>
      {companyMember ? null : (
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          <Button variant="outline" size="lg" onClick={() => navigate(appPaths.collation())}>
            <ClipboardList aria-hidden="true" className="size-5" />
            View Collations
          </Button>
          <Button variant="outline" size="lg" onClick={() => navigate(appPaths.collation("ready"))}>
            <ShieldCheck aria-hidden="true" className="size-5" />
            Present for Approval
          </Button>
        </div>
      )}
    </section>
  );
}
