import { expect } from "vitest";
import type { Role } from "../../domain/company/organisation";
import type { TestApp } from "./test-app";

/** A signed-in account as the organisation tests use it: its cookie, address and id. */
export interface Person {
  cookie: string;
  email: string;
  id: string;
}

/** A company of the tests: its id and its admin (who made it). */
export interface Company {
  id: string;
  admin: Person;
}

/** The people the organisation routes are tried as, beside a caller with no account at all. */
export interface OrganisationWorld {
  company: Company;
  driver: Person;
  supervisor: Person;
  /** The admin of another company. */
  otherMember: Person;
  otherCompany: Company;
  /** Signed in, in no company. */
  nonMember: Person;
}

/** Helpers that sign people up and put them in companies through the routes, as people would. */
export function organisationHelpers(testApp: TestApp) {
  const { call } = testApp;

  async function person(): Promise<Person> {
    const { cookie, email } = await testApp.newAccount();
    const me = await call("GET", "/api/drivers/me", cookie);
    return { cookie, email, id: (me.json() as { accountId: string }).accountId };
  }

  async function company(name = "Acme Plant Hire Ltd", admin?: Person): Promise<Company> {
    const owner = admin ?? (await person());
    const res = await call("POST", "/api/organisations", owner.cookie, { name });
    expect(res.statusCode, res.body).toBe(201);
    return { id: (res.json() as { id: string }).id, admin: owner };
  }

  /** A new join code of the company (it admits drivers): its id, and the token its join link carries. */
  async function newJoinCode(of: Company): Promise<{ id: string; token: string }> {
    const res = await call("POST", `/api/organisations/${of.id}/join-codes`, of.admin.cookie, {
      role: "driver",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, joinUrl } = res.json() as { id: string; joinUrl: string };
    return { id, token: new URL(joinUrl).searchParams.get("token")! };
  }

  /** A new join code of the company: the token its join link carries. */
  async function joinCode(of: Company): Promise<string> {
    return (await newJoinCode(of)).token;
  }

  /**
   * A new person (or the one given) joins the company by a join code, as a driver, and its admin then gives them
   * `role`: a join code admits drivers only.
   */
  async function member(of: Company, role: Role, who?: Person): Promise<Person> {
    const joiner = who ?? (await person());
    const res = await call("POST", "/api/invites/accept", joiner.cookie, { token: await joinCode(of) });
    expect(res.statusCode, res.body).toBe(200);
    if (role !== "driver") {
      const promoted = await call(
        "PUT",
        `/api/organisations/${of.id}/members/${joiner.id}`,
        of.admin.cookie,
        {
          role,
        },
      );
      expect(promoted.statusCode, promoted.body).toBe(204);
    }
    return joiner;
  }

  async function world(): Promise<OrganisationWorld> {
    const acme = await company("Acme Plant Hire Ltd");
    const other = await company("Rival Haulage Ltd");
    return {
      company: acme,
      driver: await member(acme, "driver"),
      supervisor: await member(acme, "supervisor"),
      otherMember: other.admin,
      otherCompany: other,
      nonMember: await person(),
    };
  }

  return { person, company, joinCode, newJoinCode, member, world };
}
