import { render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { applyServerErrors } from "./form-errors";

interface Values {
  name: string;
  email: string;
  profile: { phone_number: string };
}

type Fields = Parameters<typeof applyServerErrors<Values>>[2];

/** A form whose 'Apply' button hands `error` to applyServerErrors and shows the result. */
function TestForm({ error, fields }: { error: unknown; fields: Fields }) {
  const form = useForm<Values>({ defaultValues: { name: "", email: "", profile: { phone_number: "" } } });
  const [applied, setApplied] = useState<boolean>();
  const { errors } = form.formState;
  return (
    <form>
      <input aria-label="Name" {...form.register("name")} />
      <input aria-label="Email" {...form.register("email")} />
      <input aria-label="Phone" {...form.register("profile.phone_number")} />
      <button type="button" onClick={() => setApplied(applyServerErrors(error, form.setError, fields))}>
        Apply
      </button>
      <output>{[errors.name?.message, errors.email?.message, errors.profile?.phone_number?.message].filter(Boolean).join(" | ")}</output>
      <p>applied: {String(applied)}</p>
    </form>
  );
}

const FIELDS = ["name", "email", "profile.phone_number"] as const;

describe("applyServerErrors", () => {
  it("puts each field's first message on its field and focuses the first field in the form's order", async () => {
    const error = new ApiError(400, { "profile.phone_number": ["Enter a valid phone number."], email: ["Enter a valid email address.", "Second."] });
    render(<TestForm error={error} fields={FIELDS} />);
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(screen.getByText("applied: true")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Enter a valid email address. | Enter a valid phone number.");
    expect(screen.getByLabelText("Email")).toHaveFocus();
  });

  it("maps the server's keys through a function, focusing the first key sent", async () => {
    const error = new ApiError(400, { phone_number: ["Too long."], name: ["Required."], non_field_errors: ["Nope."] });
    render(<TestForm error={error} fields={(key) => (key === "phone_number" ? "profile.phone_number" : key === "name" ? "name" : undefined)} />);
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(screen.getByRole("status")).toHaveTextContent("Required. | Too long.");
    expect(screen.getByLabelText("Phone")).toHaveFocus();
  });

  it.each([
    ["a message for no field", new ApiError(400, { non_field_errors: ["Unable to log in with provided credentials."] })],
    ["a detail", new ApiError(400, { detail: "Malformed request." })],
    ["a field error of another status", new ApiError(409, { email: ["Taken."] })],
    ["a text body", new ApiError(400, "Bad request")],
    ["an empty body", new ApiError(400, null)],
    ["a message that is not a list of texts", new ApiError(400, { email: "Taken." })],
    ["not an API error", new TypeError("Failed to fetch")],
  ])("applies nothing for %s", (_, error) => {
    const setError = vi.fn();
    const { result } = renderHook(() => useForm<Values>());
    expect(applyServerErrors(error, setError, FIELDS)).toBe(false);
    expect(applyServerErrors(error, result.current.setError, (k) => (k === "email" ? "email" : undefined))).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
