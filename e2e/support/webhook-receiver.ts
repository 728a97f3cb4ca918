import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { WEBHOOK_HEADERS } from "../../src/domain/company/webhook";
import { verifyWebhookSignature } from "../../src/server/webhooks/webhook-signature";

interface Call {
  event: string;
  delivery: string;
  verified: boolean;
  body: { event: string; data: Record<string, unknown> };
}

/** A hire desk's receiver on this machine: it keeps each call, with whether its signature checks out. */
export async function webhookReceiver(secret: () => string) {
  const calls: Call[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      calls.push({
        event: String(request.headers[WEBHOOK_HEADERS.event.toLowerCase()]),
        delivery: String(request.headers[WEBHOOK_HEADERS.delivery.toLowerCase()]),
        verified: verifyWebhookSignature(
          secret(),
          request.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string | undefined,
          raw,
          new Date(),
        ),
        body: JSON.parse(raw),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/plant-sheets`, calls, close: () => server.close() };
}
