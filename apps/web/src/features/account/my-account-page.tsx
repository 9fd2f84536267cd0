import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { cuentaCorrienteLink } from '../../lib/receivables/nav-text';
import { account as text } from '@mayorista/core/messages/account';
import { accountPages } from '@mayorista/core/messages/accountPages';
import { adminUsers } from '@mayorista/core/messages/adminUsers';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { meQueryOptions } from './api/account-api';
import { BusinessForm } from './components/business-form';
import { PasswordForm } from './components/password-form';
import { SessionsCard } from './components/sessions-card';

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-slate-700">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The way to "Mi cuenta corriente" on a wide screen, where the one-row bar has no room for it. */
function CuentaCorrienteLink() {
  return (
    <Link
      to="/cuenta-corriente"
      className="flex min-h-11 flex-col rounded-lg border border-brand-700 bg-white px-4 py-3 text-brand-900 shadow-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <span className="font-semibold underline underline-offset-2">{cuentaCorrienteLink.title}</span>
      <span className="text-sm text-slate-700">{cuentaCorrienteLink.hint}</span>
    </Link>
  );
}

/**
 * /mi-cuenta (the business-identity work, decisions 017–019), for approved and unapproved accounts alike: the seed's personal data
 * (read only), the business and delivery data, the password and the other sessions.
 */
export default function MyAccountPage() {
  const me = useQuery(meQueryOptions());
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-3 py-6 md:px-4">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{text.title}</h1>
        <p className="mt-1 text-slate-700">{text.intro}</p>
      </header>
      {me.data?.approved ? <CuentaCorrienteLink /> : null}
      {me.isPending ? <Spinner label={text.loading} paused={me.fetchStatus === 'paused'} /> : null}
      {me.isError ? <LoadError title={text.loadError} detail={me.error.message} retryLabel={adminUsers.retry} onRetry={() => void me.refetch()} /> : null}
      {me.data ? (
        <>
          <Section id="mi-cuenta-datos" title={text.personalSection}>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              {[
                [accountPages.nombreLabel, `${me.data.nombre} ${me.data.apellido}`],
                [accountPages.emailLabel, me.data.email],
                [accountPages.dniLabel, me.data.dni],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="font-medium text-slate-600">{label}</dt>
                  <dd className="break-words text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </Section>
          <Section id="mi-cuenta-negocio" title={text.businessAndDeliverySection} intro={text.businessHint}>
            <BusinessForm me={me.data} />
          </Section>
          <Section id="mi-cuenta-clave" title={text.passwordSection} intro={text.passwordIntro}>
            <PasswordForm />
          </Section>
          <Section id="mi-cuenta-sesiones" title={text.sessionsSection}>
            <SessionsCard />
          </Section>
        </>
      ) : null}
    </div>
  );
}
