import type { StripeJsError } from "./payment-error.ts";

/**
 * Stripe.js, loaded from js.stripe.com when a payment dialog opens in Stripe mode (Stripe forbids
 * bundling it, and no other screen needs it). Only the few calls the dialog makes are typed here.
 */
export interface StripeJs {
  elements(options: { clientSecret: string; appearance?: object; locale?: string }): StripeElements;
  confirmSetup(options: { elements: StripeElements; redirect: "if_required" }): Promise<{
    setupIntent?: { payment_method: string | { id: string } | null };
    error?: StripeJsError;
  }>;
  handleNextAction(options: { clientSecret: string }): Promise<{ error?: StripeJsError }>;
}

export interface StripeElements {
  create(type: "payment", options?: object): { mount(target: HTMLElement): void; destroy(): void; on(event: "ready", handler: () => void): void };
  submit(): Promise<{ error?: StripeJsError }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

export const STRIPE_JS_URL = "https://js.stripe.com/v3/";
const LOAD_TIMEOUT_MS = 15_000;

let loading: Promise<NonNullable<Window["Stripe"]>> | null = null;

function loadScript(): Promise<NonNullable<Window["Stripe"]>> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = STRIPE_JS_URL;
    script.async = true;
    const timer = window.setTimeout(() => reject(new Error("Stripe.js did not load in time")), LOAD_TIMEOUT_MS);
    script.onload = () => {
      window.clearTimeout(timer);
      if (window.Stripe) resolve(window.Stripe);
      else reject(new Error("Stripe.js loaded without Stripe"));
    };
    script.onerror = () => {
      window.clearTimeout(timer);
      script.remove();
      reject(new Error("Stripe.js could not be loaded"));
    };
    document.head.append(script);
  });
}

/** Stripe.js for this publishable key; a failed load can be tried again by calling this again. */
export async function loadStripe(publishableKey: string): Promise<StripeJs> {
  loading ??= loadScript();
  try {
    return (await loading)(publishableKey);
  } catch (error) {
    loading = null;
    throw error;
  }
}
