import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * The names /etc/hosts gives this machine's loopback, besides localhost (`vm`, `localhost.localdomain`,
 * `ip6-localhost`, as the machine has them): names a webhook must never reach this machine by.
 */
export function loopbackNamesOfHostsFile(): string[] {
  let text = "";
  try {
    text = readFileSync("/etc/hosts", "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim().split(/\s+/))
    .filter(([address]) => address === "::1" || address?.startsWith("127."))
    .flatMap(([, ...names]) => names)
    .filter((name) => name !== "localhost");
}

/**
 * A service of this machine's that nothing outside should reach: a server on 127.0.0.1 that only counts the
 * connections made to it, and closes each.
 */
export async function startConnectionCounter() {
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
