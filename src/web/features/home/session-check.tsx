import { useCurrentDriver } from "../../lib/use-current-driver";

/** Asks the server once per load whether the stored session is still signed in there, and ends it if not. */
export function SessionCheck() {
  useCurrentDriver();
  return null;
}
