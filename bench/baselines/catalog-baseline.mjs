// The bare baseline for the catalogue read: node:http + pg, no framework, no auth, no validation,
// no cache, returning the same page of rows from the same database with the same SQL the product
// runs (products.repository.ts): a page, a search (one condition per word, ranked) and the count.
import http from 'node:http';
import pg from 'pg';

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const port = Number(process.env.PORT);

const COLUMNS =
  'id, name, price, retail_price, on_sale, sale_price, on_sale_retail, sale_price_retail, discounts, stock, has_unlimited_stock, is_enabled, sku, category, description, image_path, created_at, updated_at';
const escapeLike = (text) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const norm = (p) => `lower(public.immutable_unaccent(${p}))`;

/** The product's SQL for this query string (same text; the product names it, this does not). */
function statements(url) {
  const pageSize = Number(url.searchParams.get('page_size') ?? 48);
  const page = Number(url.searchParams.get('page') ?? 1);
  const search = (url.searchParams.get('search') ?? '').trim();
  const conditions = [];
  const values = [];
  if (url.searchParams.get('include_disabled') !== '1') conditions.push('is_enabled');
  const words = [...new Set(search.split(/\s+/).filter(Boolean))].slice(0, 8);
  for (const word of words) {
    if (word.length >= 3) {
      values.push(`%${escapeLike(word)}%`);
      conditions.push(`search_text like ${norm(`$${values.length}`)}`);
    } else {
      values.push(`${escapeLike(word)}%`, `% ${escapeLike(word)}%`);
      conditions.push(`(search_text like ${norm(`$${values.length - 1}`)} or search_text like ${norm(`$${values.length}`)})`);
    }
  }
  const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
  const pageValues = [...values];
  let order = 'name collate "es-AR-x-icu", id';
  if (search) {
    pageValues.push(search, `${escapeLike(search)}%`);
    const n = pageValues.length;
    order = `case when lower(sku) = lower($${n - 1}) then 0 when search_text like ${norm(`$${n}`)} then 1 else 2 end, ${order}`;
  }
  pageValues.push(pageSize, (page - 1) * pageSize);
  const n = pageValues.length;
  // A search's page carries its total (count(*) over ()), as in the product.
  const columns = search ? `${COLUMNS}, count(*) over ()::int as matching` : COLUMNS;
  return {
    search: Boolean(search),
    offset: (page - 1) * pageSize,
    page: { text: `select ${columns} from products ${where} order by ${order} limit $${n - 1} offset $${n}`, values: pageValues },
    count: { text: `select count(*)::int as total from products ${where}`, values },
    page_number: page,
    page_size: pageSize,
  };
}

http
  .createServer(async (req, res) => {
    if (req.url === '/healthz') {
      res.writeHead(200).end('ok');
      return;
    }
    const s = statements(new URL(req.url ?? '/', 'http://x'));
    const [{ rows }, counted] = await Promise.all([pool.query(s.page.text, s.page.values), s.search ? null : pool.query(s.count.text, s.count.values)]);
    const total = counted
      ? counted.rows[0].total
      : (rows[0]?.matching ?? (s.offset === 0 ? 0 : (await pool.query(s.count.text, s.count.values)).rows[0].total));
    const items = rows.map((r) => ({
      id: r.id, name: r.name, price: r.price, retail_price: r.retail_price, on_sale: r.on_sale, sale_price: r.sale_price,
      on_sale_retail: r.on_sale_retail, sale_price_retail: r.sale_price_retail, discounts: r.discounts, stock: r.stock,
      has_unlimited_stock: r.has_unlimited_stock, is_enabled: r.is_enabled, sku: r.sku, category: r.category,
      description: r.description, image_url: r.image_path ? `/uploads/${r.image_path}` : null,
      created_at: r.created_at.toISOString(), updated_at: r.updated_at.toISOString(),
    }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ items, total, page: s.page_number, page_size: s.page_size }));
  })
  .listen(port, '127.0.0.1');
