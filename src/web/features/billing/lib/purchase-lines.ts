import type { Transaction } from '../api/billing-calls';

/** One line of payment history: a purchase (or refund) with the credits it added or took, or a lone credit entry. */
export interface PurchaseLine {
  id: string;
  /** The payment row, or the credit entry when there is no payment (a plan's free period, an admin grant). */
  head: Transaction;
  /** Credits added (or removed) with this payment; null when none moved. */
  credits: number | null;
}

/**
 * The API lists a payment and its credit entry as two rows sharing `purchaseRef` (docs/billing-contract.md,
 * `listTransactions`); the screen shows them as one line, the payment's amount with its credits beside it.
 */
export function purchaseLines(transactions: readonly Transaction[]): PurchaseLine[] {
  const lines = new Map<string, PurchaseLine>();
  for (const transaction of transactions) {
    const line = lines.get(transaction.purchaseRef);
    if (!line) {
      lines.set(transaction.purchaseRef, {
        id: transaction.id,
        head: transaction,
        credits: transaction.type === 'credit' ? transaction.amount : null,
      });
    } else if (transaction.type === 'credit') {
      line.credits = (line.credits ?? 0) + transaction.amount;
    } else {
      // The payment leads the line; the credit entry seen first becomes its credits.
      const credits = line.head.type === 'credit' ? line.head.amount : line.credits;
      lines.set(transaction.purchaseRef, { id: transaction.id, head: transaction, credits });
    }
  }
  return [...lines.values()];
}
