import { appConfig } from '../../lib/app-config';

export default function HomePage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">{appConfig.catalogName}</h1>
      <p className="mt-4 text-lg text-slate-700">
        Precios mayoristas, descuentos por cantidad y pedidos en línea para comercios aprobados.
      </p>
    </section>
  );
}
