import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ValidateOrderRequestSchema } from "../../domain/company/customer";
import { parseInput } from "../parse-input";
import { checkOrderNumber, customersFor } from "../services/driver-lists";
import { orderRuleOf } from "../services/organisations/order-rule";

const CustomerParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const customerRoutes: FastifyPluginAsync = async (app) => {
  app.get("/customers", async (request) => customersFor(app.deps, request.session?.account ?? null));

  // The rule customer selection checks a number against before asking: the caller's company's, or the spec's.
  app.get("/order-rule", async (request) =>
    orderRuleOf(app.deps.database.db, request.session?.account ?? null),
  );

  app.post("/customers/:id/validate-order", async (request) => {
    const { id } = parseInput(CustomerParamsSchema, request.params);
    const { orderNumber } = parseInput(ValidateOrderRequestSchema, request.body);
    return checkOrderNumber(app.deps, request.session?.account ?? null, id, orderNumber);
  });
};
