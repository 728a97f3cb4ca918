import { Eye, Inbox, Trash2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";

/**
 * Supervisor: draft sheets grouped for approval. With no drafts there is nothing to view or clear, so both
 * actions stay disabled and the spec's empty state shows.
 */
export function SupervisorTab() {
  return (
    <section aria-labelledby="supervisor-heading">
      <h2 id="supervisor-heading" className="text-xl font-bold">
        Supervisor
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Review draft sheets, get them approved and email them to the client.
      </p>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        <Button variant="outline" disabled>
          <Eye aria-hidden="true" className="size-5" />
          View All Sheets
        </Button>
        <Button variant="outline" disabled>
          <Trash2 aria-hidden="true" className="size-5" />
          Clear All Drafts
        </Button>
      </div>
      <Card className="mt-3 flex flex-col items-center gap-3 py-8 text-center">
        <Inbox aria-hidden="true" className="size-10 text-slate-500 dark:text-slate-400" />
        <h3 className="text-lg font-bold">No Draft Sheets</h3>
        <p className="max-w-sm text-slate-700 dark:text-slate-300">
          Timesheets and check sheets saved as drafts appear here, paired into sets ready for approval.
        </p>
      </Card>
    </section>
  );
}
