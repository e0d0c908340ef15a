import { Mail, MapPin, Phone } from "lucide-react";
import { PageBanner, Section } from "#web/components/marketing/page-banner.js";
import { ContactForm } from "#web/features/contact/components/contact-form.js";
import { useBootstrap } from "#web/lib/bootstrap.js";

export function ContactPage() {
  const { site } = useBootstrap();
  const details = [
    { icon: MapPin, label: "Headquarters", value: site.address },
    { icon: Phone, label: "Phone", value: site.phone, href: `tel:${site.phone.replace(/[^+\d]/g, "")}` },
    { icon: Mail, label: "E-mail", value: site.supportEmail, href: `mailto:${site.supportEmail}` },
  ];
  return (
    <>
      <PageBanner title="Contact Us">Questions about a plan or your account? We are here to help.</PageBanner>
      <Section title="Get in touch">
        <ul className="grid gap-6 md:grid-cols-3">
          {details.map((detail) => (
            <li key={detail.label} className="rounded-card border border-slate-200 bg-white p-6 text-center">
              <detail.icon aria-hidden="true" className="mx-auto size-8 text-accent-700" />
              <h3 className="mt-3 font-semibold text-brand-900">{detail.label}</h3>
              {detail.href ? (
                <a href={detail.href} className="mt-1 block break-words text-slate-700 hover:text-brand-700 hover:underline">
                  {detail.value}
                </a>
              ) : (
                <p className="mt-1 text-slate-700">{detail.value}</p>
              )}
            </li>
          ))}
        </ul>
        {site.contactsExample && (
          <p className="mt-6 rounded-lg border border-amber-700/30 bg-amber-50 px-4 py-3 font-semibold text-amber-900" data-testid="contacts-example">
            These contact details are examples: the operator has not set its own yet. Do not write or call them.
          </p>
        )}
      </Section>
      <Section id="message" title="Send us a message">
        <ContactForm />
      </Section>
    </>
  );
}
