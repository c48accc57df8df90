import type { User } from "@atelier/contract";

const TOKEN_KEY = "authToken";
const USER_KEY = "user";
/** Every key the login page clears on load (spec §9). */
const AUTH_KEYS = ["authToken", "user", "token", "auth", "jwt"] as const;

export const authStorage = {
  getToken: (): string | null => localStorage.getItem(TOKEN_KEY),
  setSession(token: string, user: User): void {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  },
  clear(): void {
    for (const key of AUTH_KEYS) {
      localStorage.removeItem(key);
      sessionStorage.removeItem(key);
    }
  },
};

/** The design a visitor started before signing in (spec §3, "Pending design"). */
export const PENDING_DESIGN_KEY = "pendingDesign";
export type PendingDesign = { type: "link"; data: string } | { type: "file"; data: string };
