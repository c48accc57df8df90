-- The quote's currency governs its order (issue 19): orders quoted before this kept the estimate's
-- currency beside the quote's amount, and a cancelled order lost the price of its accepted quote.
UPDATE "orders" SET "currency" = q."currency", "quoted_price" = q."amount"
FROM "quotes" q
WHERE q."order_id" = "orders"."id" AND q."status" = 'accepted';--> statement-breakpoint
UPDATE "orders" SET "currency" = q."currency", "quoted_price" = q."amount"
FROM "quotes" q
WHERE q."order_id" = "orders"."id" AND q."status" = 'pending' AND "orders"."status" = 'quoted';--> statement-breakpoint
-- A payment still waiting for confirmation on a cancelled order is void: nobody can decide it any more.
UPDATE "payments" SET "status" = 'void', "decided_at" = now()
WHERE "status" = 'pending' AND "order_id" IN (SELECT "id" FROM "orders" WHERE "status" = 'cancelled');
