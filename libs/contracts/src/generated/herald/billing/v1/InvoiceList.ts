// Original file: protos/billing/v1/billing.proto

import type { Invoice as _herald_billing_v1_Invoice, Invoice__Output as _herald_billing_v1_Invoice__Output } from '../../../herald/billing/v1/Invoice';

export interface InvoiceList {
  'invoices'?: (_herald_billing_v1_Invoice)[];
}

export interface InvoiceList__Output {
  'invoices': (_herald_billing_v1_Invoice__Output)[];
}
