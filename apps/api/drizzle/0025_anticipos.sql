ALTER TABLE "procedimientos" ADD COLUMN "anticipo_tipo" text;--> statement-breakpoint
ALTER TABLE "procedimientos" ADD COLUMN "anticipo_valor" integer;--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN "causa_cancelacion" text;--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN "anticipo_monto" integer;--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN "reserva_vence_en" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "citas_reserva_vence_idx" ON "citas" USING btree ("reserva_vence_en") WHERE "citas"."reserva_vence_en" is not null;--> statement-breakpoint
ALTER TABLE "procedimientos" ADD CONSTRAINT "procedimientos_anticipo_valido" CHECK (("procedimientos"."anticipo_tipo" is null and "procedimientos"."anticipo_valor" is null) or ("procedimientos"."anticipo_tipo" = 'fijo' and "procedimientos"."anticipo_valor" > 0) or ("procedimientos"."anticipo_tipo" = 'porcentaje' and "procedimientos"."anticipo_valor" between 1 and 100));--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_anticipo_positivo" CHECK ("citas"."anticipo_monto" is null or "citas"."anticipo_monto" > 0);--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_reserva_antes_del_inicio" CHECK ("citas"."reserva_vence_en" is null or "citas"."reserva_vence_en" <= "citas"."inicio");