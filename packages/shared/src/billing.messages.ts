import { defineMessages } from './messages.js';

/** Texts of billing: prices, accounts, packages, invoices (docs/domain.md#billing). */
export const billingMessages = defineMessages('billing', {
  moneyInvalid: 'A price must be {amount, currency}: amount a whole number of minor units (pence, kuruş, cents)',
  amountNotWhole: 'amount must be a whole number of minor units (1250 for 12.50), not a fraction',
  amountNegative: 'amount must not be negative',
  amountTooLarge: 'amount must be at most 100000000 minor units (1,000,000.00)',
  currencyInvalid: 'currency must be one of TRY, GBP, EUR, USD',
  chargedStatusesInvalid:
    'chargedStatuses must be a list of attendance statuses (present, late, absent, excused, cancelled, lateCancelled)',
  accountNameRequired: 'An account name is required',
  accountNameTooLong: 'The account name is at most 200 characters',
  emailInvalid: 'email must be an email address',
  phoneInvalid: 'phone must be a phone number (7 to 20 digits)',
  languageInvalid: 'language must be en or tr',
  guestIdsInvalid: 'guestIds must be a list of at most 50 guest ids',
  guestInvalid: ({ id }: { id: number }) => `Guest ${id} is not a guest`,
  guestTaken: ({ id, account }: { id: number; account: string }) =>
    `Guest ${id} is already in the account ${account}; a guest is in at most one account`,
  nothingToUpdate: 'Nothing to update',
  accountRequired: 'accountId must be an id',
  accountUnknown: 'The account does not exist',
  accountFilterInvalid: 'The accountId filter must be an id',
  sessionsInvalid: 'sessions must be a whole number from 1 to 1000',
  eventInvalid: 'eventId must be an id',
  eventUnknown: 'The event does not exist',
  validUntilInvalid: 'validUntil must be a day (YYYY-MM-DD)',
  monthInvalid: 'month must be a month (YYYY-MM)',
  dryRunInvalid: 'dryRun must be true or false',
  statusFilterInvalid: 'status must be draft, issued or void',
  accountNotFound: 'Billing account not found',
  accountInUse: 'The account has invoices, packages or payments and cannot be deleted',
  invoiceNotFound: 'Invoice not found',
});
