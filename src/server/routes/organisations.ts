import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import {
  AcceptInviteRequestSchema,
  ChangeRoleRequestSchema,
  ChooseLanguageRequestSchema,
  CreateOrganisationRequestSchema,
  InviteRequestSchema,
  InviteTokenQuerySchema,
  JoinCodeRequestSchema,
  type MyOrganisationResponse,
  OrganisationFormsQuerySchema,
  SetHireDeskRequestSchema,
  SetHireTermsRequestSchema,
  WorkshopTokenSchema,
} from "../../domain/api/api";
import { QrCodeSchema } from "../../domain/checks/vehicle";
import { FixDefectRequestSchema, WorkshopRequestSchema } from "../../domain/checks/vehicle-defects";
import {
  NewCustomerSchema,
  NewFleetVehicleSchema,
  RetireRequestSchema,
} from "../../domain/company/company-lists";
import { CustomerSchema } from "../../domain/company/customer";
import { ImportSaveQuerySchema, LIST_IMPORTS, MAX_IMPORT_BYTES } from "../../domain/company/list-import";
import {
  OfficeReviewQuerySchema,
  ReopenRequestSchema,
  ReviewApproveRequestSchema,
  SendBackRequestSchema,
} from "../../domain/company/office-review";
import { OrderRuleRequestSchema } from "../../domain/company/order-prefixes";
import { WebhookRequestSchema } from "../../domain/company/webhook";
import { IdSchema } from "../../domain/forms/form-fields";
import { importFileProblemText } from "../../domain/text/company-messages";
import { requireAccount } from "../auth/sessions";
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
import {
  approvedWeeksWorkbook,
  defectsCsv,
  hoursCsv,
  invoiceLinesCsv,
} from "../services/organisations/exports";
import { setCompanyHireDesk, setCompanyHireTerms } from "../services/organisations/hire-terms";
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
import { setOrderRule } from "../services/organisations/order-rule";
import { memberOf } from "../services/organisations/organisation-access";
import { setCompanyLanguage } from "../services/organisations/organisation-language";
import { myOrganisation, organisationView } from "../services/organisations/organisation-view";
import {
  approveReviewedSet,
  reopenReviewedSet,
  sendBackReviewedSet,
} from "../services/organisations/review-decisions";
import { reviewWeek } from "../services/organisations/review-week";
import { removeCompanySamples } from "../services/organisations/sample-lists";
import { fixDefect, listFleet } from "../services/organisations/vehicle-defects";
import {
  confirmWorkshopAddress,
  lookUpWorkshopLink,
  resendWorkshopLink,
  setWorkshopAddress,
} from "../services/organisations/workshop-address";
import { auditActorOf } from "./request-readers";

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
    return reply.status(201).send(await createOrganisation(app.deps, account, body));
  });

  app.get(
    "/organisations/mine",
    async (request): Promise<MyOrganisationResponse> =>
      myOrganisation(app.deps.database.db, requireAccount(request)),
  );

  app.get("/organisations/:id", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return organisationView(app.deps.database.db, await memberOf(app.deps, account, id));
  });

  app.get("/organisations/:id/forms", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    const query = parseInput(OrganisationFormsQuerySchema, request.query);
    return listOrganisationForms(app.deps, account, id, query);
  });

  app.get("/organisations/:id/review", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    const query = parseInput(OfficeReviewQuerySchema, request.query);
    return listOfficeReview(app.deps, account, id, query);
  });

  app.get("/organisations/:id/review/:timesheetId/week", async (request) => {
    const account = requireAccount(request);
    const { id, timesheetId } = parseInput(ReviewParamsSchema, request.params);
    return reviewWeek(app.deps, account, id, timesheetId);
  });

  app.post("/organisations/:id/review/:timesheetId/approve", async (request) => {
    const account = requireAccount(request);
    const { id, timesheetId } = parseInput(ReviewParamsSchema, request.params);
    const body = parseInput(ReviewApproveRequestSchema, request.body);
    return approveReviewedSet(app.deps, account, auditActorOf(request), id, timesheetId, body);
  });

  app.post("/organisations/:id/review/:timesheetId/send-back", async (request) => {
    const account = requireAccount(request);
    const { id, timesheetId } = parseInput(ReviewParamsSchema, request.params);
    const body = parseInput(SendBackRequestSchema, request.body);
    return sendBackReviewedSet(app.deps, account, auditActorOf(request), id, timesheetId, body);
  });

  app.post("/organisations/:id/review/:timesheetId/reopen", async (request) => {
    const account = requireAccount(request);
    const { id, timesheetId } = parseInput(ReviewParamsSchema, request.params);
    const body = parseInput(ReopenRequestSchema, request.body);
    return reopenReviewedSet(app.deps, account, auditActorOf(request), id, timesheetId, body);
  });

  app.get("/organisations/:id/fleet", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return listFleet(app.deps, account, id);
  });

  app.post("/organisations/:id/vehicles", async (request, reply) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    const body = parseInput(NewFleetVehicleSchema, request.body);
    return reply.status(201).send(await addFleetVehicle(app.deps, account, id, body));
  });

  app.put("/organisations/:id/vehicles/:qrCode", async (request) => {
    const account = requireAccount(request);
    const { id, qrCode } = parseInput(VehicleParamsSchema, request.params);
    const body = parseInput(NewFleetVehicleSchema, request.body);
    return editFleetVehicle(app.deps, account, id, qrCode, body);
  });

  app.put("/organisations/:id/vehicles/:qrCode/retired", async (request) => {
    const account = requireAccount(request);
    const { id, qrCode } = parseInput(VehicleParamsSchema, request.params);
    const body = parseInput(RetireRequestSchema, request.body);
    return retireFleetVehicle(app.deps, account, id, qrCode, body);
  });

  app.delete("/organisations/:id/samples", async (request, reply) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    await removeCompanySamples(app.deps, account, id);
    return reply.status(204).send();
  });

  app.get("/organisations/:id/customers", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return listCompanyCustomers(app.deps, account, id);
  });

  app.post("/organisations/:id/customers", async (request, reply) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    const body = parseInput(NewCustomerSchema, request.body);
    return reply.status(201).send(await addCustomer(app.deps, account, id, body));
  });

  app.put("/organisations/:id/customers/:customerId", async (request) => {
    const account = requireAccount(request);
    const { id, customerId } = parseInput(CustomerParamsSchema, request.params);
    const body = parseInput(NewCustomerSchema, request.body);
    return editCustomer(app.deps, account, id, customerId, body);
  });

  app.put("/organisations/:id/customers/:customerId/retired", async (request) => {
    const account = requireAccount(request);
    const { id, customerId } = parseInput(CustomerParamsSchema, request.params);
    const body = parseInput(RetireRequestSchema, request.body);
    return retireCustomer(app.deps, account, id, customerId, body);
  });

  app.put("/organisations/:id/order-rule", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    const { prefixes } = parseInput(OrderRuleRequestSchema, request.body);
    return setOrderRule(app.deps, account, id, prefixes);
  });

  app.put("/organisations/:id/language", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return setCompanyLanguage(app.deps, account, id, parseInput(ChooseLanguageRequestSchema, request.body));
  });

  app.put("/organisations/:id/hire-terms", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return setCompanyHireTerms(app.deps, account, id, parseInput(SetHireTermsRequestSchema, request.body));
  });

  app.put("/organisations/:id/hire-desk", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return setCompanyHireDesk(app.deps, account, id, parseInput(SetHireDeskRequestSchema, request.body));
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
        tooLarge: importFileProblemText({ kind: "too-large" }, LIST_IMPORTS[list].columns),
      },
    };
    app.post(`/organisations/:id/${path}/import/preview`, options, async (request) => {
      const account = requireAccount(request);
      const { id } = parseInput(OrganisationParamsSchema, request.params);
      return previewImport(app.deps, account, id, list, request.body);
    });
    app.post(`/organisations/:id/${path}/import`, options, async (request, reply) => {
      const account = requireAccount(request);
      const { id } = parseInput(OrganisationParamsSchema, request.params);
      const { expect } = parseInput(ImportSaveQuerySchema, request.query);
      return reply.status(201).send(await saveImport(app.deps, account, id, list, request.body, expect));
    });
  }

  app.post("/organisations/:id/defects/:defectId/fixed", async (request) => {
    const account = requireAccount(request);
    const { id, defectId } = parseInput(DefectParamsSchema, request.params);
    const body = parseInput(FixDefectRequestSchema, request.body);
    return fixDefect(app.deps, account, id, defectId, body);
  });

  app.put("/organisations/:id/workshop", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    const body = parseInput(WorkshopRequestSchema, request.body);
    return setWorkshopAddress(app.deps, account, id, body);
  });

  app.post("/organisations/:id/workshop/link", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return resendWorkshopLink(app.deps, account, id);
  });

  // The person at a workshop address, who needs no account. The look-up's token travels as `?token=`, which the
  // request log leaves out (log-redaction.ts); only the POST, a button press, confirms.
  app.get("/workshop-confirmation", async (request) => {
    const { token } = parseInput(WorkshopTokenSchema, request.query);
    return lookUpWorkshopLink(app.deps, token);
  });

  app.post("/workshop-confirmation", async (request) => {
    const { token } = parseInput(WorkshopTokenSchema, request.body);
    return confirmWorkshopAddress(app.deps, token);
  });

  // The exports of approved weeks: `from` and `to` are week endings, both included. Built whole, then sent.
  const exports = {
    "hours.csv": { make: hoursCsv, type: CSV_TYPE },
    "defects.csv": { make: defectsCsv, type: CSV_TYPE },
    "invoice-lines.csv": { make: invoiceLinesCsv, type: CSV_TYPE },
    "workbook.xlsx": { make: approvedWeeksWorkbook, type: XLSX_TYPE },
  } as const;
  for (const [file, { make, type }] of Object.entries(exports)) {
    app.get(`/organisations/:id/exports/${file}`, async (request, reply) => {
      const account = requireAccount(request);
      const { id } = parseInput(OrganisationParamsSchema, request.params);
      const { stream, size, fileName } = await make(app.deps, account, id, request.query);
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
    return reply.status(201).send(await inviteByEmail(app.deps, account, id, body));
  });

  app.get("/organisations/:id/invites", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return listInvites(app.deps, account, id);
  });

  app.delete("/organisations/:id/invites/:inviteId", async (request, reply) => {
    const account = requireAccount(request);
    const { id, inviteId } = parseInput(InviteParamsSchema, request.params);
    await revokeOpenInvite(app.deps, account, id, inviteId);
    return reply.status(204).send();
  });

  app.post("/organisations/:id/join-codes", async (request, reply) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    // Refuses any role but a driver's, with words that say how the others are invited.
    parseInput(JoinCodeRequestSchema, request.body);
    return reply.status(201).send(await createJoinCode(app.deps, account, id));
  });

  app.put("/organisations/:id/members/:accountId", async (request, reply) => {
    const account = requireAccount(request);
    const { id, accountId } = parseInput(MemberParamsSchema, request.params);
    const { role } = parseInput(ChangeRoleRequestSchema, request.body);
    await changeMemberRole(app.deps, account, id, accountId, role);
    return reply.status(204).send();
  });

  app.delete("/organisations/:id/members/:accountId", async (request, reply) => {
    const account = requireAccount(request);
    const { id, accountId } = parseInput(MemberParamsSchema, request.params);
    await removeMember(app.deps, account, id, accountId);
    return reply.status(204).send();
  });

  app.post("/organisations/:id/leave", async (request, reply) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    await leaveOrganisation(app.deps, account, id);
    return reply.status(204).send();
  });

  app.get("/organisations/:id/webhook", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return viewWebhook(app.deps, account, id);
  });

  // The two answers that carry a secret are not kept anywhere: not by a cache, not as an Idempotency-Key's answer.
  app.put("/organisations/:id/webhook", async (request, reply) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    const body = parseInput(WebhookRequestSchema, request.body);
    const { created, body: answer } = await setWebhook(app.deps, account, id, body);
    return reply
      .status(created ? 201 : 200)
      .header("cache-control", "no-store")
      .send(answer);
  });

  app.post("/organisations/:id/webhook/rotate-secret", async (request, reply) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    return reply.header("cache-control", "no-store").send(await rotateSecret(app.deps, account, id));
  });

  app.delete("/organisations/:id/webhook", async (request, reply) => {
    const account = requireAccount(request);
    const { id } = parseInput(OrganisationParamsSchema, request.params);
    await removeWebhook(app.deps, account, id);
    return reply.status(204).send();
  });

  app.post("/organisations/:id/webhook/deliveries/:deliveryId/resend", async (request, reply) => {
    const account = requireAccount(request);
    const { id, deliveryId } = parseInput(DeliveryParamsSchema, request.params);
    await resendDelivery(app.deps, account, id, deliveryId);
    return reply.status(204).send();
  });

  // The token travels as `?token=`, which the request log leaves out (log-redaction.ts).
  app.get("/invites", async (request) => {
    const { token } = parseInput(InviteTokenQuerySchema, request.query);
    return lookUpInvite(app.deps, token);
  });

  app.post("/invites/accept", async (request) => {
    const account = requireAccount(request);
    const { token } = parseInput(AcceptInviteRequestSchema, request.body);
    return acceptInvite(app.deps, account, token);
  });
};
