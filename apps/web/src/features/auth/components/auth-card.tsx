import type { ReactNode } from 'react';

/** The common frame of the account pages: one column, readable at 360 px. */
export function AuthCard({ title, intro, children, titleId }: { title: string; intro?: ReactNode; children: ReactNode; titleId: string }) {
  return (
    <section aria-labelledby={titleId} className="mx-auto w-full max-w-md px-4 py-10">
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 id={titleId} className="text-2xl font-bold text-slate-900">
          {title}
        </h1>
        {intro ? <div className="mt-2 text-slate-700">{intro}</div> : null}
        <div className="mt-5">{children}</div>
      </div>
    </section>
  );
}

export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'info' }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={tone === 'error' ? 'rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900' : 'rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900'}
    >
      {children}
    </div>
  );
}
