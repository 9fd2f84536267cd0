import { Link } from 'react-router';
import { messages } from '@mayorista/core/messages';

export default function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{messages.notFound.title}</h1>
      <p className="mt-2 text-slate-600">{messages.notFound.text}</p>
      <Link to="/" className="mt-6 inline-block rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
        {messages.notFound.back}
      </Link>
    </section>
  );
}
