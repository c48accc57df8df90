/**
 * The yardstick for `npm run bench -- api`: a bare Fastify route that answers with the exact JSON
 * body the real designs list answered, so the ratio shows what our own code costs per request.
 * Started as its own process by run.ts; prints its port on the IPC channel.
 */
import Fastify from "fastify";

const body = process.env.BARE_BODY ?? "{}";
const app = Fastify({ logger: false });
app.get("/bare", async (_req, reply) => reply.type("application/json").send(body));
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
