/** Cache keys of the payments feature. */
export const paymentKeys = {
  savedCards: () => ["payment-methods"] as const,
};
