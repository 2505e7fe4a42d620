import { describe, expect, it } from 'vitest';
import { cartLabel } from './public-layout.tsx';

describe('cart button label', () => {
  it('says how many treatments are in the cart', () => {
    expect(cartLabel(0)).toBe('Carrito, sin tratamientos');
    expect(cartLabel(1)).toBe('Carrito, 1 tratamiento');
    expect(cartLabel(2)).toBe('Carrito, 2 tratamientos');
  });
});
