-- Tax invoices and credit notes are a legal record: once issued, no row of tax_documents may be
-- changed or removed, by the application or by hand. A mistake is corrected by a credit note.
CREATE OR REPLACE FUNCTION "tax_documents_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tax document % is issued and cannot be changed or deleted; issue a credit note instead', OLD."number"
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tax_documents_no_update" BEFORE UPDATE ON "tax_documents" FOR EACH ROW EXECUTE FUNCTION "tax_documents_immutable"();--> statement-breakpoint
CREATE TRIGGER "tax_documents_no_delete" BEFORE DELETE ON "tax_documents" FOR EACH ROW EXECUTE FUNCTION "tax_documents_immutable"();
