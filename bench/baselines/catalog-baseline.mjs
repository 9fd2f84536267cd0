// The bare baseline for the catalogue read: node:http + pg, no framework, no auth, no validation,
// returning the same page of rows from the same database with the same SQL the product runs.
import http from 'node:http';
import pg from 'pg';

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const port = Number(process.env.PORT);

// The same two statements the product sends for a catalogue page (products.repository.ts). The
// product names them (prepared once per connection); a bare handler like this one does not.
const PAGE_SQL = `select * from products where is_enabled order by name collate "es-AR-x-icu", id limit $1 offset $2`;
const COUNT_SQL = `select count(*)::int as count from products where is_enabled`;

http
  .createServer(async (req, res) => {
    if (req.url === '/healthz') {
      res.writeHead(200).end('ok');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    const pageSize = Number(url.searchParams.get('page_size') ?? 48);
    const page = Number(url.searchParams.get('page') ?? 1);
    const [{ rows }, counted] = await Promise.all([pool.query(PAGE_SQL, [pageSize, (page - 1) * pageSize]), pool.query(COUNT_SQL)]);
    const items = rows.map((r) => ({
      id: r.id, name: r.name, price: r.price, retail_price: r.retail_price, on_sale: r.on_sale, sale_price: r.sale_price,
      on_sale_retail: r.on_sale_retail, sale_price_retail: r.sale_price_retail, discounts: r.discounts, stock: r.stock,
      has_unlimited_stock: r.has_unlimited_stock, is_enabled: r.is_enabled, sku: r.sku, category: r.category,
      description: r.description, image_url: r.image_path ? `/uploads/${r.image_path}` : null,
      created_at: r.created_at.toISOString(), updated_at: r.updated_at.toISOString(),
    }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ items, total: counted.rows[0].count, page, page_size: pageSize }));
  })
  .listen(port, '127.0.0.1');
