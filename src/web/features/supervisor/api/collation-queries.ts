import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { CollationEntrySchema } from "../../../../domain/sets/collation";
import { FRESH_LIST } from "../../../lib/query-client";

export const COLLATIONS_KEY = ["/api/collations"] as const;
const CollationListSchema = z.array(CollationEntrySchema);
const selectCollations = (answer: unknown) => CollationListSchema.parse(answer);

/** The supervisor's sets by how far along they are, read with the app's default query. */
export function useCollations() {
  return useQuery({
    queryKey: COLLATIONS_KEY,
    select: selectCollations,
    ...FRESH_LIST,
  });
}
