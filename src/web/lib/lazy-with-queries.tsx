import { type ComponentType, lazy } from "react";
import { wholeCatalog } from "./i18n";

/**
 * A lazily loaded part of the app that reads or writes server data: its code and the query client's arrive
 * together, and it renders inside the app's one query client (query-scope.tsx). The first screen uses no
 * server data, so the query library is not part of its load. Its words come with it: the catalog's part beyond the
 * first screen's.
 */
export function lazyWithQueries<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  return lazy(async () => {
    const [module, { QueryScope }] = await Promise.all([load(), import("./query-scope"), wholeCatalog()]);
    const Part = pick(module);
    return {
      default: (props: P) => (
        <QueryScope>
          <Part {...props} />
        </QueryScope>
      ),
    };
  });
}
