import { describe, expect, it } from "vitest";
import { personInitials, personLabel, personName, withRole } from "./person-format.ts";

const asha = { first_name: "Asha", last_name: "Rao", role: "staff" } as const;

describe("personLabel: one way to show a person everywhere", () => {
  it("names a staff member with their role, never 'Someone' or a bare role", () => {
    expect(personLabel(asha)).toBe("Asha Rao (staff)");
    expect(personLabel({ ...asha, role: "admin" })).toBe("Asha Rao (admin)");
    expect(personLabel({ ...asha, role: "support" })).toBe("Asha Rao (support)");
    expect(personLabel({ ...asha, role: "designer" })).toBe("Asha Rao (designer)");
  });

  it("puts the role beside a name made elsewhere, never beside a customer's", () => {
    expect(withRole("Asha Rao", "support")).toBe("Asha Rao (support)");
    expect(withRole("meera", "customer")).toBe("meera");
  });

  it("names a customer by name alone", () => {
    expect(personLabel({ first_name: "Meera", last_name: "Iyer", role: "customer" })).toBe("Meera Iyer");
  });

  it("names the reader 'You'", () => {
    expect(personLabel({ first_name: "Meera", last_name: "Iyer", role: "customer" }, { me: true })).toBe("You");
    expect(personLabel(asha, { me: false })).toBe("Asha Rao (staff)");
  });

  it("credits the system as 'Aurelia Atelier (automatic)'", () => {
    expect(personLabel(null)).toBe("Aurelia Atelier (automatic)");
    expect(personLabel(undefined)).toBe("Aurelia Atelier (automatic)");
  });

  it("trims the parts and copes with one of them missing", () => {
    expect(personName({ first_name: "  Asha ", last_name: "", role: "staff" })).toBe("Asha");
    expect(personName({ first_name: "", last_name: " Rao", role: "admin" })).toBe("Rao");
  });

  it("falls back to the atelier's name for an unnamed staff account, and 'Customer' for an unnamed customer", () => {
    expect(personLabel({ first_name: " ", last_name: "", role: "staff" })).toBe("Aurelia Atelier (staff)");
    expect(personLabel({ first_name: "", last_name: "", role: "customer" })).toBe("Customer");
  });

  it("gives two initials, or a stand-in for the unnamed", () => {
    expect(personInitials(asha)).toBe("AR");
    expect(personInitials({ first_name: "", last_name: "", role: "admin" })).toBe("AA");
    expect(personInitials({ first_name: "", last_name: "", role: "customer" })).toBe("CU");
  });
});
