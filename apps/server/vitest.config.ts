import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Redis-backed tests run where a Redis is given, PostgreSQL-only ones where a PostgreSQL is (CI's infrastructure pass).
    include: [
      "src/**/*.test.ts",
      ...(process.env.TEST_REDIS_URL ? ["src/**/*.redis-test.ts"] : []),
      ...(process.env.TEST_DATABASE_URL ? ["src/**/*.pg-test.ts"] : []),
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
