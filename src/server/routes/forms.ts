import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { FormListQuerySchema, type IdResponse } from "../../domain/api/api";
import { IdSchema } from "../../domain/forms/form-fields";
import type { AnyFormSpec } from "../../domain/forms/form-spec";
import type { OneStepResponse } from "../../domain/forms/one-step";
import { AppError } from "../app-error";
import { requireAccount } from "../auth/sessions";
import { parseInput } from "../parse-input";
import { completeForm } from "../services/complete-form";
import { listOwnForms, readOwnForm } from "../services/list-forms";
import { removeOwnForm } from "../services/remove-form";
import { createForm, formNotFound, updateOwnForm } from "../services/save-form";
import { auditActorOf } from "./request-readers";

const IdParamsSchema = z.object({ id: IdSchema });

/**
 * The calls of spec section 7 for one form type: list, read, create, update and delete under its path, which
 * need an account and only ever see that account's forms (another account's id answers 404, exactly like an id
 * that does not exist), and its one-step completion, which works with or without one.
 */
export function formRoutes(spec: AnyFormSpec): FastifyPluginAsync {
  const path = spec.apiPath;
  return async (app) => {
    app.get(path, async (request) => {
      const account = requireAccount(request);
      return listOwnForms(app.deps, spec, account, parseInput(FormListQuerySchema, request.query));
    });

    app.get(`${path}/:id`, async (request) => {
      const account = requireAccount(request);
      const { id } = parseInput(IdParamsSchema, request.params);
      return readOwnForm(app.deps, spec, account, id);
    });

    app.post(path, async (request, reply) => {
      const account = requireAccount(request);
      const input = parseInput(spec.inputSchema, request.body);
      const id = input.id ?? crypto.randomUUID();
      const { created } = await createForm(app.deps, spec, account, auditActorOf(request), { ...input, id });
      return reply.status(created ? 201 : 200).send({ id } satisfies IdResponse);
    });

    app.put(`${path}/:id`, async (request): Promise<IdResponse> => {
      const account = requireAccount(request);
      const { id } = parseInput(IdParamsSchema, request.params);
      const input = parseInput(spec.inputSchema, request.body);
      if (input.id !== undefined && input.id !== id) {
        throw new AppError("bad_request", "apiError.bodyIdMismatch");
      }
      await updateOwnForm(app.deps, spec, account, auditActorOf(request), id, input);
      return { id };
    });

    app.delete(`${path}/:id`, async (request, reply) => {
      const account = requireAccount(request);
      const { id } = parseInput(IdParamsSchema, request.params);
      if (!(await removeOwnForm(app.deps, account, auditActorOf(request), spec, id, "delete"))) {
        throw formNotFound(spec);
      }
      return reply.status(204).send();
    });

    // With an account the form is kept and completed; without one it is only mailed (spec section 6).
    app.post(spec.oneStep.path, async (request): Promise<OneStepResponse & { id: string | null }> => {
      const body = parseInput(spec.oneStep.requestSchema, request.body);
      const account = request.session?.account ?? null;
      const { id, recipients } = await completeForm(app.deps, spec, account, body, auditActorOf(request));
      return {
        success: true,
        message: spec.oneStep.succeeded.description,
        id,
        recipients,
      };
    });
  };
}
