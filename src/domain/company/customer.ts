import { z } from "zod";

export const CustomerSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(200),
  requiresOrderValidation: z.boolean(),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** A customer on GET /api/customers: for a signed-in driver, with the order number they last gave it, if any. */
export const CustomerChoiceSchema = CustomerSchema.extend({ lastOrderNumber: z.string().optional() });
export type CustomerChoice = z.infer<typeof CustomerChoiceSchema>;

export const ValidateOrderRequestSchema = z.object({
  orderNumber: z.string().max(100),
});
export type ValidateOrderRequest = z.infer<typeof ValidateOrderRequestSchema>;

export const ValidateOrderResponseSchema = z.object({
  valid: z.boolean(),
  message: z.string(),
});
export type ValidateOrderResponse = z.infer<typeof ValidateOrderResponseSchema>;
