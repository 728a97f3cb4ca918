import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { useT } from "../lib/i18n";
import { OutboxList } from "./outbox-list";

/** The list of what waits on this device, in a dialog; the header's badge loads it when first opened. */
export function OutboxDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("outbox.title")}</DialogTitle>
          <DialogDescription>{t("outbox.description")}</DialogDescription>
        </DialogHeader>
        <OutboxList onNavigate={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
