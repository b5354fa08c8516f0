/** The refund job: executes one pending refund row (execute-refund.ts); registrations/workers.ts runs it. */
export const REFUND_QUEUE = "payment-refund";

export interface RefundJob {
  paymentId: string;
}
