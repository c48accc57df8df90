import {
  authResponseSchema,
  changePasswordRequestSchema,
  detailErrorSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  updateUserRequestSchema,
  userSchema,
} from "@atelier/contract";
import { z } from "zod";
import type { FastifyPluginCallbackZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { toUserResponse, type AuthService } from "./auth.service.ts";

const TAGS = ["auth"];

/** Sign-up, sign-in and out, the signed-in user, password change and reset. */
export const authModule: FastifyPluginCallbackZod<{ auth: AuthService }> = (app, { auth }, done) => {
  app.post("/api/auth/register/", {
    schema: { tags: TAGS, summary: "Create a customer account", body: registerRequestSchema, response: { 201: authResponseSchema } },
    handler: async (req, reply) => reply.code(201).send(await auth.register(req.body, req.ip)),
  });

  app.post("/api/auth/login/", {
    schema: { tags: TAGS, summary: "Sign in", body: loginRequestSchema, response: { 200: authResponseSchema } },
    handler: async (req) => auth.login(req.body, req.ip),
  });

  // Logout reads no body: whatever is sent (malformed JSON, any type) is drained unread in its own
  // scope, so a broken body can never keep the token alive.
  void app.register((plain, _opts, next) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_req, payload, parsed) => {
      payload.once("end", () => parsed(null, undefined));
      payload.once("error", (err) => parsed(err, undefined));
      payload.resume();
    });
    scope.post("/api/auth/logout/", {
      schema: {
        tags: TAGS,
        summary: "Revoke the presented token (any body is ignored) and close its live-event streams",
        response: { 204: z.null() },
      },
      onRequest: app.authenticate,
      handler: async (req, reply) => {
        await auth.logout(req.auth().tokenId);
        return reply.code(204).send(null);
      },
    });
    next();
  });

  app.get("/api/auth/user/", {
    schema: { tags: TAGS, summary: "The signed-in user", response: { 200: userSchema, 401: detailErrorSchema } },
    onRequest: app.authenticate,
    handler: (req) => toUserResponse(req.auth().user),
  });

  app.patch("/api/auth/user/", {
    schema: { tags: TAGS, summary: "Update names and profile", body: updateUserRequestSchema, response: { 200: userSchema } },
    onRequest: app.authenticate,
    handler: async (req) => auth.updateProfile(req.auth().user.id, req.body),
  });

  app.post("/api/auth/change-password/", {
    schema: {
      tags: TAGS,
      summary: "Change password; other sessions are signed out",
      body: changePasswordRequestSchema,
      response: { 200: detailErrorSchema },
    },
    onRequest: app.authenticate,
    handler: async (req) => {
      await auth.changePassword(req.auth(), req.body);
      return { detail: "Password updated successfully." };
    },
  });

  app.post("/api/auth/forgot-password/", {
    schema: { tags: TAGS, summary: "E-mail a reset link", body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema } },
    handler: async (req) => auth.forgotPassword(req.body.email, req.ip),
  });

  app.post("/api/auth/reset-password/", {
    schema: {
      tags: TAGS,
      summary: "Set a new password from a reset link",
      body: resetPasswordRequestSchema,
      response: { 200: messageResponseSchema },
    },
    handler: async (req) => {
      await auth.resetPassword(req.body, req.ip);
      return { message: "Password reset successful!" };
    },
  });
  done();
};
