import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  decodePayload,
  getRoleFromToken,
  getTokenExpiryMs,
  getUserIdFromToken,
  hasThreeParts,
  isTokenValid,
} from './token.ts';
import { makeToken } from '../../test/test-tokens.ts';

function expectConsoleError() {
  const spy = vi.mocked(console.error);
  spy.mockImplementation(() => {});
  return spy;
}

afterEach(() => vi.useRealTimers());

describe('hasThreeParts', () => {
  it('accepts exactly three dot-separated parts', () => {
    expect(hasThreeParts('a.b.c')).toBe(true);
    expect(hasThreeParts('a.b')).toBe(false);
    expect(hasThreeParts('a.b.c.d')).toBe(false);
    expect(hasThreeParts('abc')).toBe(false);
  });
});

describe('decodePayload', () => {
  it('decodes base64url JSON, including UTF-8 text', () => {
    const token = makeToken({ nombre: 'María José Ñúñez', rol: 'doctor' });
    expect(decodePayload(token)).toEqual({ nombre: 'María José Ñúñez', rol: 'doctor' });
  });
  it('throws for a payload that is not JSON of an object', () => {
    expect(() => decodePayload('a.%%%.c')).toThrow();
    expect(() => decodePayload(`a.${btoa('[1,2]')}.c`)).toThrow();
  });
});

describe('getRoleFromToken', () => {
  it('reads the first present claim among rol, role, tipoUsuario, tipo_usuario, userRole', () => {
    expect(
      getRoleFromToken(makeToken({ rol: 'doctor', role: 'x', tipoUsuario: 'y', tipo_usuario: 'z', userRole: 'w' })),
    ).toBe('doctor');
    expect(getRoleFromToken(makeToken({ role: 'asistente', tipoUsuario: 'y', tipo_usuario: 'z', userRole: 'w' }))).toBe(
      'asistente',
    );
    expect(getRoleFromToken(makeToken({ tipoUsuario: 'paciente', tipo_usuario: 'z', userRole: 'w' }))).toBe('paciente');
    expect(getRoleFromToken(makeToken({ tipo_usuario: 'administrador', userRole: 'w' }))).toBe('administrador');
    expect(getRoleFromToken(makeToken({ userRole: 'Doctor' }))).toBe('Doctor');
  });
  it('skips absent or empty claims and gives null when none is present', () => {
    expect(getRoleFromToken(makeToken({ rol: null, role: '', tipoUsuario: 'paciente' }))).toBe('paciente');
    expect(getRoleFromToken(makeToken({ id: 1 }))).toBeNull();
    expect(getRoleFromToken(null)).toBeNull();
  });
  it('rejects a token without exactly three parts and logs the format message', () => {
    const spy = expectConsoleError();
    expect(getRoleFromToken('solo.dos')).toBeNull();
    expect(spy).toHaveBeenCalledWith('Token JWT inválido: formato incorrecto');
    spy.mockClear();
    const valid = makeToken({ rol: 'doctor' });
    expect(getRoleFromToken(`${valid}.extra`)).toBeNull();
    expect(spy).toHaveBeenCalledWith('Token JWT inválido: formato incorrecto');
  });
  it('logs the decoding error and gives null when the payload cannot be decoded', () => {
    const spy = expectConsoleError();
    expect(getRoleFromToken('a.no-es-json.c')).toBeNull();
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]?.[0]).toBe('Error al decodificar el token');
    expect(spy.mock.calls[0]?.[1]).toBeInstanceOf(Error);
  });
});

describe('getUserIdFromToken', () => {
  it('reads id, then userId, then sub', () => {
    expect(getUserIdFromToken(makeToken({ id: 5, userId: 6, sub: '7' }))).toBe(5);
    expect(getUserIdFromToken(makeToken({ userId: 6, sub: '7' }))).toBe(6);
    expect(getUserIdFromToken(makeToken({ sub: '7' }))).toBe(7);
    expect(getUserIdFromToken(makeToken({ id: '12' }))).toBe(12);
  });
  it('gives null without a usable id or with a malformed token', () => {
    expect(getUserIdFromToken(makeToken({ rol: 'doctor' }))).toBeNull();
    expect(getUserIdFromToken(makeToken({ sub: 'no-numerico' }))).toBeNull();
    expect(getUserIdFromToken('a.b')).toBeNull();
    expect(getUserIdFromToken('a.%%%.c')).toBeNull();
  });
});

describe('isTokenValid', () => {
  const now = Date.UTC(2026, 10, 20, 15, 0, 0);
  const exp = now / 1000 + 60;

  it('is valid before exp * 1000 and invalid at or after it', () => {
    const token = makeToken({ exp });
    expect(isTokenValid(token, now)).toBe(true);
    expect(isTokenValid(token, exp * 1000 - 1)).toBe(true);
    expect(isTokenValid(token, exp * 1000)).toBe(false);
    expect(isTokenValid(token, exp * 1000 + 1)).toBe(false);
  });
  it('uses the current time by default', () => {
    vi.useFakeTimers({ now });
    expect(isTokenValid(makeToken({ exp }))).toBe(true);
    vi.setSystemTime(exp * 1000);
    expect(isTokenValid(makeToken({ exp }))).toBe(false);
  });
  it('is invalid without a token, without three parts, without exp or when decoding fails (silently)', () => {
    expect(isTokenValid(null, now)).toBe(false);
    expect(isTokenValid('', now)).toBe(false);
    expect(isTokenValid(makeToken({ rol: 'doctor' }), now)).toBe(false);
    expect(isTokenValid(makeToken({ exp: String(exp) }), now)).toBe(false);
    expect(isTokenValid(makeToken({ exp }).split('.').slice(0, 2).join('.'), now)).toBe(false);
    expect(isTokenValid('a.no-es-json.c', now)).toBe(false);
  });
  it('exposes the expiry in milliseconds', () => {
    expect(getTokenExpiryMs(makeToken({ exp }))).toBe(exp * 1000);
    expect(getTokenExpiryMs(makeToken({}))).toBeNull();
  });
});
