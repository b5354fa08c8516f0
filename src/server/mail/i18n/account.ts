import type { Language } from "#shared/language.ts";

/** Verification, password reset and "you already have an account" (auth/account-mails.ts). */
const en = {
  verification: {
    subject: (app: string) => `Verify your email for ${app}`,
    intro: (app: string) => `Welcome to ${app}! Please confirm that this is your email address.`,
    action: "Verify email",
    outro: "If you did not create an account, you can ignore this mail.",
  },
  resetPassword: {
    subject: (app: string) => `Reset your ${app} password`,
    intro: "Someone asked to reset the password of your account. If it was you, choose a new password:",
    action: "Reset password",
    outro: "If you did not ask for this, you can ignore this mail; your password stays the same.",
  },
  accountExists: {
    subject: (app: string) => `You already have a ${app} account`,
    intro: (app: string) =>
      `Someone, probably you, tried to register on ${app} with this email address. It already has an account, so no new account was created. Log in with it, or reset its password if you have forgotten it:`,
    logIn: "Log in",
    resetPassword: "Reset password",
    outro: "If it was not you, you can ignore this mail; nothing has changed.",
  },
};

export type AccountMailTexts = typeof en;

const fr: AccountMailTexts = {
  verification: {
    subject: (app) => `Confirmez votre adresse courriel pour ${app}`,
    intro: (app) => `Bienvenue sur ${app} ! Veuillez confirmer que cette adresse courriel est bien la vôtre.`,
    action: "Confirmer l’adresse",
    outro: "Si vous n’avez pas créé de compte, vous pouvez ignorer ce courriel.",
  },
  resetPassword: {
    subject: (app) => `Réinitialisez votre mot de passe ${app}`,
    intro: "Quelqu’un a demandé à réinitialiser le mot de passe de votre compte. Si c’était vous, choisissez un nouveau mot de passe :",
    action: "Réinitialiser le mot de passe",
    outro: "Si vous n’avez rien demandé, vous pouvez ignorer ce courriel ; votre mot de passe reste le même.",
  },
  accountExists: {
    subject: (app) => `Vous avez déjà un compte ${app}`,
    intro: (app) =>
      `Quelqu’un, sans doute vous, a tenté de s’inscrire sur ${app} avec cette adresse courriel. Elle a déjà un compte : aucun nouveau compte n’a donc été créé. Connectez-vous avec celui-ci, ou réinitialisez son mot de passe si vous l’avez oublié :`,
    logIn: "Se connecter",
    resetPassword: "Réinitialiser le mot de passe",
    outro: "Si ce n’était pas vous, vous pouvez ignorer ce courriel ; rien n’a changé.",
  },
};

export const ACCOUNT_MAIL_TEXTS: Record<Language, AccountMailTexts> = { en, fr };
