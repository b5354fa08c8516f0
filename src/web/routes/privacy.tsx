import type { ReactNode } from "react";
import { Link } from "react-router";
import { useAuth } from "../lib/auth.tsx";
import { useConfig } from "../lib/config.ts";
import { paths } from "../lib/paths.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";

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

export default function PrivacyScreen() {
  useDocumentTitle("Privacy Policy");
  const config = useConfig();
  const { user } = useAuth();
  const app = config.data?.appName ?? "Kickoff";
  const signedIn = Boolean(user?.emailVerified);
  const back = (
    <Link to={paths.home} className="font-semibold text-green-800 underline hover:text-green-900">
      {signedIn ? "Back to Events" : "Back to login"}
    </Link>
  );

  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <p className="text-sm">{back}</p>
      <header className="mt-4 border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Privacy Policy</h1>
        <p className="mt-2 text-sm text-slate-600">Effective date: November 23, 2026</p>
      </header>

      <div className="mt-8 flex flex-col gap-10 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <Section id="privacy-introduction" title="Introduction">
          <p>
            {app} helps people organise and join pick-up football games. This policy explains what personal information we collect
            when you use the {app} website or mobile app, why we collect it, who we share it with and the choices you have. We collect
            only what we need to run games, take payments and keep your account safe.
          </p>
        </Section>

        <Section id="privacy-information-we-collect" title="Information We Collect">
          <List>
            <li>
              <strong>Account information:</strong> your first name, last name and email address, and your password, which we store only
              as a secure hash. If you sign in with Google, we receive your name and email address from Google.
            </li>
            <li>
              <strong>Game activity:</strong> the games you join as a player or goalkeeper, your place on a waitlist, cancellations and
              refunds. If you organise games, the details you enter, such as the title, time, location and price.
            </li>
            <li>
              <strong>Payment information:</strong> card payments are handled by our card payment processor. Your full card number and
              security code go directly to the processor and never reach our servers. We keep the processor's customer and payment
              references, and the brand, last four digits and expiry date of saved cards so you can recognise them.
            </li>
            <li>
              <strong>Technical information:</strong> session cookies that keep you signed in, the time of your last activity (used to
              sign you out after 10 minutes of inactivity), and basic request information such as your IP address in our server logs.
            </li>
            <li>
              <strong>Your settings:</strong> for example, whether you want an email when a new game is published.
            </li>
          </List>
        </Section>

        <Section id="privacy-how-we-use" title="How We Use Your Information">
          <List>
            <li>To create and secure your account, verify your email address and let you reset your password.</li>
            <li>To register you for games, manage player lists and waitlists, and show you your own games.</li>
            <li>
              To charge you for a spot, charge you automatically when you are moved up from a waitlist, and issue refunds when you or an
              organiser cancel.
            </li>
            <li>
              To send you emails about your account and your games, such as verification links, payment confirmations and cancellations,
              and, unless you turn it off in your profile, news of newly published games.
            </li>
            <li>To prevent fraud and abuse, and to fix problems with the service.</li>
          </List>
          <p>We do not use your information for advertising and we do not sell it.</p>
        </Section>

        <Section id="privacy-statistics" title="Usage Statistics">
          <p>
            To see how people find and use {app}, our own server counts visits; no outside analytics service is involved. For each screen
            you view, we count:
          </p>
          <List>
            <li>
              which screen it was (for example the home screen, a game's page or your profile), which game a game page shows, and whether
              someone was signed in, but never who;
            </li>
            <li>the site that linked to {app}, by its name only (for example WhatsApp), never the page or message the link was in;</li>
            <li>the kind of device: phone, tablet or computer;</li>
            <li>when the Share Event button is used.</li>
          </List>
          <p>
            To count how many different visitors came each day, your IP address and your browser's description are combined with a random
            secret that changes every day into a code. The secret is deleted after 2 days; after that nobody, including us, can tell whose
            code it was or link it to another day. Your IP address and browser description are not stored with the counts.
          </p>
          <p>
            The individual counts are kept for 30 days, then only the daily totals are kept. This uses no cookies, stores nothing on your
            device and collects no personal data: the counts are not linked to your account.
          </p>
        </Section>

        <Section id="privacy-sharing" title="Sharing of Information">
          <p>We share personal information only as needed to run {app}:</p>
          <List>
            <li>
              <strong>Other players and organisers:</strong> your name appears on the player lists and waitlists of the games you join.
              The organiser's name and email address are shown on their games as contact information. Other players never see your
              email address.
            </li>
            <li>
              <strong>Service providers:</strong> our card payment processor (to take payments and refunds), our email delivery provider
              (to send you emails) and, if you choose to use it, Google (to sign you in). Map images are loaded from a map tile service,
              which sees your IP address like any website you visit.
            </li>
            <li>
              <strong>When required by law:</strong> if we must disclose information to comply with a legal obligation, or to protect the
              safety of our users.
            </li>
          </List>
        </Section>

        <Section id="privacy-storage" title="Data Storage and Security">
          <p>
            Your information is stored in our database and protected by access controls. Passwords are hashed, the site is served over
            encrypted connections, and sessions end after 10 minutes of inactivity, or when you close the browser if you did not choose Remember Me.
          </p>
          <p>
            We keep your account information for as long as your account exists. When you delete your account, we delete your profile and
            sign you out everywhere. Records of payments and refunds may be kept by us and by our payment processor for as long as the
            law requires. No system is perfectly secure, but we work to protect your information and will tell you if a breach affects
            you.
          </p>
        </Section>

        <Section id="privacy-children" title="Children's Privacy">
          <p>
            {app} is not intended for children under 13. We do not knowingly collect personal information from children under 13
            without the consent of a parent or guardian. If you believe a child under 13 has given us personal information without
            parental consent, contact us and we will delete it.
          </p>
        </Section>

        <Section id="privacy-rights" title="Your Rights">
          <p>You are in control of your information:</p>
          <List>
            <li>
              <strong>Access:</strong> your profile shows the information we hold about your account, and Your Events lists the games
              you have joined.
            </li>
            <li>
              <strong>Update:</strong> you can change your name, email address and password at any time in your profile.
            </li>
            <li>
              <strong>Delete:</strong> you can delete your account in your profile. This removes your personal information, except
              payment records we must keep by law.
            </li>
            <li>
              <strong>Choose your emails:</strong> you can stop emails about new games in your profile. Emails about your account and
              your payments are always sent.
            </li>
          </List>
          <p>You can also contact us to ask for a copy of your information or for help with any of these requests.</p>
        </Section>

        <Section id="privacy-contact" title="Contact Us">
          <p>
            If you have a question about this policy or your information, contact the organisers who run this {app} site. Their email
            address is shown under Contact Information on every game page once you are signed in; if you cannot sign in, ask the
            organiser of your game.
          </p>
          <p>If we change this policy, we will update the effective date above and, for important changes, let you know by email.</p>
        </Section>
      </div>

      <p className="mt-8 text-sm">{back}</p>
    </article>
  );
}
