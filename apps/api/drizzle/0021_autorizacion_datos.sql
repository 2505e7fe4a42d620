-- Ley 1581 de 2012 (issue 21, item 4): who registered a patient's authorisation to process her health data at the
-- front desk; null when she accepted herself online.
ALTER TABLE "usuarios" ADD COLUMN "autorizacion_registrada_por" integer;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_autorizacion_registrada_por_usuarios_id_fk" FOREIGN KEY ("autorizacion_registrada_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;