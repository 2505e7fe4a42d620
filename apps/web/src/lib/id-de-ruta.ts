// A route's :id as a positive integer, or 0 when it is not one (the screen then says it does not exist).
export function idDeRuta(valor: string | undefined): number {
  if (!valor || !/^\d{1,10}$/.test(valor)) return 0;
  const n = Number(valor);
  return n > 0 && n <= 2_147_483_647 ? n : 0;
}
