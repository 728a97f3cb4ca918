/** The addresses a pack will go to, one a line, so the supervisor sees who gets it before it is sent. */
export function RecipientList({ addresses, label }: { addresses: readonly string[]; label: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: it sits inside a dialog's description paragraph, where a ul may not go.
    <span role="list" aria-label={label} className="mt-2 block space-y-1">
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
