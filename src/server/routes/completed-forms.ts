import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { CompletedFormResponse } from "../../domain/api/api";
import { IdSchema } from "../../domain/forms/form-fields";
import { AppError } from "../app-error";
import { parseInput } from "../parse-input";
import { completedFormView } from "../services/completed-form-view";
import { viewAccessOf } from "./request-readers";

const ParamsSchema = z.object({ id: IdSchema });

/** The read-only view of a form, for its owner or for whoever holds the emailed link's token. */
export const completedFormRoutes: FastifyPluginAsync = async (app) => {
  app.get("/completed-forms/:id", async (request): Promise<CompletedFormResponse> => {
    const { id } = parseInput(ParamsSchema, request.params);
    const view = await completedFormView(app.deps, id, viewAccessOf(request));
    if (!view) throw new AppError("not_found", "apiError.formNotAvailable");
    return view;
  });
};
