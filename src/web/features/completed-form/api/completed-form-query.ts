import { useQuery } from "@tanstack/react-query";
import type { CompletedFormResponse } from "../../../../domain/api/api";
import { isCompletedStatus, isFormStatus } from "../../../../domain/forms/form-status";
import { apiRequest, NetworkError } from "../../../lib/api-client";
import { findKeptForm } from "../../../offline/kept-lists";

/** A completed form, for its owner or through the emailed link's token. */
export function useCompletedForm(id: string, token: string | null, owner: string | null) {
  return useQuery({
    queryKey: ["completed-form", id, token, owner],
    queryFn: async ({ signal }): Promise<{ answer: CompletedFormResponse; keptAt: number | null }> => {
      try {
        const answer = await apiRequest<CompletedFormResponse>(
          "GET",
          `/api/completed-forms/${encodeURIComponent(id)}${token ? `?token=${encodeURIComponent(token)}` : ""}`,
          undefined,
          { signal },
        );
        return { answer, keptAt: null };
      } catch (error) {
        // Without signal, the driver's own record shows as their history kept it on this device.
        const kept = error instanceof NetworkError && !token && owner ? await findKeptForm(owner, id) : null;
        if (!kept || !isCompletedStatus(isFormStatus(kept.form.status) ? kept.form.status : null))
          throw error;
        const answer = { type: kept.type, form: kept.form } as CompletedFormResponse;
        return { answer, keptAt: kept.keptAt };
      }
    },
  });
}
