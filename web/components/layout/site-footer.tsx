import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { LEGAL_PAGES } from "#shared/content.js";
import type { SocialNetwork } from "#shared/site.js";
import { useBootstrap } from "#web/lib/bootstrap.js";
import { Logo } from "../ui/logo.js";
import { OperatorDetails } from "./operator-details.js";
import { SOCIAL_LABELS, SocialIcon } from "../ui/social-icon.js";

const PAGES = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/plan", label: "Plans" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact" },
];

export function SiteFooter() {
  const { site } = useBootstrap();
  const networks = (Object.keys(site.social) as SocialNetwork[]).filter((network) => site.social[network]);
  return (
    <footer className="dark-surface bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div className="flex flex-col gap-4">
          <Logo name={site.name} inverted />
          <p className="text-sm leading-relaxed">
            Fixed-term investment plans with the terms shown up front. Returns are not guaranteed; capital is at risk.
          </p>
          {networks.length > 0 && (
            <ul className="flex gap-3" aria-label="Social media">
              {networks.map((network) => (
                <li key={network}>
                  <a
                    href={site.social[network]}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="inline-flex size-10 items-center justify-center rounded-full bg-brand-800 text-white hover:bg-brand-700"
                  >
                    <SocialIcon network={network} className="size-5" />
                    <span className="sr-only">{SOCIAL_LABELS[network]}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-label="Footer">
          <h2 className="mb-4 text-sm font-semibold uppercase tracking-wider text-white">Pages</h2>
          <ul className="flex flex-col gap-2 text-sm">
            {PAGES.map((page) => (
              <li key={page.to}>
                <Link to={page.to} className="hover:text-white hover:underline">
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-4 text-sm font-semibold uppercase tracking-wider text-white">Contact</h2>
          <ul className="flex flex-col gap-3 text-sm">
            <li className="flex items-start gap-2">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a href={`mailto:${site.supportEmail}`} className="break-all hover:text-white hover:underline">
                {site.supportEmail}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a href={`tel:${site.phone.replace(/[^+\d]/g, "")}`} className="hover:text-white hover:underline">
                {site.phone}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{site.address}</span>
            </li>
            {site.contactsExample && <li className="font-semibold text-white">Examples: the operator has not set its own contact details yet.</li>}
          </ul>
        </div>
      </div>
      <div className="border-t border-brand-800 px-4 py-5 text-center text-xs">
        <nav aria-label="Legal">
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
            {LEGAL_PAGES.map((page) => (
              <li key={page.slug}>
                <Link to={`/${page.slug}`} className="hover:text-white hover:underline">
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <OperatorDetails operator={site.operator} className="mx-auto mt-4 max-w-3xl leading-relaxed" />
        <p className="mt-3">
          © {new Date().getFullYear()} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
