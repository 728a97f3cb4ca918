import { useT } from "../../lib/i18n";

/**
 * What sending a pack will do, then the addresses it goes to, one a line: the supervisor sees who gets it before
 * it is sent.
 */
export function PackRecipients({ sentence, addresses }: { sentence: string; addresses: readonly string[] }) {
  return (
    <>
      {sentence}
      <RecipientList addresses={addresses} />
    </>
  );
}

function RecipientList({ addresses }: { addresses: readonly string[] }) {
  const t = useT();
  return (
    // biome-ignore lint/a11y/useSemanticElements: it sits inside a dialog's description paragraph, where a ul may not go.
    <span role="list" aria-label={t("supervisor.recipientsOfPack")} className="mt-2 block space-y-1">
      {addresses.map((address) => (
        // biome-ignore lint/a11y/useSemanticElements: an item of the span list above.
        <span
          key={address}
          role="listitem"
          className="block break-all rounded-md bg-slate-100 px-2 py-1 font-medium text-slate-900 dark:bg-slate-800 dark:text-slate-100"
        >
          {address}
        </span>
      ))}
    </span>
  );
}
