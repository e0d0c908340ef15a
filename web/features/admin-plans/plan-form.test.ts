import { describe, expect, it } from "vitest";
import { formErrorsFrom, planFormValues, toPlanInput } from "./plan-form.js";

const advanced = { id: "advanced", name: "Advanced", minimumCents: 200_000, rateBasisPoints: 1_200, termDays: 20, features: ["Capital returned", "Profit credited"], active: true, earlyWithdrawalAllowed: true, earlyWithdrawalFeeBasisPoints: 200 };

describe("plan form", () => {
  it("starts from the plan and gives back the same terms", () => {
    const values = planFormValues(advanced);
    expect(values).toMatchObject({ name: "Advanced", minimum: "2,000.00", rate: "12", termDays: "20" });
    expect(toPlanInput(values)).toEqual({
      ok: true,
      input: {
        name: "Advanced",
        minimumCents: 200_000,
        rateBasisPoints: 1_200,
        termDays: 20,
        features: ["Capital returned", "Profit credited"],
        active: true,
        earlyWithdrawalAllowed: true,
        earlyWithdrawalFeeBasisPoints: 200,
      },
    });
  });

  it("takes a fee of 0% but not a rate of 0%, and names the fee's field", () => {
    expect(toPlanInput({ ...planFormValues(advanced), earlyWithdrawalFee: "0", earlyWithdrawalAllowed: false })).toMatchObject({
      ok: true,
      input: { earlyWithdrawalFeeBasisPoints: 0, earlyWithdrawalAllowed: false },
    });
    expect(toPlanInput({ ...planFormValues(advanced), earlyWithdrawalFee: "1.555" })).toMatchObject({ ok: false, errors: { earlyWithdrawalFee: "Use at most two decimal places." } });
    expect(toPlanInput({ ...planFormValues(advanced), earlyWithdrawalFee: "101" })).toMatchObject({ ok: false, errors: { earlyWithdrawalFee: "The fee must be at most 100%." } });
  });

  it("converts dollars and percent exactly", () => {
    const result = toPlanInput({ ...planFormValues(advanced), minimum: "2500.5", rate: "12.75", termDays: "25", active: false });
    expect(result).toMatchObject({ ok: true, input: { minimumCents: 250_050, rateBasisPoints: 1_275, termDays: 25, active: false } });
  });

  it("names each bad field", () => {
    const result = toPlanInput({ ...planFormValues(advanced), name: " ", minimum: "abc", rate: "12.345", termDays: "2.5", feature2: "" });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Give the plan a name.",
        minimum: "Enter the minimum in dollars, for example 1000 or 1000.50.",
        rate: "Use at most two decimal places.",
        termDays: "Enter the term in whole days.",
        feature2: "Write two features.",
      },
    });
  });

  it("maps the server's field paths onto the form", () => {
    expect(formErrorsFrom({ "rateBasisPoints": "The rate must be above 0%.", "features.1": "Write two features.", "name": "This name is taken." })).toEqual({
      rate: "The rate must be above 0%.",
      feature2: "Write two features.",
      name: "This name is taken.",
    });
  });
});
