import {
  createStaffInputSchema,
  staffPeopleQuerySchema,
  staffPersonListSchema,
  staffPersonSchema,
  updatePersonInputSchema,
} from "@atelier/contract";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf, uuidOr404 } from "../../lib/request.ts";
import { adminOnly } from "../../lib/staff-guard.ts";
import type { PeopleService } from "./people.service.ts";

const idParams = z.object({ id: z.string() });

/** /api/staff/people/ (admins): list accounts, make staff and admin accounts, change roles, deactivate. */
export const peopleModule: FastifyPluginCallbackZod<{ people: PeopleService }> = (app, { people }, done) => {
  app.get("/api/staff/people/", {
    schema: {
      tags: ["staff"],
      summary:
        "Every account (admins), newest first, with its last sign-in activity and order count; `search` matches name and e-mail, `role` narrows",
      querystring: staffPeopleQuerySchema,
      response: { 200: staffPersonListSchema },
    },
    ...adminOnly(app),
    handler: async (req) => people.list(actorOf(req), req.query),
  });

  app.post("/api/staff/people/", {
    schema: {
      tags: ["staff"],
      summary: "Make a staff or admin account (admins); a one-time set-password link valid 72 hours is e-mailed, never a password",
      body: createStaffInputSchema,
      response: { 201: staffPersonSchema },
    },
    ...adminOnly(app),
    handler: async (req, reply) => reply.code(201).send(await people.create(req.auth().user, req.body)),
  });

  app.patch("/api/staff/people/:id/", {
    schema: {
      tags: ["staff"],
      summary:
        "Change an account's role, or deactivate it (every token revoked at once, sign-in refused) or reactivate it (admins); the last active administrator stays one",
      params: idParams,
      body: updatePersonInputSchema,
      response: { 200: staffPersonSchema },
    },
    ...adminOnly(app),
    handler: async (req) => people.update(actorOf(req), uuidOr404(req.params.id), req.body),
  });
  done();
};
