import { describe, expect, it } from 'vitest';
import { tokenDelFragmento } from './enlace-con-token.tsx';

describe('tokenDelFragmento', () => {
  it('reads the token of #token=… and nothing else', () => {
    const token = 'r1.12.1790000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
    expect(tokenDelFragmento(`#token=${token}`)).toBe(token);
    expect(tokenDelFragmento(`#token=${token}&otra=cosa`)).toBe(token);
    expect(tokenDelFragmento('#token=')).toBeNull();
    expect(tokenDelFragmento('#token=%20')).toBeNull();
    expect(tokenDelFragmento('')).toBeNull();
    expect(tokenDelFragmento('#otra=cosa')).toBeNull();
  });
});
