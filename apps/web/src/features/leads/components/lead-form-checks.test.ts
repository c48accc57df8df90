import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { bindLeadForm, type LeadFieldErrors } from "./lead-form-checks";

function form(values: Partial<Record<string, string>> = {}): HTMLFormElement {
  const el = document.createElement("form");
  el.innerHTML = `
    <input name="name" /><input name="email" type="email" /><input name="phone" type="tel" />
    <textarea name="design_idea"></textarea><input name="website" />`;
  for (const [name, value] of Object.entries(values)) (el.elements.namedItem(name) as HTMLInputElement).value = value ?? "";
  document.body.append(el);
  return el;
}
const field = (f: HTMLFormElement, name: string) => f.elements.namedItem(name) as HTMLInputElement;

describe("bindLeadForm", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("reads what the fields held before it was bound, and follows what is typed after", async () => {
    const f = form({ name: " Ana ", email: "ana@example.com", design_idea: "A ring" });
    const checks = bindLeadForm(f, () => undefined);
    field(f, "phone").value = "+91 98765 43210";
    field(f, "phone").dispatchEvent(new Event("input", { bubbles: true }));
    const send = vi.fn(() => Promise.resolve());
    await checks.submit(send);
    expect(send).toHaveBeenCalledWith({ name: "Ana", email: "ana@example.com", phone: "+91 98765 43210", design_idea: "A ring" }, undefined);
  });

  it("reports the schema's messages and focuses the first invalid field, sending nothing", async () => {
    const f = form({ name: "Ana", email: "ana@", phone: "call me" });
    let errors: LeadFieldErrors = {};
    const checks = bindLeadForm(f, (e) => (errors = e));
    const send = vi.fn(() => Promise.resolve());
    await checks.submit(send);
    expect(send).not.toHaveBeenCalled();
    expect(errors).toEqual({ name: undefined, email: "Enter a valid email address.", phone: "Enter a valid phone number.", design_idea: undefined });
    expect(field(f, "email")).toHaveFocus();
    // Once sent, a field is checked again as it changes.
    field(f, "email").value = "ana@example.com";
    field(f, "email").dispatchEvent(new Event("input", { bubbles: true }));
    await vi.waitFor(() => expect(errors.email).toBeUndefined());
    expect(errors.phone).toBe("Enter a valid phone number.");
  });

  it("shows the server's field errors and empties the fields once sent", () => {
    const f = form({ name: "Ana", email: "ana@example.com" });
    let errors: LeadFieldErrors = {};
    const checks = bindLeadForm(f, (e) => (errors = e));
    expect(checks.showServerErrors(new ApiError(400, { email: ["Enter a valid email address."] }))).toBe(true);
    expect(errors.email).toBe("Enter a valid email address.");
    expect(field(f, "email")).toHaveFocus();
    checks.clear();
    expect(field(f, "name")).toHaveValue("");
    expect(field(f, "email")).toHaveValue("");
    expect(errors).toEqual({ name: undefined, email: undefined, phone: undefined, design_idea: undefined });
  });
});
