import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ValidateOrderRequestSchema, type ValidateOrderResponse } from "../../domain/customer";
import { messages } from "../../domain/messages";
import { validateOrderNumber } from "../../domain/order-number";
import { AppError } from "../app-error";
import { findCustomer, listCustomers } from "../db/customers-repository";
import { parseInput } from "../parse-input";

const CustomerParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const customerRoutes: FastifyPluginAsync = async (app) => {
  app.get("/customers", async () => listCustomers(app.deps.database.db));

  app.post("/customers/:id/validate-order", async (request): Promise<ValidateOrderResponse> => {
    const { id } = parseInput(CustomerParamsSchema, request.params);
    const { orderNumber } = parseInput(ValidateOrderRequestSchema, request.body);
    const customer = await findCustomer(app.deps.database.db, id);
    if (!customer) throw new AppError("not_found", messages.customerNotFound);
    const { valid, message } = validateOrderNumber(orderNumber);
    return { valid, message };
  });
};
