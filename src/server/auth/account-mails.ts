import type { Mail } from "../mail/mailer.ts";
import { actionMail, actionsMail } from "../mail/templates.ts";

/** The mails better-auth asks for, and the one for a sign-up with an address that has an account. */

export function verificationMail(appName: string, to: string, url: string): Mail {
  return actionMail({
    appName,
    to,
    subject: `Verify your email for ${appName}`,
    intro: `Welcome to ${appName}! Please confirm that this is your email address.`,
    actionLabel: "Verify email",
    url,
    outro: "If you did not create an account, you can ignore this mail.",
  });
}

export function resetPasswordMail(appName: string, to: string, url: string): Mail {
  return actionMail({
    appName,
    to,
    subject: `Reset your ${appName} password`,
    intro: "Someone asked to reset the password of your account. If it was you, choose a new password:",
    actionLabel: "Reset password",
    url,
    outro: "If you did not ask for this, you can ignore this mail; your password stays the same.",
  });
}

/**
 * Registering again with a verified address creates nothing and answers as a new registration does
 * (nobody learns who has an account); this mail is what makes "We sent a verification link" true.
 */
export function accountExistsMail(options: { appName: string; to: string; publicUrl: string }): Mail {
  const { appName, to, publicUrl } = options;
  return actionsMail({
    appName,
    to,
    subject: `You already have a ${appName} account`,
    intro: `Someone, probably you, tried to register on ${appName} with this email address. It already has an account, so no new account was created. Log in with it, or reset its password if you have forgotten it:`,
    actions: [
      { label: "Log in", url: `${publicUrl}/` },
      { label: "Reset password", url: `${publicUrl}/forgot-password` },
    ],
    outro: "If it was not you, you can ignore this mail; nothing has changed.",
  });
}
