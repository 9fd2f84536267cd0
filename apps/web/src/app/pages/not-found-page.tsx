import { useEffect } from 'react';
import { Link } from 'react-router';
import { notFound } from '@mayorista/core/messages/notFound';
import { buttonVariants } from '../../components/ui/button';

export default function NotFoundPage() {
  useEffect(() => {
    const previous = document.title;
    document.title = notFound.documentTitle;
    return () => {
      document.title = previous;
    };
  }, []);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{notFound.title}</h1>
      <p className="mt-2 text-slate-700">{notFound.text}</p>
      <Link to="/" className={buttonVariants({ className: 'mt-6' })}>
        {notFound.back}
      </Link>
    </section>
  );
}
