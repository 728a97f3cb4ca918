import { describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE } from "../../test-support/sample-signature";
import {
  isRating,
  RATING_LABELS,
  RATINGS,
  ratingFace,
  ratingLabel,
  ratingToastLabel,
  SupervisorApprovalSchema,
  SupervisorRatingSchema,
} from "./rating";

describe("ratings", () => {
  it("has three values", () => {
    expect(RATINGS).toEqual(["happy", "okay", "unhappy"]);
  });

  it("labels the buttons Excellent, Average, Poor", () => {
    expect(RATINGS.map((rating) => ratingLabel(rating))).toEqual(["Excellent", "Average", "Poor"]);
    expect(RATINGS.map((rating) => RATING_LABELS[rating])).toEqual(["Excellent", "Average", "Poor"]);
  });

  it("labels confirmations Excellent, OK, Needs Work", () => {
    expect(RATINGS.map(ratingToastLabel)).toEqual(["Excellent", "OK", "Needs Work"]);
  });

  it("has a happy, neutral and sad face", () => {
    expect(RATINGS.map(ratingFace)).toEqual(["😊", "😐", "😞"]);
  });

  it("recognises only the three values", () => {
    expect(isRating("okay")).toBe(true);
    expect(isRating("ok")).toBe(false);
    expect(isRating(null)).toBe(false);
  });
});

describe("SupervisorRatingSchema", () => {
  it("takes a rating with optional notes", () => {
    expect(SupervisorRatingSchema.parse({ rating: "happy", ratedAt: "2025-03-15T10:00:00.000Z" })).toEqual({
      rating: "happy",
      notes: "",
      ratedAt: "2025-03-15T10:00:00.000Z",
    });
  });

  it("rejects unknown ratings, missing times and huge notes", () => {
    const ok = { rating: "okay", ratedAt: "2025-03-15T10:00:00Z" };
    expect(SupervisorRatingSchema.safeParse(ok).success).toBe(true);
    expect(SupervisorRatingSchema.safeParse({ ...ok, rating: "great" }).success).toBe(false);
    expect(SupervisorRatingSchema.safeParse({ rating: "okay" }).success).toBe(false);
    expect(SupervisorRatingSchema.safeParse({ ...ok, notes: "x".repeat(5001) }).success).toBe(false);
  });
});

describe("SupervisorApprovalSchema", () => {
  const approval = {
    clientSignature: SAMPLE_SIGNATURE,
    clientName: "Chris Client",
    foremanSignature: SAMPLE_SIGNATURE,
    foremanName: "Fran Foreman",
    approvedAt: "2025-03-15T10:00:00+01:00",
  };

  it("needs both signatures and names", () => {
    expect(SupervisorApprovalSchema.parse(approval).supervisorNotes).toBe("");
    expect(SupervisorApprovalSchema.safeParse({ ...approval, foremanName: "  " }).success).toBe(false);
    expect(SupervisorApprovalSchema.safeParse({ ...approval, clientSignature: "" }).success).toBe(false);
  });
});
