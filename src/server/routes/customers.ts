import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ValidateOrderRequestSchema, type ValidateOrderResponse } from "../../domain/customer";
import { messages } from "../../domain/messages";
import { validateOrderNumber } from "../../domain/order-number";
import { AppError } from "../app-error";
import { findCustomerOn, listCustomers } from "../db/customers-repository";
import { parseInput } from "../parse-input";
import { listOwnerOf } from "../services/organisations/organisation-access";

const CustomerParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** The customer list: the shared one, or for a member of a company that has its own, that (decision 029). */
export const customerRoutes: FastifyPluginAsync = async (app) => {
  app.get("/customers", async (request) => {
    const { db } = app.deps.database;
    return listCustomers(db, await listOwnerOf(db, request.session?.account ?? null, "customers"));
  });

  app.post("/customers/:id/validate-order", async (request): Promise<ValidateOrderResponse> => {
    const { id } = parseInput(CustomerParamsSchema, request.params);
    const { orderNumber } = parseInput(ValidateOrderRequestSchema, request.body);
    const { db } = app.deps.database;
    const customer = await findCustomerOn(
      db,
      await listOwnerOf(db, request.session?.account ?? null, "customers"),
      id,
    );
    if (!customer) throw new AppError("not_found", messages.customerNotFound);
    const { valid, message } = validateOrderNumber(orderNumber);
    return { valid, message };
  });
};
