import { PageBanner, Section } from "../../components/marketing/page-banner.js";

export function BlogPage() {
  return (
    <>
      <PageBanner title="Blog" />
      <Section title="Coming soon">
        <p className="text-center text-slate-700">Our first articles are on their way. Check back soon.</p>
      </Section>
    </>
  );
}
