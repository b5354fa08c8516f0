import { isNativeApp } from "#web/lib/native.tsx";

export type ShareOutcome = "shared" | "copied" | "cancelled" | "unsupported";

export interface ShareData {
  title: string;
  text: string;
  url: string;
}

/**
 * Share Event as the original product has it: native share in the app, the Web Share API in
 * browsers that have it, else the link is copied. A person closing the share sheet has not hit an
 * error: that is "cancelled".
 */
export async function shareEvent(data: ShareData): Promise<ShareOutcome> {
  if (isNativeApp()) {
    try {
      const { Share } = await import("@capacitor/share");
      await Share.share({ ...data, dialogTitle: data.title });
      return "shared";
    } catch (error) {
      if (isCancellation(error)) return "cancelled";
      console.warn("native share failed", error);
    }
  }
  if (typeof navigator.share === "function") {
    try {
      await navigator.share(data);
      return "shared";
    } catch (error) {
      if (isCancellation(error)) return "cancelled";
      // e.g. NotAllowedError without a user gesture: copying the link still helps.
      console.warn("web share failed", error);
    }
  }
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(data.url);
      return "copied";
    } catch (error) {
      console.warn("copying the link failed", error);
    }
  }
  return "unsupported";
}

function isCancellation(error: unknown): boolean {
  if (error instanceof DOMException && error.name === "AbortError") return true;
  // Capacitor rejects with "Share canceled" when the sheet is dismissed.
  return error instanceof Error && /cancel/i.test(error.message);
}
