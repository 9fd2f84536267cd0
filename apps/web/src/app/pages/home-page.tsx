import { Link, Navigate } from 'react-router';
import { home } from '@mayorista/core/messages/home';
import { guard } from '@mayorista/core/messages/guard';
import { isApproved, seesPanel, staffHomeOf, useAuth } from '../../lib/auth';
import { buttonVariants } from '../../components/ui/button';
import { appConfig } from '../../lib/app-config';
import { PendingWaitAndNextSteps } from '../routing/require-auth';

/** What the service is, how to get access, and the next step for this visitor. */
export default function HomePage() {
  const { profile } = useAuth();
  // Staff who do not buy start in their own area (decisions 051, 067): the panel, Mis clientes or
  // their stops. Signing in lands here, so this is also where they land after the sign-in.
  const staffHome = staffHomeOf(profile);
  if (staffHome) return <Navigate to={staffHome} replace />;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 md:py-16">
      <section aria-labelledby="home-title" className="max-w-3xl">
        <h1 id="home-title" className="text-3xl font-bold text-brand-900 md:text-4xl">
          {appConfig.catalogName}
        </h1>
        <p className="mt-4 text-lg text-slate-700">{home.lead}</p>
        <div className="mt-6">
          <CallToAction />
        </div>
      </section>

      <div className="mt-12 grid gap-8 md:grid-cols-2">
        <section aria-labelledby="home-features">
          <h2 id="home-features" className="text-xl font-semibold text-slate-900">
            {home.featuresTitle}
          </h2>
          <ul className="mt-4 space-y-3">
            {home.features.map((feature) => (
              <li key={feature} className="flex gap-3 text-slate-700">
                <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-brand-700" />
                {feature}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="home-steps">
          <h2 id="home-steps" className="text-xl font-semibold text-slate-900">
            {home.stepsTitle}
          </h2>
          <ol className="mt-4 space-y-4">
            {home.steps.map((step, index) => (
              <li key={step.title} className="flex gap-3">
                <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white">
                  {index + 1}
                </span>
                <div>
                  <p className="font-semibold text-slate-900">{step.title}</p>
                  <p className="text-slate-700">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}

function CallToAction() {
  const { user, profile } = useAuth();
  if (!user) {
    return (
      <div className="flex flex-wrap gap-3">
        <Link to="/register" className={buttonVariants()}>
          {home.visitorCta}
        </Link>
        <Link to="/login" className={buttonVariants({ variant: 'secondary' })}>
          {home.visitorSecondary}
        </Link>
        {/* The catalogue works without an account, at retail prices. */}
        <Link to="/catalog" className={buttonVariants({ variant: 'ghost', className: 'underline underline-offset-2' })}>
          {home.visitorCatalog}
        </Link>
      </div>
    );
  }
  if (!isApproved(profile)) {
    return (
      <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
        <p className="font-semibold text-amber-950">{guard.pendingTitle}</p>
        <p className="mt-1 text-amber-950">{guard.pendingText}</p>
        <PendingWaitAndNextSteps className="mt-3 items-start" />
      </div>
    );
  }
  return (
    <div>
      <p className="font-semibold text-slate-900">{home.approvedTitle(profile?.nombre ?? '')}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Link to="/catalog" className={buttonVariants()}>
          {home.approvedCta}
        </Link>
        <Link to="/my-orders" className={buttonVariants({ variant: 'secondary' })}>
          {home.myOrdersCta}
        </Link>
        {seesPanel(profile) ? (
          <Link to="/admin" className={buttonVariants({ variant: 'secondary' })}>
            {home.adminCta}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
