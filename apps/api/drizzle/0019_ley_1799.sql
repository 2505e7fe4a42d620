-- Ley 1799 de 2016: aesthetic procedures are for adults. A minimum age under 18 is kept only for procedures the law
-- exempts, marked by an administrator (issue 21, item 3). Procedures that already had one are marked exempt so
-- nothing changes for patients, and each gets an audit row so an administrator can review them.
ALTER TABLE "procedimientos" ADD COLUMN "exento_ley_1799" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "procedimientos" SET "exento_ley_1799" = true WHERE "edad_minima" < 18;--> statement-breakpoint
INSERT INTO "auditoria" ("usuario_id", "accion", "recurso", "recurso_id", "resultado", "detalle")
  SELECT NULL, 'procedimientos.exento_ley_1799', 'procedimiento', "id"::text, 'exito',
         'marcado exento al actualizar: su edad mínima era ' || "edad_minima" || ' años; revísalo'
  FROM "procedimientos" WHERE "exento_ley_1799";--> statement-breakpoint
ALTER TABLE "procedimientos" ADD CONSTRAINT "procedimientos_ley_1799" CHECK ("procedimientos"."exento_ley_1799" or "procedimientos"."edad_minima" >= 18);
