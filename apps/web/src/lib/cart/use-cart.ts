import { useContext } from 'react';
import { CartContext, type CartContextValue } from './cart-context';

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart debe usarse dentro de <CartProvider>.');
  return value;
}
