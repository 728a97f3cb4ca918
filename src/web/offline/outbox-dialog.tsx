import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { OutboxList } from "./outbox-list";

/** The list of what waits on this device, in a dialog; the header's badge loads it when first opened. */
export function OutboxDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Waiting to send</DialogTitle>
          <DialogDescription>
            Kept on this phone and sent in order as soon as there is signal. Nothing here is lost if you close
            the app.
          </DialogDescription>
        </DialogHeader>
        <OutboxList onNavigate={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
