import type {
  AuthResponse,
  Role,
  ChangePasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  UpdateUserRequest,
  User,
} from "@atelier/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { authStorage } from "@/lib/auth-storage";

export const userQueryKey = ["auth", "user"] as const;

export const userQueryOptions = () => queryOptions({ queryKey: userQueryKey, queryFn: () => api<User>("/auth/user/") });

export function useUser() {
  return useQuery(userQueryOptions());
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function login(input: LoginRequest): Promise<AuthResponse> {
  // Spec §7: stored auth data is cleared first, then a 100 ms wait.
  authStorage.clear();
  await wait(100);
  const res = await api<AuthResponse>("/auth/login/", { method: "POST", body: input, anonymous: true });
  authStorage.setSession(res.token, res.user);
  return res;
}

export async function register(input: RegisterRequest): Promise<AuthResponse> {
  const res = await api<AuthResponse>("/auth/register/", { method: "POST", body: input, anonymous: true });
  authStorage.setSession(res.token, res.user);
  return res;
}

/** Signs out on the server when possible; local data is cleared either way. */
export async function logout(): Promise<void> {
  try {
    if (authStorage.getToken()) await api<null>("/auth/logout/", { method: "POST" });
  } finally {
    authStorage.clear();
  }
}

export const forgotPassword = (email: string) =>
  api<{ message: string }>("/auth/forgot-password/", { method: "POST", body: { email }, anonymous: true });

export const resetPassword = (input: ResetPasswordRequest) =>
  api<{ message: string }>("/auth/reset-password/", { method: "POST", body: input, anonymous: true });

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserRequest) => api<User>("/auth/user/", { method: "PATCH", body: input }),
    onSuccess: (user) => qc.setQueryData(userQueryKey, user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) => api<{ detail: string }>("/auth/change-password/", { method: "POST", body: input }),
  });
}

export function displayName(user: Pick<User, "first_name" | "last_name" | "username">): string {
  const full = `${user.first_name} ${user.last_name}`.trim();
  return full || user.username;
}

export function initials(user: Pick<User, "first_name" | "last_name" | "username">): string {
  const first = user.first_name.trim()[0];
  const last = user.last_name.trim()[0];
  if (first || last) return `${first ?? ""}${last ?? ""}`.toUpperCase();
  return user.username.slice(0, 2).toUpperCase();
}

/** Staff and admins may open the staff console (the server checks every call again). */
export function isStaffRole(role: Role): boolean {
  return role === "staff" || role === "admin";
}
