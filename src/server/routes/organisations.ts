import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import {
  AcceptInviteRequestSchema,
  ChangeRoleRequestSchema,
  CreateOrganisationRequestSchema,
  InviteRequestSchema,
  InviteTokenQuerySchema,
  JoinCodeRequestSchema,
  type MyOrganisationResponse,
  OrganisationFormsQuerySchema,
  WorkshopTokenSchema,
} from "../../domain/api";
import { NewCustomerSchema, NewFleetVehicleSchema, RetireRequestSchema } from "../../domain/company-lists";
import { companyMessages } from "../../domain/company-messages";
import { CustomerSchema } from "../../domain/customer";
import { IdSchema } from "../../domain/form-fields";
import { ImportSaveQuerySchema, LIST_IMPORTS, MAX_IMPORT_BYTES } from "../../domain/list-import";
import {
  OfficeReviewQuerySchema,
  ReopenRequestSchema,
  ReviewApproveRequestSchema,
  SendBackRequestSchema,
} from "../../domain/office-review";
import { QrCodeSchema } from "../../domain/vehicle";
import { FixDefectRequestSchema, WorkshopRequestSchema } from "../../domain/vehicle-defects";
import { WebhookRequestSchema } from "../../domain/webhook";
import { requireAccount } from "../auth/sessions";
import { findMembership } from "../db/organisations-repository";
import { parseInput } from "../parse-input";
import { acceptInvite, lookUpInvite } from "../services/organisations/accept-invite";
import {
  changeMemberRole,
  leaveOrganisation,
  removeMember,
} from "../services/organisations/change-membership";
import {
  addCustomer,
  editCustomer,
  listCompanyCustomers,
  retireCustomer,
} from "../services/organisations/company-customers";
import {
  addFleetVehicle,
  editFleetVehicle,
  retireFleetVehicle,
} from "../services/organisations/company-fleet";
import { createJoinCode } from "../services/organisations/create-join-code";
import { createOrganisation } from "../services/organisations/create-organisation";
import { approvedWeeksWorkbook, defectsCsv, hoursCsv } from "../services/organisations/exports";
import { inviteByEmail } from "../services/organisations/invite-by-email";
import { previewImport, saveImport } from "../services/organisations/list-imports";
import { listOrganisationForms } from "../services/organisations/list-organisation-forms";
import { listInvites, revokeOpenInvite } from "../services/organisations/manage-invites";
import {
  removeWebhook,
  resendDelivery,
  rotateSecret,
  setWebhook,
  viewWebhook,
} from "../services/organisations/manage-webhook";
import { listOfficeReview } from "../services/organisations/office-review";
import { memberOf } from "../services/organisations/organisation-access";
import { organisationView } from "../services/organisations/organisation-view";
import {
  approveReviewedSet,
  reopenReviewedSet,
  sendBackReviewedSet,
} from "../services/organisations/review-decisions";
import { fixDefect, listFleet } from "../services/organisations/vehicle-defects";
import {
  confirmWorkshopAddress,
  lookUpWorkshopLink,
  resendWorkshopLink,
  setWorkshopAddress,
} from "../services/organisations/workshop-address";
import { auditActorOf } from "../services/record-audit";

const CSV_TYPE = "text/csv; charset=utf-8";
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const OrganisationParamsSchema = z.object({ id: IdSchema });
const MemberParamsSchema = z.object({ id: IdSchema, accountId: IdSchema });
const ReviewParamsSchema = z.object({ id: IdSchema, timesheetId: IdSchema });
const InviteParamsSchema = z.object({ id: IdSchema, inviteId: IdSchema });
const DefectParamsSchema = z.object({ id: IdSchema, defectId: IdSchema });
const DeliveryParamsSchema = z.object({ id: IdSchema, deliveryId: IdSchema });
const VehicleParamsSchema = z.object({ id: IdSchema, qrCode: QrCodeSchema });
const CustomerParamsSchema = z.object({ id: IdSchema, customerId: CustomerSchema.shape.id });

/** The company's lists an admin imports from a CSV file, and the address of each. */
const IMPORTS = [
  { path: "vehicles", list: "fleet" },
  { path: "customers", list: "customers" },
] as const;

/**
 * The company layer (decision record 029): making an organisation, its members and their roles, invitations by
 * mail or join code, and its members' forms. Every route that names an organisation answers 404 unless the
 * caller belongs to it, and 403 when their role may not do what they ask. The work is in services/organisations.
 */
export const organisationRoutes: FastifyPluginAsync = async (app) => {
  app.post("/organisations", async (request, reply) => {
    const account = requireAccount(request);
    const body = parseInput(CreateOrganisationRequestSchema, request.body);
    return reply.status(201).send(await createOrganisation(app, account, body));
  });

  app.get("/organisations/mine", async (request): Promise<MyOrganisationResponse> => {
    const account = requireAccount(request);
    const { db } = app.deps.database;
    const membership = await findMembership(db, account.id);
    return { organisation: membership ? await organisationView(db, membership) : null };
  });

  app.get("/organisations/:id", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return organisationView(app.deps.database.db, await memberOf(app, account, id));
  });

  app.get("/organisations/:id/forms", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    const query = parseInput(OrganisationFormsQuerySchema, request.query);
    return listOrganisationForms(app, account, id, query);
  });

  app.get("/organisations/:id/review", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    const query = parseInput(OfficeReviewQuerySchema, request.query);
    return listOfficeReview(app, account, id, query);
  });

  app.post("/organisations/:id/review/:timesheetId/approve", async (request) => {
    const account = requireAccount(request);
    const { id, timesheetId } = parseInput(ReviewParamsSchema, request.params);
    const body = parseInput(ReviewApproveRequestSchema, request.body);
    return approveReviewedSet(app, account, auditActorOf(request), id, timesheetId, body);
  });

  app.post("/organisations/:id/review/:timesheetId/send-back", async (request) => {
    const account = requireAccount(request);
    const { id, timesheetId } = parseInput(ReviewParamsSchema, request.params);
    const body = parseInput(SendBackRequestSchema, request.body);
    return sendBackReviewedSet(app, account, auditActorOf(request), id, timesheetId, body);
  });

  app.post("/organisations/:id/review/:timesheetId/reopen", async (request) => {
    const account = requireAccount(request);
    const { id, timesheetId } = parseInput(ReviewParamsSchema, request.params);
    const body = parseInput(ReopenRequestSchema, request.body);
    return reopenReviewedSet(app, account, auditActorOf(request), id, timesheetId, body);
  });

  app.get("/organisations/:id/fleet", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return listFleet(app, account, id);
  });

  app.post("/organisations/:id/vehicles", async (request, reply) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    const body = parseInput(NewFleetVehicleSchema, request.body);
    return reply.status(201).send(await addFleetVehicle(app, account, id, body));
  });

  app.put("/organisations/:id/vehicles/:qrCode", async (request) => {
    const account = requireAccount(request);
    const { id, qrCode } = parseInput(VehicleParamsSchema, request.params);
    const body = parseInput(NewFleetVehicleSchema, request.body);
    return editFleetVehicle(app, account, id, qrCode, body);
  });

  app.put("/organisations/:id/vehicles/:qrCode/retired", async (request) => {
    const account = requireAccount(request);
    const { id, qrCode } = parseInput(VehicleParamsSchema, request.params);
    const body = parseInput(RetireRequestSchema, request.body);
    return retireFleetVehicle(app, account, id, qrCode, body);
  });

  app.get("/organisations/:id/customers", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return listCompanyCustomers(app, account, id);
  });

  app.post("/organisations/:id/customers", async (request, reply) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    const body = parseInput(NewCustomerSchema, request.body);
    return reply.status(201).send(await addCustomer(app, account, id, body));
  });

  app.put("/organisations/:id/customers/:customerId", async (request) => {
    const account = requireAccount(request);
    const { id, customerId } = parseInput(CustomerParamsSchema, request.params);
    const body = parseInput(NewCustomerSchema, request.body);
    return editCustomer(app, account, id, customerId, body);
  });

  app.put("/organisations/:id/customers/:customerId/retired", async (request) => {
    const account = requireAccount(request);
    const { id, customerId } = parseInput(CustomerParamsSchema, request.params);
    const body = parseInput(RetireRequestSchema, request.body);
    return retireCustomer(app, account, id, customerId, body);
  });

  // An import's file is sent as the admin picked it (text/csv, at most 1 MB): the domain reads its rows. A larger
  // body is refused as it arrives, in the import's own words.
  app.addContentTypeParser(
    "text/csv",
    { parseAs: "buffer", bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );
  for (const { path, list } of IMPORTS) {
    const options = {
      bodyLimit: MAX_IMPORT_BYTES,
      config: {
        tooLargeMessage: companyMessages.importFileProblem({ kind: "too-large" }, LIST_IMPORTS[list].columns),
      },
    };
    app.post(`/organisations/:id/${path}/import/preview`, options, async (request) => {
      const account = requireAccount(request);
      const { id } = parseInput(OrganisationParamsSchema, request.params);
      return previewImport(app, account, id, list, request.body);
    });
    app.post(`/organisations/:id/${path}/import`, options, async (request, reply) => {
      const account = requireAccount(request);
      const { id } = parseInput(OrganisationParamsSchema, request.params);
      const { expect } = parseInput(ImportSaveQuerySchema, request.query);
      return reply.status(201).send(await saveImport(app, account, id, list, request.body, expect));
    });
  }

  app.post("/organisations/:id/defects/:defectId/fixed", async (request) => {
    const account = requireAccount(request);
    const { id, defectId } = parseInput(DefectParamsSchema, request.params);
    const body = parseInput(FixDefectRequestSchema, request.body);
    return fixDefect(app, account, id, defectId, body);
  });

  app.put("/organisations/:id/workshop", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    const body = parseInput(WorkshopRequestSchema, request.body);
    return setWorkshopAddress(app, account, id, body);
  });

  app.post("/organisations/:id/workshop/link", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return resendWorkshopLink(app, account, id);
  });

  // The person at a workshop address, who needs no account. The look-up's token travels as `?token=`, which the
  // request log leaves out (log-redaction.ts); only the POST, a button press, confirms.
  app.get("/workshop-confirmation", async (request) => {
    const { token } = parseInput(WorkshopTokenSchema, request.query);
    return lookUpWorkshopLink(app, token);
  });

  app.post("/workshop-confirmation", async (request) => {
    const { token } = parseInput(WorkshopTokenSchema, request.body);
    return confirmWorkshopAddress(app, token);
  });

  // The exports of approved weeks: `from` and `to` are week endings, both included. Built whole, then sent.
  const exports = {
    "hours.csv": { make: hoursCsv, type: CSV_TYPE },
    "defects.csv": { make: defectsCsv, type: CSV_TYPE },
    "workbook.xlsx": { make: approvedWeeksWorkbook, type: XLSX_TYPE },
  } as const;
  for (const [file, { make, type }] of Object.entries(exports)) {
    app.get(`/organisations/:id/exports/${file}`, async (request, reply) => {
      const account = requireAccount(request);
      const { id } = parseInput(OrganisationParamsSchema, request.params);
      const { stream, size, fileName } = await make(app, account, id, request.query);
      return reply
        .type(type)
        .header("content-length", size)
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store")
        .send(stream);
    });
  }

  app.post("/organisations/:id/invites", async (request, reply) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    const body = parseInput(InviteRequestSchema, request.body);
    return reply.status(201).send(await inviteByEmail(app, account, id, body));
  });

  app.get("/organisations/:id/invites", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return listInvites(app, account, id);
  });

  app.delete("/organisations/:id/invites/:inviteId", async (request, reply) => {
    const account = requireAccount(request);
    const { id, inviteId } = parseInput(InviteParamsSchema, request.params);
    await revokeOpenInvite(app, account, id, inviteId);
    return reply.status(204).send();
  });

  app.post("/organisations/:id/join-codes", async (request, reply) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    // Refuses any role but a driver's, with words that say how the others are invited.
    parseInput(JoinCodeRequestSchema, request.body);
    return reply.status(201).send(await createJoinCode(app, account, id));
  });

  app.put("/organisations/:id/members/:accountId", async (request, reply) => {
    const account = requireAccount(request);
    const { id, accountId } = parseInput(MemberParamsSchema, request.params);
    const { role } = parseInput(ChangeRoleRequestSchema, request.body);
    await changeMemberRole(app, account, id, accountId, role);
    return reply.status(204).send();
  });

  app.delete("/organisations/:id/members/:accountId", async (request, reply) => {
    const account = requireAccount(request);
    const { id, accountId } = parseInput(MemberParamsSchema, request.params);
    await removeMember(app, account, id, accountId);
    return reply.status(204).send();
  });

  app.post("/organisations/:id/leave", async (request, reply) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    await leaveOrganisation(app, account, id);
    return reply.status(204).send();
  });

  app.get("/organisations/:id/webhook", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return viewWebhook(app, account, id);
  });

  // The two answers that carry a secret are not kept anywhere: not by a cache, not as an Idempotency-Key's answer.
  app.put("/organisations/:id/webhook", async (request, reply) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    const body = parseInput(WebhookRequestSchema, request.body);
    const { created, body: answer } = await setWebhook(app, account, id, body);
    return reply
      .status(created ? 201 : 200)
      .header("cache-control", "no-store")
      .send(answer);
  });

  app.post("/organisations/:id/webhook/rotate-secret", async (request, reply) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return reply.header("cache-control", "no-store").send(await rotateSecret(app, account, id));
  });

  app.delete("/organisations/:id/webhook", async (request, reply) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    await removeWebhook(app, account, id);
    return reply.status(204).send();
  });

  app.post("/organisations/:id/webhook/deliveries/:deliveryId/resend", async (request, reply) => {
    const account = requireAccount(request);
    const { id, deliveryId } = parseInput(DeliveryParamsSchema, request.params);
    await resendDelivery(app, account, id, deliveryId);
    return reply.status(204).send();
  });

  // The token travels as `?token=`, which the request log leaves out (log-redaction.ts).
  app.get("/invites", async (request) => {
    const { token } = parseInput(InviteTokenQuerySchema, request.query);
    return lookUpInvite(app, token);
  });

  app.post("/invites/accept", async (request) => {
    const account = requireAccount(request);
    const { token } = parseInput(AcceptInviteRequestSchema, request.body);
    return acceptInvite(app, account, token);
  });
};
