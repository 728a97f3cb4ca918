import { TRAFFIC_LIGHTS, type TrafficLight } from "../../../domain/sets/traffic-light";

/** The table's sortable columns. */
export const SET_COLUMNS = ["driver", "plant", "week", "hours", "defects", "status"] as const;
export type SetColumn = (typeof SET_COLUMNS)[number];

export interface SetSort {
  column: SetColumn;
  direction: "ascending" | "descending";
}

/** What a row shows, as the sort reads it. Hours and defects are missing for a form that has none to give. */
export interface SortableRow {
  id: string;
  driver: string;
  plant: string;
  /** ISO date, or "". */
  week: string;
  hours?: number;
  defects?: number;
  light: TrafficLight;
}

/** Clicking a column's header sorts by it, ascending first; clicking it again turns the order round. */
export function nextSort(current: SetSort, column: SetColumn): SetSort {
  if (current.column !== column) return { column, direction: "ascending" };
  return { column, direction: current.direction === "ascending" ? "descending" : "ascending" };
}

function value(row: SortableRow, column: SetColumn): string | number | undefined {
  switch (column) {
    case "driver":
      return row.driver.trim().toLowerCase() || undefined;
    case "plant":
      return row.plant.trim().toLowerCase() || undefined;
    case "week":
      return row.week || undefined;
    case "hours":
      return row.hours;
    case "defects":
      return row.defects;
    case "status":
      // The lights in the order a set goes through them, red first and archived last: the reverse of their
      // precedence.
      return TRAFFIC_LIGHTS.length - 1 - TRAFFIC_LIGHTS.indexOf(row.light);
  }
}

/** The rows in the chosen order; a row with nothing in the column goes last either way, ties keep their order. */
export function sortRows<R extends SortableRow>(rows: readonly R[], sort: SetSort): R[] {
  const sign = sort.direction === "ascending" ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row, sort.column) }))
    .sort((a, b) => {
      if (a.key === undefined || b.key === undefined) {
        if (a.key === b.key) return a.index - b.index;
        return a.key === undefined ? 1 : -1;
      }
      const order =
        typeof a.key === "number" && typeof b.key === "number"
          ? a.key - b.key
          : String(a.key).localeCompare(String(b.key), "en-GB", { numeric: true });
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map(({ row }) => row);
}
