import type { ReactNode } from "react";
import { Link } from "#web/components/link.tsx";
import { useAuth } from "#web/lib/auth.tsx";
import { useConfig } from "#web/lib/config.ts";
import { paths } from "#web/lib/paths.ts";
import { formatDate } from "#web/features/events/format.ts";
import { currentLanguage, t, type MessageKey } from "#web/i18n/i18n.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="scroll-mt-20">
      <h2 id={id} className="text-xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-3 flex flex-col gap-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

function List({ children }: { children: ReactNode }) {
  return <ul className="ml-5 flex list-disc flex-col gap-2 marker:text-green-700">{children}</ul>;
}

/** A list item that starts with its subject in bold ("Access: your profile shows…"). */
function Item({ label, text }: { label: MessageKey; text: MessageKey }) {
  return (
    <li>
      <strong>{t(label)}</strong> {t(text)}
    </li>
  );
}

/** The day this version of the policy took effect; written in the reader's language. */
const EFFECTIVE_DATE = "2026-11-23";

export default function PrivacyScreen() {
  useDocumentTitle(t("privacy.title"));
  const config = useConfig();
  const { user } = useAuth();
  const app = config.data?.appName ?? "Kickoff";
  const signedIn = Boolean(user?.emailVerified);
  // Only the sign-in providers this server has (GOOGLE_*, OIDC_*), named as the buttons name them.
  const providerNames = (config.data?.signInProviders ?? []).map((provider) => provider.label);
  const providers = providerNames.length > 0 ? new Intl.ListFormat(currentLanguage(), { type: "disjunction" }).format(providerNames) : null;
  const back = (
    <Link to={paths.home} className="font-semibold text-green-800 underline hover:text-green-900">
      {signedIn ? t("privacy.backToEvents") : t("privacy.backToLogin")}
    </Link>
  );
  // A day, not an instant: read and written in UTC so that no time zone moves it.
  const effective = formatDate(EFFECTIVE_DATE, { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });

  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <p className="text-sm">{back}</p>
      <header className="mt-4 border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t("privacy.title")}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("privacy.effective", { date: effective })}</p>
      </header>

      <div className="mt-8 flex flex-col gap-10 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <Section id="privacy-introduction" title={t("privacy.intro.title")}>
          <p>{t("privacy.intro.text", { app })}</p>
        </Section>

        <Section id="privacy-information-we-collect" title={t("privacy.collect.title")}>
          <List>
            <li>
              <strong>{t("privacy.collect.account.label")}</strong> {t("privacy.collect.account.text")}
              {providers && ` ${t("privacy.collect.account.providers", { providers })}`}
            </li>
            <Item label="privacy.collect.games.label" text="privacy.collect.games.text" />
            <Item label="privacy.collect.payment.label" text="privacy.collect.payment.text" />
            <Item label="privacy.collect.technical.label" text="privacy.collect.technical.text" />
            <Item label="privacy.collect.settings.label" text="privacy.collect.settings.text" />
          </List>
        </Section>

        <Section id="privacy-how-we-use" title={t("privacy.use.title")}>
          <List>
            <li>{t("privacy.use.account")}</li>
            <li>{t("privacy.use.games")}</li>
            <li>{t("privacy.use.payments")}</li>
            <li>{t("privacy.use.emails")}</li>
            <li>{t("privacy.use.abuse")}</li>
          </List>
          <p>{t("privacy.use.noAds")}</p>
        </Section>

        <Section id="privacy-statistics" title={t("privacy.statistics.title")}>
          <p>{t("privacy.statistics.intro", { app })}</p>
          <List>
            <li>{t("privacy.statistics.screen")}</li>
            <li>{t("privacy.statistics.referrer", { app })}</li>
            <li>{t("privacy.statistics.device")}</li>
            <li>{t("privacy.statistics.share")}</li>
          </List>
          <p>{t("privacy.statistics.visitors")}</p>
          <p>{t("privacy.statistics.retention")}</p>
        </Section>

        <Section id="privacy-sharing" title={t("privacy.sharing.title")}>
          <p>{t("privacy.sharing.intro", { app })}</p>
          <List>
            <Item label="privacy.sharing.players.label" text="privacy.sharing.players.text" />
            <li>
              <strong>{t("privacy.sharing.providers.label")}</strong>{" "}
              {providers ? t("privacy.sharing.providers.textWithSignIn", { providers }) : t("privacy.sharing.providers.text")}
            </li>
            <Item label="privacy.sharing.law.label" text="privacy.sharing.law.text" />
          </List>
        </Section>

        <Section id="privacy-storage" title={t("privacy.storage.title")}>
          <p>{t("privacy.storage.security")}</p>
          <p>{t("privacy.storage.retention")}</p>
        </Section>

        <Section id="privacy-children" title={t("privacy.children.title")}>
          <p>{t("privacy.children.text", { app })}</p>
        </Section>

        <Section id="privacy-rights" title={t("privacy.rights.title")}>
          <p>{t("privacy.rights.intro")}</p>
          <List>
            <Item label="privacy.rights.access.label" text="privacy.rights.access.text" />
            <Item label="privacy.rights.update.label" text="privacy.rights.update.text" />
            <Item label="privacy.rights.delete.label" text="privacy.rights.delete.text" />
            <Item label="privacy.rights.emails.label" text="privacy.rights.emails.text" />
          </List>
          <p>{t("privacy.rights.copy")}</p>
        </Section>

        <Section id="privacy-contact" title={t("privacy.contact.title")}>
          <p>{t("privacy.contact.text", { app })}</p>
          <p>{t("privacy.contact.changes")}</p>
        </Section>
      </div>

      <p className="mt-8 text-sm">{back}</p>
    </article>
  );
}
