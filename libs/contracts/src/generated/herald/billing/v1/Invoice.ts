// Original file: protos/billing/v1/billing.proto

import type { Long } from '@grpc/proto-loader';

export interface Invoice {
  'id'?: (string);
  'number'?: (string);
  'status'?: (string);
  'amount_due'?: (number | string | Long);
  'amount_paid'?: (number | string | Long);
  'currency'?: (string);
  'period_start'?: (string);
  'period_end'?: (string);
  'hosted_invoice_url'?: (string);
  'invoice_pdf'?: (string);
  'created_at'?: (string);
  '_number'?: "number";
  '_currency'?: "currency";
  '_period_start'?: "period_start";
  '_period_end'?: "period_end";
  '_hosted_invoice_url'?: "hosted_invoice_url";
  '_invoice_pdf'?: "invoice_pdf";
}

export interface Invoice__Output {
  'id': (string);
  'number'?: (string);
  'status': (string);
  'amount_due': (string);
  'amount_paid': (string);
  'currency'?: (string);
  'period_start'?: (string);
  'period_end'?: (string);
  'hosted_invoice_url'?: (string);
  'invoice_pdf'?: (string);
  'created_at': (string);
  '_number'?: "number";
  '_currency'?: "currency";
  '_period_start'?: "period_start";
  '_period_end'?: "period_end";
  '_hosted_invoice_url'?: "hosted_invoice_url";
  '_invoice_pdf'?: "invoice_pdf";
}
