import type { Language } from "#shared/language.ts";
import { translate } from "#server/i18n/translate.ts";
import type { Mail } from "#server/mail/mailer.ts";
import { actionMail, actionsMail } from "#server/mail/templates.ts";

/**
 * The mails better-auth asks for, and the one for a sign-up with an address that has an account,
 * in the language of the account, or of the request when the account has none (auth.ts).
 */

export function verificationMail(appName: string, to: string, url: string, language: Language = "en"): Mail {
  return actionMail({
    appName,
    to,
    subject: translate(language, "mail.verification.subject", { app: appName }),
    intro: translate(language, "mail.verification.intro", { app: appName }),
    actionLabel: translate(language, "mail.verification.action"),
    url,
    outro: translate(language, "mail.verification.outro"),
    language,
  });
}

export function resetPasswordMail(appName: string, to: string, url: string, language: Language = "en"): Mail {
  return actionMail({
    appName,
    to,
    subject: translate(language, "mail.resetPassword.subject", { app: appName }),
    intro: translate(language, "mail.resetPassword.intro"),
    actionLabel: translate(language, "mail.resetPassword.action"),
    url,
    outro: translate(language, "mail.resetPassword.outro"),
    language,
  });
}

/**
 * Registering again with a verified address creates nothing and answers as a new registration does
 * (nobody learns who has an account); this mail is what makes "We sent a verification link" true.
 */
export function accountExistsMail(options: { appName: string; to: string; publicUrl: string; language?: Language }): Mail {
  const { appName, to, publicUrl, language = "en" } = options;
  return actionsMail({
    appName,
    to,
    subject: translate(language, "mail.accountExists.subject", { app: appName }),
    intro: translate(language, "mail.accountExists.intro", { app: appName }),
    actions: [
      { label: translate(language, "mail.accountExists.logIn"), url: `${publicUrl}/` },
      { label: translate(language, "mail.accountExists.resetPassword"), url: `${publicUrl}/forgot-password` },
    ],
    outro: translate(language, "mail.accountExists.outro"),
    language,
  });
}
