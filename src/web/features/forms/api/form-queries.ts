import { queryOptions } from "@tanstack/react-query";
import type { AnyFormSpec } from "../../../../domain/forms/form-spec";
import { apiRequest } from "../../../lib/api-client";

/**
 * A saved draft, fetched afresh each time it is opened (nothing kept once its screen is gone). Keyed apart from
 * the lists, so a list's refresh after a save never reloads the form being typed in.
 */
export function draftQuery(spec: Pick<AnyFormSpec, "apiPath">, id: string) {
  const url = `/api${spec.apiPath}/${encodeURIComponent(id)}`;
  return queryOptions({
    queryKey: ["form-draft", spec.apiPath, id] as const,
    queryFn: ({ signal }) => apiRequest<unknown>("GET", url, undefined, { signal }),
    gcTime: 0,
  });
}
