import { Outlet, type RouteObject } from 'react-router';
import CartPage from '../app/pages/cart-page';
import { CartProvider, useCart } from '../lib/cart';
import { AZUCAR_ID, makeProduct, YERBA_ID } from './test-products';

export { AZUCAR_ID, makeProduct, YERBA_ID } from './test-products';


/** 5 % off from 6 units, 10 % from 12: the tiers the page must show. */
export const yerba = makeProduct({
  discounts: [
    { minQuantity: 6, discountType: 'percentage', discountValue: 5 },
    { minQuantity: 12, discountType: 'percentage', discountValue: 10 },
  ],
  stock: 40,
});
export const azucar = makeProduct({ id: AZUCAR_ID, name: 'Azúcar Ledesma 1 kg', price: 1190_00, stock: 3 });

/** Drives the cart through its public hook, like the catalogue and Mis Pedidos do. */
function CartHarness() {
  const cart = useCart();
  return (
    <div>
      <p data-testid="status">{cart.status}</p>
      <p data-testid="count">{cart.count}</p>
      <p data-testid="total">{cart.total}</p>
      <p data-testid="lines">{cart.items.map((l) => `${l.product.name}=${l.quantity}`).join(';')}</p>
      <button onClick={() => cart.addItem(yerba, 1)}>agregar yerba</button>
      <button onClick={() => cart.addItem(azucar, 2)}>agregar azúcar x2</button>
      <button onClick={() => cart.setQuantity(YERBA_ID, 12)}>yerba a 12</button>
      <button onClick={() => cart.setQuantity(AZUCAR_ID, 9)}>azúcar a 9</button>
      <button onClick={() => cart.setQuantity(YERBA_ID, 0)}>yerba a 0</button>
      <button onClick={() => cart.clear()}>vaciar</button>
    </div>
  );
}

export const cartRoutes: RouteObject[] = [
  {
    element: (
      <CartProvider>
        <Outlet />
      </CartProvider>
    ),
    children: [
      { path: '/harness', element: <CartHarness /> },
      { path: '/cart', element: <CartPage /> },
      { path: '/catalog', element: <h1>Catálogo</h1> },
      { path: '/my-orders', element: <h1>Mis Pedidos</h1> },
    ],
  },
];
