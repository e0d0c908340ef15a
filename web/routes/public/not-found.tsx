import { LinkButton } from "#web/components/ui/button.js";

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold text-accent-700">404</p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">Page not found</h1>
      <p className="mt-4 text-slate-700">The page you asked for does not exist or has moved.</p>
      <LinkButton to="/" className="mt-8">
        Back to the home page
      </LinkButton>
    </section>
  );
}
