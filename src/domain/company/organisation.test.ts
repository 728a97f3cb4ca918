import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { companyMessages } from "../text/company-messages";
import { english } from "../text/i18n/english";
import {
  acceptProblem,
  actionForbidden,
  actionProblem,
  INVITE_LIFETIME_MS,
  inviteExpiresAt,
  inviteKind,
  inviteState,
  JOIN_CODE_ROLE,
  joinProblem,
  MAX_ORGANISATION_NAME_LENGTH,
  type MemberChange,
  may,
  memberChangeProblem,
  ORGANISATION_ACTIONS,
  type OrganisationAction,
  OrganisationNameSchema,
  ROLES,
  type Role,
} from "./organisation";

/** The whole table, written out: a change to who may do what shows up here as a change to this test. */
const EXPECTED: Record<Role, readonly OrganisationAction[]> = {
  driver: ["view-organisation"],
  supervisor: ["view-organisation", "view-members", "view-member-forms", "approve", "view-fleet"],
  admin: [
    "view-organisation",
    "view-members",
    "invite",
    "change-role",
    "remove-member",
    "view-member-forms",
    "approve",
    "reopen",
    "export",
    "view-fleet",
    "manage-fleet",
    "manage-customers",
    "manage-webhooks",
    "set-language",
    "set-hire-terms",
  ],
};

describe("may: who may do what", () => {
  it.each(ROLES.flatMap((role) => ORGANISATION_ACTIONS.map((action) => [role, action] as const)))(
    "%s, %s",
    (role, action) => {
      expect(may(role, action)).toBe(EXPECTED[role].includes(action));
      const problem = actionProblem(role, action);
      if (may(role, action)) expect(problem).toBeNull();
      else
        expect(problem).toEqual({
          code: "forbidden",
          text: actionForbidden(action),
        });
    },
  );

  it("never lets a driver approve, export or invite, as the issue requires", () => {
    for (const action of ["approve", "export", "invite"] as const) expect(may("driver", action)).toBe(false);
  });

  it("lets only an admin reopen an approved week", () => {
    expect(ROLES.filter((role) => may(role, "reopen"))).toEqual(["admin"]);
  });

  it("lets only an admin set up the company's webhook", () => {
    expect(ROLES.filter((role) => may(role, "manage-webhooks"))).toEqual(["admin"]);
  });

  it("gives every refused action words of its own", () => {
    const refused = ORGANISATION_ACTIONS.filter((action) => !may("driver", action));
    const words = refused.map((action) => english(actionForbidden(action).key));
    expect(new Set(words).size).toBe(refused.length);
  });

  it("gives a higher role everything a lower one has", () => {
    for (const action of ORGANISATION_ACTIONS) {
      if (may("driver", action)) expect(may("supervisor", action)).toBe(true);
      if (may("supervisor", action)) expect(may("admin", action)).toBe(true);
    }
  });
});

describe("inviteState", () => {
  const created = new Date("2025-06-02T09:00:00.000Z");
  const expiresAt = inviteExpiresAt(created).toISOString();
  const mailed = {
    email: "ann@haulage.co.uk",
    role: "supervisor" as Role,
    usedAt: null,
    revokedAt: null,
    expiresAt,
  };
  const code = { ...mailed, email: null, role: JOIN_CODE_ROLE };

  it("lasts exactly 7 days", () => {
    expect(INVITE_LIFETIME_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(expiresAt).toBe("2025-06-09T09:00:00.000Z");
  });

  it("tells a mailed invitation from a join code by its address", () => {
    expect(inviteKind(mailed)).toBe("email");
    expect(inviteKind(code)).toBe("join-code");
  });

  it("is valid until the moment it expires, and not at that moment, mailed or a join code", () => {
    for (const invite of [mailed, code]) {
      expect(inviteState(invite, created)).toBe("valid");
      expect(inviteState(invite, new Date(Date.parse(expiresAt) - 1))).toBe("valid");
      expect(inviteState(invite, new Date(expiresAt))).toBe("expired");
      expect(inviteState(invite, new Date("2026-01-01T00:00:00.000Z"))).toBe("expired");
    }
  });

  it("is used once a mailed invitation was used, expired or not", () => {
    const used = { ...mailed, usedAt: "2025-06-03T10:00:00.000Z" };
    expect(inviteState(used, created)).toBe("used");
    expect(inviteState(used, new Date("2026-01-01T00:00:00.000Z"))).toBe("used");
  });

  it("never uses up a join code: any number of people join by it until it expires or is revoked", () => {
    // A join code's uses are counted elsewhere; a stray used-at changes nothing.
    expect(inviteState({ ...code, usedAt: "2025-06-03T10:00:00.000Z" }, created)).toBe("valid");
  });

  it("lets no one in by a join code for a supervisor or an admin: a join code admits drivers only", () => {
    expect(JOIN_CODE_ROLE).toBe("driver");
    for (const role of ["supervisor", "admin"] as const) {
      expect(inviteState({ ...code, role }, created)).toBe("revoked");
      expect(acceptProblem({ ...code, role }, { email: "a@b.co.uk", organisationId: null }, created)).toEqual(
        {
          code: "not_found",
          text: { key: "join.inviteInvalid" },
        },
      );
    }
    // A mailed invitation names its address, so it may be for any role.
    for (const role of ROLES) expect(inviteState({ ...mailed, role }, created)).toBe("valid");
  });

  it("is revoked once an admin revokes it, whatever else holds", () => {
    for (const invite of [mailed, code]) {
      const revoked = { ...invite, revokedAt: "2025-06-03T10:00:00.000Z" };
      expect(inviteState(revoked, created)).toBe("revoked");
      expect(inviteState(revoked, new Date("2026-01-01T00:00:00.000Z"))).toBe("revoked");
    }
  });

  it("is valid only while unrevoked, unexpired and, mailed, unused or, a join code, for a driver", () => {
    const instant = fc.date({
      min: new Date("2025-01-01T00:00:00.000Z"),
      max: new Date("2026-12-31T00:00:00.000Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(
        fc.option(fc.constant("ann@haulage.co.uk"), { nil: null }),
        fc.constantFrom(...ROLES),
        fc.option(instant, { nil: null }),
        fc.option(instant, { nil: null }),
        instant,
        instant,
        (email, role, usedAt, revokedAt, expires, now) => {
          const invite = {
            email,
            role,
            usedAt: usedAt?.toISOString() ?? null,
            revokedAt: revokedAt?.toISOString() ?? null,
            expiresAt: expires.toISOString(),
          };
          const valid =
            revokedAt === null && now < expires && (email === null ? role === "driver" : usedAt === null);
          expect(inviteState(invite, now) === "valid").toBe(valid);
        },
      ),
    );
  });
});

describe("memberChangeProblem", () => {
  const member = (accountId: string, role: Role) => ({ accountId, role });
  const changes: MemberChange[] = [
    ...ROLES.map((role) => ({ kind: "change-role" as const, role })),
    { kind: "remove" },
    { kind: "leave" },
  ];

  it("lets only admins change roles and remove members", () => {
    for (const actorRole of ROLES) {
      const actor = member("a", actorRole);
      const target = member("b", "driver");
      const expectedProblem = (action: OrganisationAction) =>
        actorRole === "admin" ? null : { code: "forbidden", text: actionForbidden(action) };
      expect(memberChangeProblem(actor, target, { kind: "change-role", role: "supervisor" }, 1)).toEqual(
        expectedProblem("change-role"),
      );
      expect(memberChangeProblem(actor, target, { kind: "remove" }, 1)).toEqual(
        expectedProblem("remove-member"),
      );
    }
  });

  it("lets anyone leave, but no one leave for someone else", () => {
    for (const role of ROLES) {
      expect(memberChangeProblem(member("a", role), member("a", role), { kind: "leave" }, 2)).toBeNull();
      expect(memberChangeProblem(member("a", "admin"), member("b", role), { kind: "leave" }, 2)?.code).toBe(
        "forbidden",
      );
    }
  });

  it("never demotes, removes or lets go the last admin, whoever asks", () => {
    const last = member("a", "admin");
    expect(memberChangeProblem(last, last, { kind: "change-role", role: "driver" }, 1)).toEqual({
      code: "conflict",
      text: { key: "apiError.lastAdminDemoted" },
    });
    expect(memberChangeProblem(last, last, { kind: "change-role", role: "supervisor" }, 1)?.code).toBe(
      "conflict",
    );
    expect(memberChangeProblem(last, last, { kind: "remove" }, 1)).toEqual({
      code: "conflict",
      text: { key: "apiError.lastAdminLeaving" },
    });
    expect(memberChangeProblem(last, last, { kind: "leave" }, 1)).toEqual({
      code: "conflict",
      text: { key: "apiError.lastAdminLeaving" },
    });
    // Making the last admin an admin again changes nothing, so it is not refused.
    expect(memberChangeProblem(last, last, { kind: "change-role", role: "admin" }, 1)).toBeNull();
  });

  it("lets an admin step down or go while another admin stays", () => {
    const a = member("a", "admin");
    expect(memberChangeProblem(a, a, { kind: "change-role", role: "driver" }, 2)).toBeNull();
    expect(memberChangeProblem(a, member("b", "admin"), { kind: "remove" }, 2)).toBeNull();
    expect(memberChangeProblem(a, a, { kind: "leave" }, 2)).toBeNull();
  });

  it("never leaves a company without an admin, for any change that is allowed", () => {
    const roleArb = fc.constantFrom(...ROLES);
    fc.assert(
      fc.property(
        fc.array(roleArb, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom(...changes),
        (roles, actorIndex, targetIndex, change) => {
          const members = roles.map((role, i) => member(`m${i}`, role));
          fc.pre(members.some((m) => m.role === "admin"));
          const actor = members[actorIndex % members.length]!;
          const target = change.kind === "leave" ? actor : members[targetIndex % members.length]!;
          const admins = members.filter((m) => m.role === "admin").length;
          if (memberChangeProblem(actor, target, change, admins) !== null) return;
          const after = members.flatMap((m) => {
            if (m !== target) return [m];
            if (change.kind === "change-role") return [{ ...m, role: change.role }];
            return [];
          });
          expect(after.some((m) => m.role === "admin")).toBe(true);
        },
      ),
    );
  });
});

describe("joinProblem and acceptProblem", () => {
  const now = new Date("2025-06-04T12:00:00.000Z");
  const valid = {
    usedAt: null,
    revokedAt: null,
    expiresAt: "2025-06-09T09:00:00.000Z",
    email: "ann@haulage.co.uk",
    role: JOIN_CODE_ROLE,
  };
  const ann = { email: "Ann@Haulage.co.uk ", organisationId: null };
  const invalid = { code: "not_found", text: { key: "join.inviteInvalid" } };

  it("refuses an account that already belongs to a company", () => {
    expect(joinProblem(null)).toBeNull();
    expect(joinProblem("org-1")).toEqual({
      code: "conflict",
      text: { key: "apiError.alreadyInOrganisation" },
    });
    expect(acceptProblem(valid, { ...ann, organisationId: "org-1" }, now)).toEqual({
      code: "conflict",
      text: { key: "apiError.alreadyInOrganisation" },
    });
  });

  it("gives one answer for an unknown, a used, a revoked and an expired invitation", () => {
    expect(acceptProblem(undefined, ann, now)).toEqual(invalid);
    expect(acceptProblem({ ...valid, usedAt: "2025-06-03T00:00:00.000Z" }, ann, now)).toEqual(invalid);
    expect(acceptProblem({ ...valid, revokedAt: "2025-06-03T00:00:00.000Z" }, ann, now)).toEqual(invalid);
    expect(acceptProblem(valid, ann, new Date(valid.expiresAt))).toEqual(invalid);
  });

  it("takes a mailed invitation only from the address it was sent to, in any letter case", () => {
    expect(acceptProblem(valid, ann, now)).toBeNull();
    expect(acceptProblem(valid, { email: "bob@haulage.co.uk", organisationId: null }, now)).toEqual({
      code: "forbidden",
      text: { key: "apiError.inviteForAnotherAddress" },
    });
  });

  it("takes a join code from anyone holding it, however many have joined by it", () => {
    const code = { ...valid, email: null };
    for (const email of ["bob@x.co.uk", "carol@y.co.uk", "ann@haulage.co.uk"]) {
      expect(acceptProblem(code, { email, organisationId: null }, now)).toBeNull();
    }
  });

  it("refuses a join code once it is revoked or expired", () => {
    const code = { ...valid, email: null };
    const bob = { email: "bob@x.co.uk", organisationId: null };
    expect(acceptProblem({ ...code, revokedAt: "2025-06-04T11:59:59.999Z" }, bob, now)).toEqual(invalid);
    expect(acceptProblem(code, bob, new Date(code.expiresAt))).toEqual(invalid);
  });
});

describe("OrganisationNameSchema", () => {
  it("keeps a name as typed, trimmed, in any language", () => {
    for (const name of [
      "Acme Plant Hire Ltd",
      "Ó Súilleabháin Plant",
      "شركة المعدات",
      "重机租赁",
      "Ali's Diggers 🚜",
    ]) {
      expect(OrganisationNameSchema.parse(` ${name} `)).toBe(name);
    }
  });

  it("refuses an empty, a too long and a many-line name, with words for each", () => {
    const refusal = (value: string) => OrganisationNameSchema.safeParse(value).error?.issues[0]?.message;
    expect(refusal("   ")).toBe(companyMessages.organisationNameRequired);
    expect(refusal("x".repeat(MAX_ORGANISATION_NAME_LENGTH + 1))).toBe(
      companyMessages.organisationNameTooLong(MAX_ORGANISATION_NAME_LENGTH),
    );
    expect(OrganisationNameSchema.safeParse("x".repeat(MAX_ORGANISATION_NAME_LENGTH)).success).toBe(true);
    for (const name of ["Acme\r\nBcc: victim@x.com", "Acme\nLtd", "Acme\u2028Ltd", "Acme\u0000", "A\tB"]) {
      expect(refusal(name), JSON.stringify(name)).toBe(companyMessages.organisationNameOneLine);
    }
  });
});
