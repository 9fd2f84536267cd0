import { expect, test, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm, uniqueDni, uniqueEmail, waitForMailLink } from './support/accounts-helpers';
import { inviteRep } from './support/staff-helpers';
import { auth } from './support/common';

/**
 * Staff roles, sales reps and the activity log (decisions 046–048): the owner invites a rep, the
 * rep takes a 10-line order and collects cash for their customer through the API the phone uses,
 * and the screens are photographed at 390 and 1280 px (test-results/staff-*.png).
 */

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `test-results/staff-${name}-${width}.png`, fullPage: true });
  }
}

test('a rep takes a 10-line order and collects cash for their customer; the owner sees both in Actividad', async ({ page, request }) => {
  // No page asks for a script or style the build did not write (the staff chunk's preload did).
  const missingAssets: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && new URL(response.url()).pathname.startsWith('/assets/')) missingAssets.push(response.url());
  });
  const ownerToken = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const rep = await inviteRep(request, page, ownerToken, () => shoot(page, 'invitacion'));
  const me = (await (await request.get('/api/auth/user', { headers: auth(rep.token) })).json()) as { user: { id: string } };
  const customer = await createApprovedCustomer(request, 'cliente-rep');
  const assigned = await request.patch(`/api/admin/users/${customer.id}/rep`, { headers: auth(ownerToken), data: { rep_id: me.user.id, visit_days: [1, 2, 3, 4, 5, 6, 7] } });
  expect(assigned.status(), await assigned.text()).toBe(204);

  const tag = Date.now();
  const products = [];
  for (let i = 0; i < 10; i += 1) {
    const res = await request.post('/api/products', { headers: auth(ownerToken), data: { name: `Rep ${tag} ${i}`, price: 10_000, retail_price: 20_000, stock: 50 } });
    expect(res.status(), await res.text()).toBeLessThan(300);
    products.push(((await res.json()) as { id: string }).id);
  }
  const order = await request.post(`/api/rep/customers/${customer.id}/orders`, {
    headers: auth(rep.token),
    data: { items: products.map((id) => ({ product_id: id, quantity: 3 })), idempotency_key: `e2e-${tag}` },
  });
  expect(order.status(), await order.text()).toBe(201);
  const payment = await request.post(`/api/rep/customers/${customer.id}/payments`, { headers: auth(rep.token), data: { amount: 100_000, method: 'cash', idempotency_key: `e2e-pago-${tag}` } });
  expect(payment.status(), await payment.text()).toBe(201);

  // The customer sees the order taken for them.
  const customerToken = await accessTokenFor(request, customer.email, customer.password);
  const own = (await (await request.get('/api/orders', { headers: auth(customerToken) })).json()) as { items: Array<{ id: string }> };
  expect(own.items.map((o) => o.id)).toContain(((await order.json()) as { order: { id: string } }).order.id);

  // The rep's phone: "Mis clientes".
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signInThroughForm(page, rep.email, rep.password);
  // He lands in Mis clientes (decision 067), with his own menu: no shopper's links, cart or panel.
  await expect(page).toHaveURL(/\/vendedor$/);
  await expect(page.getByRole('heading', { name: 'Mis clientes' })).toBeVisible();
  await expect(page.getByText('Visita hoy').first()).toBeVisible();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(menu.getByRole('link', { name: 'Mis clientes' })).toBeVisible();
  for (const other of ['Panel de administración', 'Catálogo', 'Mis Pedidos', 'Cuenta corriente', 'Inicio']) await expect(menu.getByRole('link', { name: other, exact: true })).toHaveCount(0);
  await expect(menu.locator('a[href="/cart"]')).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The customer's name is a thumb's target, 44 px tall.
  const nameLink = page.getByTestId('rep-customer-card').first().getByRole('link').first();
  expect((await nameLink.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await shoot(page, 'rep-home');
  // Another role's pages send him home instead of a 403 error state.
  for (const path of ['/cart', '/my-orders', '/cuenta-corriente', '/catalog', '/repartidor', '/admin']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/vendedor$/);
  }
  await page.getByRole('button', { name: 'Cerrar sesión', includeHidden: true }).first().evaluate((button: HTMLElement) => button.click());

  // The owner: Personal and Actividad.
  await page.goto('/login');
  await signInThroughForm(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/admin?tab=personal');
  await expect(page.getByText(rep.email)).toBeVisible();
  await shoot(page, 'personal');
  // Cuentas corrientes, "Todos": customers only, the rep is not listed as a client.
  await page.goto('/admin?tab=cuentas');
  await page.getByLabel('Mostrar').selectOption('all');
  await expect(page.getByRole('link', { name: /Ver la cuenta corriente de/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver la cuenta corriente de Vera Vendedora' })).toHaveCount(0);
  await shoot(page, 'cuentas-todos');
  await page.goto('/admin?tab=actividad');
  await expect(page.getByText('Vera Vendedora').first()).toBeVisible();
  // The assignment names the rep, not his id, and the visit days by name.
  await expect(page.getByText(/Vendedor: — → Vera Vendedora/).first()).toBeVisible();
  await expect(page.getByText(/Días de visita: .*lunes, martes/).first()).toBeVisible();
  await expect(page.getByText('Tomó un pedido').first()).toBeVisible();
  await expect(page.getByText('Registró un cobro').first()).toBeVisible();
  await shoot(page, 'actividad');

  // The customer's page shows its own history: the rep's payment and assignment.
  await page.goto(`/admin?tab=usuarios&cliente=${customer.id}`);
  const history = page.getByRole('region', { name: 'Historial' });
  await history.getByRole('button', { name: 'Ver historial' }).click();
  const paymentRow = history.getByRole('listitem').filter({ hasText: 'Registró un cobro' });
  await expect(paymentRow).toContainText('Vera Vendedora (Vendedor)');
  await expect(history.getByText('Asignó un vendedor')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await history.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/staff-customer-history-390.png' });
  expect(missingAssets).toEqual([]);
});

test('the depósito lands in the panel with its own menu, prepares a confirmed order and sees no button it may not use', async ({ page, request }) => {
  const ownerToken = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const email = uniqueEmail('deposito');
  const password = 'Clave-Deposito-E2E-2026';
  const invited = await request.post('/api/admin/staff/invitations', { headers: auth(ownerToken), data: { email, role: 'warehouse' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL(await waitForMailLink(email, '/invitacion')).searchParams.get('token');
  const accepted = await request.post('/api/auth/staff-invitation', { data: { token, password, nombre: 'Darío', apellido: 'Depósito', dni: uniqueDni() } });
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);

  const customer = await createApprovedCustomer(request, 'cliente-deposito');
  const tag = Date.now();
  const product = await request.post('/api/products', { headers: auth(ownerToken), data: { name: `Depósito ${tag} yerba`, price: 10_000, retail_price: 20_000, stock: 50 } });
  const otherIds: string[] = [];
  for (const [name, stock] of [['azúcar', 20], ['fideos', 12]] as const) {
    const other = await request.post('/api/products', { headers: auth(ownerToken), data: { name: `Depósito ${tag} ${name}`, sku: `DEP-${tag}-${name.slice(0, 3)}`, price: 10_000, retail_price: 20_000, stock } });
    expect(other.status(), await other.text()).toBe(201);
    otherIds.push(((await other.json()) as { id: string }).id);
  }
  const customerToken = await accessTokenFor(request, customer.email, customer.password);
  const placed = await request.post('/api/orders', {
    headers: auth(customerToken),
    data: { items: [{ product_id: ((await product.json()) as { id: string }).id, quantity: 2 }], observaciones: '', canjeado_con_puntos: false, idempotency_key: `dep-${Date.now()}` },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { order: { id: string } }).order.id;
  expect((await request.post(`/api/admin/orders/${orderId}/status`, { headers: auth(ownerToken), data: { status: 'Confirmado' } })).status()).toBe(200);
  // A second order, confirmed and never prepared: its 4 azúcar left the stock (20 → 16) but are still on the shelf.
  const unprepared = await request.post('/api/orders', {
    headers: auth(customerToken),
    data: { items: [{ product_id: otherIds[0], quantity: 4 }], observaciones: '', canjeado_con_puntos: false, idempotency_key: `dep-azucar-${Date.now()}` },
  });
  expect(unprepared.status(), await unprepared.text()).toBe(201);
  const unpreparedId = ((await unprepared.json()) as { order: { id: string } }).order.id;
  expect((await request.post(`/api/admin/orders/${unpreparedId}/status`, { headers: auth(ownerToken), data: { status: 'Confirmado' } })).status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signInThroughForm(page, email, password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(menu.getByRole('link', { name: 'Panel de administración' })).toBeVisible();
  for (const other of ['Catálogo', 'Pedido rápido', 'Mis listas', 'Mis Pedidos', 'Cuenta corriente', 'Inicio']) await expect(menu.getByRole('link', { name: other, exact: true })).toHaveCount(0);
  await expect(menu.locator('a[href="/cart"]')).toHaveCount(0);
  await shoot(page, 'deposito-menu');
  await page.keyboard.press('Escape');

  await page.goto('/admin?tab=pedidos');
  await page.getByRole('button', { name: new RegExp(`Ver detalle del pedido #${orderId.slice(0, 8)}`) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Marcar como Preparado' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Marcar como (Cancelado|Enviado|Entregado)/ })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Modificar pedido' })).toHaveCount(0);
  await shoot(page, 'deposito-pedido');
  await dialog.getByRole('button', { name: 'Marcar como Preparado' }).click();
  await expect(page.getByText(`El pedido #${orderId.slice(0, 8)} ahora está Preparado.`, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // The count (decision 069): the Stock tab, three products found by name, two differ from the shelf
  // (the third, equal, is sent too and the server answers it unchanged).
  // The azúcar's 4 units of the unprepared order are still on the shelf: 16 in stock, 20 expected there.
  await page.goto('/admin?tab=stock');
  await expect(page.getByRole('tab', { name: 'Stock' })).toBeVisible();
  await page.getByLabel('Buscar por nombre o SKU').fill(`Depósito ${tag}`);
  const list = page.getByRole('list', { name: 'Productos para contar' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByText('Stock actual: 48')).toBeVisible();
  await expect(list.getByText('Stock actual: 16')).toBeVisible();
  await expect(list.getByText('4 en pedidos sin preparar: en el estante deberían estar 20')).toBeVisible();
  await expect(list.getByText(/en pedidos sin preparar/)).toHaveCount(1);
  await shoot(page, 'deposito-recuento-reservado');
  await page.getByLabel(`Contado de Depósito ${tag} yerba`).fill('45');
  await page.getByLabel(`Contado de Depósito ${tag} azúcar`).fill('18');
  await page.getByLabel(`Contado de Depósito ${tag} fideos`).fill('12');
  await page.getByRole('button', { name: 'Guardar recuento' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Recuento guardado' });
  await expect(saved).toContainText('Recuento guardado: 2 productos actualizados');
  await expect(saved).toContainText(`«Depósito ${tag} yerba»: stock de 48 a 45 (contaste 45)`);
  await expect(saved).toContainText(`«Depósito ${tag} azúcar»: stock de 16 a 14 (contaste 18; 4 en pedidos sin preparar)`);
  await expect(list.getByText('Stock actual: 45')).toBeVisible();
  await expect(list.getByText('Stock actual: 14')).toBeVisible();
  await expect(page.getByLabel(`Contado de Depósito ${tag} fideos`)).toHaveValue('');
  await shoot(page, 'deposito-recuento');
  // A phone's screen as the person sees it: a wrong number marks its field, the save bar stays in sight, nothing is sent.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel(`Contado de Depósito ${tag} fideos`).fill('-3');
  await page.getByRole('button', { name: 'Guardar recuento' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Revisá los contados marcados' })).toBeVisible();
  await expect(page.getByLabel(`Contado de Depósito ${tag} fideos`)).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(`Contado de Depósito ${tag} fideos`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/staff-deposito-recuento-error-390.png' });
  await expect(list.getByText('Stock actual: 12')).toBeVisible();
  // Fewer azúcar on the shelf than the unprepared order needs: the office must decide, nothing changes.
  await page.getByLabel(`Contado de Depósito ${tag} fideos`).fill('');
  await page.getByLabel(`Contado de Depósito ${tag} azúcar`).fill('2');
  await page.getByRole('button', { name: 'Guardar recuento' }).click();
  await expect(page.getByRole('alert')).toContainText(`Contaste 2 de «Depósito ${tag} azúcar», pero hay 4 en pedidos sin preparar.`);
  await page.screenshot({ path: 'test-results/staff-deposito-recuento-reservado-error-390.png' });
  await expect(list.getByText('Stock actual: 14')).toBeVisible();
  const productId = ((await product.json()) as { id: string }).id;
  const movements = (await (await request.get(`/api/admin/products/${productId}/stock-movements?page=1&page_size=5`, { headers: auth(ownerToken) })).json()) as {
    items: Array<{ kind: string; quantity: number; balance: number; actor_name: string | null }>;
  };
  expect(movements.items[0]).toMatchObject({ kind: 'count', quantity: -3, balance: 45, actor_name: 'Darío Depósito' });

  for (const path of ['/', '/cart', '/my-orders', '/catalog', '/vendedor', '/repartidor']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/admin$/);
  }
});

test("a rep who opens the catalogue or a product page goes to Mis clientes without the customer's pages showing first", async ({ page, request }) => {
  const ownerToken = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const rep = await inviteRep(request, page, ownerToken);
  const name = `Destello ${Date.now()}`;
  const product = await request.post('/api/products', { headers: auth(ownerToken), data: { name, price: 10_000, retail_price: 20_000, stock: 5 } });
  expect(product.status(), await product.text()).toBe(201);
  const id = ((await product.json()) as { id: string }).id;
  // Every page load records each heading that was ever on screen, and the catalogue's loading text.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    const note = (text: string | null | undefined) => {
      if (text && !seen.includes(text)) seen.push(text);
    };
    new MutationObserver(() => {
      document.querySelectorAll('h1').forEach((h1) => note(h1.textContent));
      if (document.body?.textContent?.includes('Cargando productos...')) note('Cargando productos...');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto('/login');
  await signInThroughForm(page, rep.email, rep.password);
  await expect(page).toHaveURL(/\/vendedor$/);
  for (const path of ['/catalog', `/catalogo/${id}`]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/vendedor$/);
    await expect(page.getByRole('heading', { name: 'Mis clientes' })).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen, path).not.toContain('Catálogo');
    expect(seen, path).not.toContain(name);
    expect(seen, path).not.toContain('Cargando productos...');
    expect(seen, path).toContain('Mis clientes');
  }
  // Signed out, the catalogue is a visitor's; "Iniciar sesión" there brings the rep back to /catalog, which sends him on at once.
  await page.getByRole('button', { name: 'Cerrar sesión', includeHidden: true }).first().evaluate((button: HTMLElement) => button.click());
  await page.goto('/catalog');
  await page.getByRole('note').getByRole('link', { name: 'Iniciar sesión' }).click();
  await page.getByLabel('Correo electrónico').fill(rep.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(rep.password);
  await page.evaluate(() => ((window as unknown as { seen: string[] }).seen.length = 0));
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/vendedor$/);
  await expect(page.getByRole('heading', { name: 'Mis clientes' })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen, 'after signing in from the catalogue').not.toContain('Catálogo');
  expect(seen, 'after signing in from the catalogue').not.toContain('Cargando productos...');
});
