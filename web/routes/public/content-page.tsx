import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { useBootstrap } from "#web/lib/bootstrap.js";
import { PageBanner, Section } from "#web/components/marketing/page-banner.js";
import { OperatorDetails } from "#web/components/layout/operator-details.js";
import { Loading } from "#web/components/ui/spinner.js";
import { useContentPage } from "#web/lib/page-data.js";
import { NotFoundPage } from "./not-found.js";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });
const formatDate = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));

/** Blog index, blog posts, and the operator's legal and explanatory pages: Markdown from content/, rendered on the server. */
export function ContentPageView() {
  const { pathname } = useLocation();
  const state = useContentPage(pathname.replace(/\/+$/, "") || "/");
  const { site } = useBootstrap();
  const title = state.status === "ready" ? state.page.title : undefined;
  useEffect(() => {
    if (title) document.title = `${title} · ${site.name}`;
  }, [title, site.name]);
  if (state.status === "loading") return <Loading />;
  if (state.status === "missing") return <NotFoundPage />;
  if (state.status === "failed") {
    return (
      <Section title="Something went wrong">
        <p className="text-center text-slate-700">This page could not be loaded. Please try again later.</p>
      </Section>
    );
  }
  const { page } = state;

  if (page.kind === "blog-index") {
    return (
      <>
        <PageBanner title="Blog">News and guides from the team.</PageBanner>
        <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
          {page.posts.length === 0 ? (
            <p className="text-center text-slate-700">Our first articles are on their way. Check back soon.</p>
          ) : (
            <ul className="flex flex-col gap-6">
              {page.posts.map((post) => (
                <li key={post.slug} className="rounded-card border border-slate-200 bg-white p-6">
                  <p className="text-sm text-slate-600">
                    <time dateTime={post.date}>{formatDate(post.date)}</time>
                  </p>
                  <h2 className="mt-1 text-xl font-semibold text-brand-900">
                    <Link to={`/blog/${post.slug}`} className="hover:underline">
                      {post.title}
                    </Link>
                  </h2>
                  {post.summary && <p className="mt-2 text-slate-700">{post.summary}</p>}
                </li>
              ))}
            </ul>
          )}
        </div>
      </>
    );
  }

  if (page.kind === "unwritten") {
    // Not yet written by the operator: the visitor is told so plainly (the operator's logs say what to write).
    return (
      <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{page.title}</h1>
        <p className="mt-8 rounded-lg border border-danger-600/30 bg-danger-50 px-4 py-3 font-medium text-danger-600" data-testid="unwritten-page">
          {page.message}
        </p>
        <OperatorDetails operator={site.operator} className="mt-8 text-sm text-slate-700" />
      </article>
    );
  }

  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      {page.kind === "post" && (
        <p className="text-sm text-slate-600">
          <Link to="/blog" className="font-medium text-brand-700 hover:underline">
            Blog
          </Link>{" "}
          · <time dateTime={page.date}>{formatDate(page.date)}</time>
        </p>
      )}
      <h1 className="mt-2 text-3xl font-bold text-brand-900 sm:text-4xl">{page.title}</h1>
      {page.kind === "legal" && (
        <>
          <p className="mt-3 text-sm text-slate-600" data-testid="page-version">
            Last changed <time dateTime={page.updated}>{formatDate(page.updated)}</time> · Version {page.version}
          </p>
          {page.example && (
            <p className="mt-4 rounded-lg border-2 border-amber-700/40 bg-amber-50 px-4 py-3 font-semibold text-amber-900" data-testid="example-page">
              This is an example text shipped with the software, not the operator&apos;s own. A live site shows the operator&apos;s text here, and takes
              no investment until it has.
            </p>
          )}
          <OperatorDetails operator={site.operator} className="mt-6 rounded-card border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700" />
        </>
      )}
      {/* Written by the operator in content/ and rendered on the server from Markdown. */}
      <div className="prose-content mt-8" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
