import type { Language } from "#shared/language.ts";
import { ACCOUNT_MAIL_TEXTS } from "#server/mail/i18n/account.ts";
import type { Mail } from "#server/mail/mailer.ts";
import { actionMail, actionsMail } from "#server/mail/templates.ts";

/**
 * The mails better-auth asks for, and the one for a sign-up with an address that has an account,
 * in the language of the account, or of the request when the account has none (auth.ts).
 */

export function verificationMail(appName: string, to: string, url: string, language: Language = "en"): Mail {
  const texts = ACCOUNT_MAIL_TEXTS[language].verification;
  return actionMail({
    appName,
    to,
    subject: texts.subject(appName),
    intro: texts.intro(appName),
    actionLabel: texts.action,
    url,
    outro: texts.outro,
    language,
  });
}

export function resetPasswordMail(appName: string, to: string, url: string, language: Language = "en"): Mail {
  const texts = ACCOUNT_MAIL_TEXTS[language].resetPassword;
  return actionMail({
    appName,
    to,
    subject: texts.subject(appName),
    intro: texts.intro,
    actionLabel: texts.action,
    url,
    outro: texts.outro,
    language,
  });
}

/**
 * Registering again with a verified address creates nothing and answers as a new registration does
 * (nobody learns who has an account); this mail is what makes "We sent a verification link" true.
 */
export function accountExistsMail(options: { appName: string; to: string; publicUrl: string; language?: Language }): Mail {
  const { appName, to, publicUrl, language = "en" } = options;
  const texts = ACCOUNT_MAIL_TEXTS[language].accountExists;
  return actionsMail({
    appName,
    to,
    subject: texts.subject(appName),
    intro: texts.intro(appName),
    actions: [
      { label: texts.logIn, url: `${publicUrl}/` },
      { label: texts.resetPassword, url: `${publicUrl}/forgot-password` },
    ],
    outro: texts.outro,
    language,
  });
}
