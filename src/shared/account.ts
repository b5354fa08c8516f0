import { z } from "zod";
import { LANGUAGES, type Language } from "./language.ts";
import { hasControlCharactersOrLineBreaks, notAllowedCharacters } from "./text.ts";
import { errorKey } from "./i18n/error-key.ts";

const name = (label: "firstName" | "lastName") =>
  z
    .string()
    .trim()
    .min(1, errorKey(label === "firstName" ? "shared.account.firstNameRequired" : "shared.account.lastNameRequired"))
    .max(80, errorKey(label === "firstName" ? "shared.account.firstNameTooLong" : "shared.account.lastNameTooLong"))
    // One line: a name goes into mail headers' neighbours and greetings, where a line break has no place.
    .refine((value) => !hasControlCharactersOrLineBreaks(value), notAllowedCharacters(label));

export const nameSchema = z.object({
  firstName: name("firstName"),
  lastName: name("lastName"),
});
export type NameInput = z.infer<typeof nameSchema>;

export const changeEmailSchema = z.object({
  currentPassword: z.string().min(1, errorKey("shared.account.currentPasswordRequired")),
  newEmail: z.string().trim().toLowerCase().pipe(z.email(errorKey("shared.account.validEmail"))),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export const notificationSettingsSchema = z.object({ notifyNewEvents: z.boolean() });

/** PATCH /api/me/language: the language the user chose in the footer or Profile. */
export const languageSettingSchema = z.object({ language: z.enum(LANGUAGES) });

/** The display name is first and last name joined by a space (docs/product-rules.md, "Accounts, profile and roles"). */
export function displayName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(" ");
}

/** A Google display name is split on the first space into first and last name. */
export function splitDisplayName(full: string | null | undefined): { firstName: string; lastName: string } {
  const trimmed = (full ?? "").trim();
  const space = trimmed.indexOf(" ");
  if (space === -1) return { firstName: trimmed, lastName: "" };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

/** What the web app knows about the signed-in user (GET /api/me). */
export interface Me {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  name: string;
  isAdmin: boolean;
  notifyNewEvents: boolean;
  /** The language the user chose, saved on the account (null: never chosen; the browser's applies). */
  language: Language | null;
  hasPassword: boolean;
  /** The providers this account signs in with besides a password ("google", "oidc"): the profile lists them. */
  signIns: string[];
}

/** GET /api/me/verification: whether the address this browser registered has been verified (anywhere). */
export interface VerificationAnswer {
  verified: boolean;
}
