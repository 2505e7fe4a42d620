// The recovery token (decision 0011): bound to the user, the expiry, the current password hash and the server's
// secret; anything else fails, in constant time.
import { describe, expect, it } from 'vitest';
import { createTokensRecuperacion } from '../src/lib/token-recuperacion.ts';
import { createTokens } from '../src/lib/tokens.ts';

const SECRETO = 's'.repeat(48);
const HASH = '$argon2id$v=19$m=8,t=1,p=1$c2FsdA$aGFzaA';
const EXPIRA = new Date('2026-11-23T16:30:00Z');

describe('recovery tokens', () => {
  const tokens = createTokensRecuperacion(SECRETO);

  it('carries the user and the expiry, and verifies against the hash it was signed over', () => {
    const t = tokens.emitir(42, EXPIRA, HASH);
    expect(t).toMatch(/^r1\.42\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.leer(t)).toEqual({ usuarioId: 42, expira: EXPIRA });
    expect(tokens.verificar(t, HASH)).toBe(true);
  });

  it('stops verifying once the password hash changes (single use)', () => {
    const t = tokens.emitir(42, EXPIRA, HASH);
    expect(tokens.verificar(t, `${HASH}x`)).toBe(false);
  });

  it('refuses another user, another expiry, another secret and malformed input', () => {
    const t = tokens.emitir(42, EXPIRA, HASH);
    const [v, , exp, firma] = t.split('.');
    expect(tokens.verificar(`${v}.43.${exp}.${firma}`, HASH)).toBe(false);
    expect(tokens.verificar(`${v}.42.${Number(exp) + 1}.${firma}`, HASH)).toBe(false);
    expect(createTokensRecuperacion('o'.repeat(48)).verificar(t, HASH)).toBe(false);
    for (const malo of ['', 'r1', 'r1.42', `r2.42.${exp}.${firma}`, `r1.042.${exp}.${firma}`, `${t}=`, `${t}.x`])
      expect([tokens.leer(malo), tokens.verificar(malo, HASH)], malo).toEqual([null, false]);
  });

  it('is not a session token, and a session token is not one', async () => {
    const sesion = await createTokens(SECRETO).sign({ id: 42, rol: 'paciente', sid: 'x' }, EXPIRA);
    expect(tokens.leer(sesion)).toBeNull();
    expect(
      await createTokens(SECRETO, () => new Date('2026-11-23T16:00:00Z')).verify(tokens.emitir(42, EXPIRA, HASH)),
    ).toBeNull();
  });
});
