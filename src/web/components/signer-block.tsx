import PenLine from "lucide-react/icons/pen-line";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import Trash2 from "lucide-react/icons/trash";
import { useId, useState } from "react";
import { useT } from "../lib/i18n";
import { SignaturePadDialog } from "./signature-pad-dialog";
import { Button } from "./ui/button";
import { Card } from "./ui/card";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

interface SignerBlockProps {
  /** The block's heading, also the signing dialog's title unless `dialogTitle` is given. */
  title: string;
  /** The signing dialog's title when it differs from the heading: 'Operator Signature', 'Client Signature'. */
  dialogTitle?: string;
  nameLabel?: string;
  namePlaceholder?: string;
  name: string;
  onNameChange: (name: string) => void;
  /** The PNG data URL, or "" before signing. */
  signature: string;
  /** A new signature and when it was drawn (ISO-8601), or both "" when cleared. */
  onSignatureChange: (signature: string, drawnAt: string) => void;
  /** The line on the empty pad: 'Tap to sign', 'Client signature required', 'Tap to sign (optional)'. */
  prompt: string;
  clearLabel?: string;
}

/**
 * One signer: printed name, then the signature. Signing needs the name typed first; once signed the image
 * shows with Change Signature and a Clear that empties name and signature (disabled while both are empty).
 */
export function SignerBlock({
  title,
  dialogTitle = title,
  nameLabel,
  namePlaceholder,
  name,
  onNameChange,
  signature,
  onSignatureChange,
  prompt,
  clearLabel,
}: SignerBlockProps) {
  const t = useT();
  const clearWord = clearLabel ?? t("signature.clear");
  const ids = { heading: useId(), name: useId(), needsName: useId() };
  const [padOpen, setPadOpen] = useState(false);
  const hasName = name.trim() !== "";
  const signed = signature !== "";

  const clear = () => {
    onNameChange("");
    onSignatureChange("", "");
  };

  return (
    <Card className="space-y-4" role="region" aria-labelledby={ids.heading}>
      <h3 id={ids.heading} className="text-lg font-bold">
        {title}
      </h3>
      <div>
        <Label htmlFor={ids.name}>{nameLabel ?? t("signer.printName")}</Label>
        <Input
          id={ids.name}
          value={name}
          onChange={(event) => onNameChange(event.currentTarget.value)}
          placeholder={namePlaceholder ?? t("signer.namePlaceholder")}
          autoComplete="name"
          autoCapitalize="words"
          maxLength={200}
        />
      </div>

      {signed ? (
        <div className="space-y-3">
          <div className="rounded-lg border border-slate-300 bg-white p-2 dark:border-slate-600">
            <img
              src={signature}
              alt={
                name.trim()
                  ? t("signer.signatureAlt", { title, name: name.trim() })
                  : t("signer.signatureAltUnnamed", { title })
              }
              className="h-28 w-full object-contain"
            />
          </div>
          <div className="grid grid-cols-[1fr_auto] gap-3">
            <Button variant="outline" disabled={!hasName} onClick={() => setPadOpen(true)}>
              <RotateCcw aria-hidden="true" className="size-5" />
              {t("signer.changeSignature")}
            </Button>
            <Button variant="outline" onClick={clear}>
              <Trash2 aria-hidden="true" className="size-5" />
              {clearWord}
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-3">
          <Button
            variant="outline"
            className="min-h-28 w-full flex-col border-2 border-dashed text-lg"
            disabled={!hasName}
            aria-describedby={hasName ? undefined : ids.needsName}
            onClick={() => setPadOpen(true)}
          >
            <span className="flex items-center gap-2">
              <PenLine aria-hidden="true" className="size-6" />
              {t("signer.sign")}
            </span>
            <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{prompt}</span>
          </Button>
          {hasName ? null : (
            <p id={ids.needsName} className="text-sm text-slate-700 dark:text-slate-300">
              {t("signer.typeNameFirst")}
            </p>
          )}
          <Button variant="ghost" className="w-full" disabled={!hasName} onClick={clear}>
            <Trash2 aria-hidden="true" className="size-5" />
            {clearWord}
          </Button>
        </div>
      )}

      <SignaturePadDialog
        open={padOpen}
        onOpenChange={setPadOpen}
        title={dialogTitle}
        signerName={name}
        onSave={onSignatureChange}
      />
    </Card>
  );
}
