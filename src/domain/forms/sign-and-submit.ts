import { z } from "zod";
import { DateFieldSchema, EmailListSchema, NameFieldSchema, WhatsAppListSchema } from "./form-fields";
import { SignatureFieldSchema, SignedAtFieldSchema } from "./signatures";

/** The last step of a timesheet and of a check sheet: the operator's and the client's signatures, and where the form goes. */
export const signAndSubmitShape = {
  operatorSignature: SignatureFieldSchema,
  operatorSignedAt: SignedAtFieldSchema,
  operatorSignedName: NameFieldSchema,
  clientSignature: SignatureFieldSchema,
  clientSignedAt: SignedAtFieldSchema,
  clientSignedName: NameFieldSchema,
  signatureDate: DateFieldSchema,
  submitViaEmail: z.boolean(),
  submitViaWhatsApp: z.boolean(),
  submissionEmails: EmailListSchema,
  submissionWhatsApps: WhatsAppListSchema,
};

/** That step on a blank form: nothing signed, nowhere to send it yet. */
export function blankSignAndSubmit() {
  return {
    operatorSignature: "",
    operatorSignedName: "",
    clientSignature: "",
    clientSignedName: "",
    signatureDate: "",
    submitViaEmail: false,
    submitViaWhatsApp: false,
    submissionEmails: [] as string[],
    submissionWhatsApps: [] as string[],
  };
}
