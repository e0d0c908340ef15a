import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "#shared/schemas/auth.js";
import { ReauthForm } from "./reauth-form.js";
import { WRONG_PASSWORD } from "./reauth-failure.js";

afterEach(cleanup);

const props = { label: "Turn off two-factor authentication", explanation: "Why.", submitLabel: "Turn off", pendingLabel: "Turning off...", pending: false, onCancel: () => {} };

describe("ReauthForm", () => {
  it("asks for the password only, unless a code is wanted too", () => {
    render(<ReauthForm {...props} failure={null} onSubmit={() => {}} />);
    expect(screen.getByLabelText("Current password")).toBe(document.activeElement);
    expect(screen.queryByLabelText("Authentication code")).toBeNull();
  });

  it("checks both fields with the shared schemas before sending, then sends the code without spaces", () => {
    const onSubmit = vi.fn();
    render(<ReauthForm {...props} withCode failure={null} onSubmit={onSubmit} />);
    const code = screen.getByLabelText("Authentication code");
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    // A backup code has letters: no numeric keypad.
    expect(code.getAttribute("inputmode")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Turn off" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText("Enter your current password.")).toBeTruthy();
    expect(screen.getByText(MESSAGES.secondFactorCodeRequired)).toBeTruthy();
    expect(screen.getByLabelText("Current password")).toBe(document.activeElement);

    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "Sturdy-Ledger-4821" } });
    fireEvent.change(code, { target: { value: "123 456" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn off" }));
    expect(onSubmit).toHaveBeenCalledWith({ password: "Sturdy-Ledger-4821", code: "123456" });
  });

  it("shows the server's refusal on the field it concerns", () => {
    const { rerender } = render(<ReauthForm {...props} withCode failure={{ message: null, fields: { code: MESSAGES.twoFactorCodeUsed } }} onSubmit={() => {}} />);
    const code = screen.getByLabelText("Authentication code");
    expect(code.getAttribute("aria-invalid")).toBe("true");
    expect(code.getAttribute("aria-describedby")).toBeTruthy();
    const described = code.getAttribute("aria-describedby")!.split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(MESSAGES.twoFactorCodeUsed);
    expect(code).toBe(document.activeElement);

    rerender(<ReauthForm {...props} withCode failure={{ message: null, fields: { password: WRONG_PASSWORD } }} onSubmit={() => {}} />);
    expect(screen.getByText(WRONG_PASSWORD)).toBeTruthy();
    expect(screen.getByLabelText("Current password")).toBe(document.activeElement);

    rerender(<ReauthForm {...props} withCode failure={{ message: "Too many requests.", fields: {} }} onSubmit={() => {}} />);
    expect(screen.getByRole("alert").textContent).toBe("Too many requests.");
  });
});
