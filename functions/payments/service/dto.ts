import { fromCents, type PaymentType } from '../../../shared/domain/payments.js';
import type { PaymentDto, PaymentOptionDto } from '../../../shared/schemas/payments.js';
import type { PaymentRecord } from '../model/records.js';

export type { PaymentRecord, PaymentSessionRecord, TransactionRecord } from '../model/records.js';

/** The options an invoice offers (stored as JSON at issue). */
export const optionsOf = (p: PaymentRecord): PaymentOptionDto[] => (p.options ?? []) as PaymentOptionDto[];

/** An invoice as both sides read it: dollars with two decimals. */
export function toPaymentDto(p: PaymentRecord): PaymentDto {
  return {
    id: p.paymentId,
    paymentId: p.paymentId,
    guid: p.paymentId,
    applicationId: p.applicationId,
    description: p.description,
    displayOrder: p.displayOrder ?? 0,
    documentContainerId: p.documentContainerId,
    reference: p.reference,
    status: p.status,
    baseAmount: fromCents(p.baseCents),
    surchargeAmount: fromCents(p.surchargeCents ?? 0),
    currency: 'NZD',
    invoiceDocumentName: p.invoiceDocumentName,
    issuedDate: p.issuedDate,
    dueDate: p.dueDate,
    paymentDate: p.paymentDate,
    paymentMethod: p.paymentMethod as PaymentType | undefined,
    paymentOptions: optionsOf(p),
    transactions: (p.transactions ?? []).map((t) => ({
      transactionId: t.transactionId,
      transactionReference: t.transactionReference,
      transactionDate: t.transactionDate,
      paymentMethod: t.paymentMethod as PaymentType,
      result: t.result as 'Approved' | 'Declined' | 'Error' | undefined,
      message: t.message,
      amount: fromCents(t.amountCents),
      surchargePaid: fromCents(t.surchargeCents ?? 0),
      proofDocumentName: t.proofDocumentName,
    })),
  };
}
