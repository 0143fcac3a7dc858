import { PAYMENT_METHODS, type BillingAccount, type Currency, type PaymentMethod } from '@ritim/shared';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { useSession } from '../../auth/session-store';
import { TextAreaField, TextField } from '../../components/text-field';
import { TitledDialog } from '../../components/titled-dialog';
import { toast } from '../../components/toast';
import { useRecordPayment } from './api';
import { ChoiceField, CurrencyField, DialogForm } from './fields';
import { formatMoney, parseMoneyInput } from './money';

/** The currency an account's next payment most likely is in: the first it owes in, else the lira. */
const likelyCurrency = (account: BillingAccount): Currency =>
  account.balance.find((money) => money.amount > 0)?.currency ?? account.balance[0]?.currency ?? 'TRY';

/**
 * Record payment (docs/screens.md): money received from the account, typed as a decimal
 * (`12.50`) and sent as minor units, with its currency, method, when it came (on the user's clock)
 * and a note; it lowers the balance in that currency.
 */
export function PaymentDialog({
  account,
  open,
  onClose,
}: {
  account: BillingAccount;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <TitledDialog
      open={open}
      onClose={onClose}
      title={t('billing.recordPaymentFor', { name: account.name })}
      testId="payment-dialog"
    >
      <PaymentForm account={account} onClose={onClose} />
    </TitledDialog>
  );
}

function PaymentForm({ account, onClose }: { account: BillingAccount; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const zone = useSession().user?.timezone ?? 'UTC';
  const record = useRecordPayment();
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<Currency>(likelyCurrency(account));
  const [method, setMethod] = useState<PaymentMethod>('cash');
  // Now, to the minute as the field shows it; left as it is, the payment is received at the moment it is recorded
  // (not the minute's start, which would put it before an invoice issued a moment ago on the statement).
  const [initialReceivedAt] = useState(() => DateTime.now().setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm"));
  const [receivedAt, setReceivedAt] = useState(initialReceivedAt);
  const [note, setNote] = useState('');
  const [checked, setChecked] = useState(false);

  const minor = parseMoneyInput(amount);
  const amountError = checked && (minor === null || minor === 0) ? t('billing.amountInvalid') : undefined;
  const received = DateTime.fromISO(receivedAt, { zone });
  const receivedError = checked && !received.isValid ? t('billing.receivedAtInvalid') : undefined;

  const submit = () => {
    setChecked(true);
    if (minor === null || minor === 0 || !received.isValid) return;
    record.mutate(
      {
        accountId: account.id,
        amount: minor,
        currency,
        method,
        receivedAt: receivedAt === initialReceivedAt ? new Date().toISOString() : (received.toISO() ?? ''),
        note: note || null,
      },
      {
        onSuccess: () => {
          toast.success(t('billing.paymentRecorded', { amount: formatMoney(minor, currency, i18n.language) }));
          onClose();
        },
      },
    );
  };

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={t('billing.recordPayment')}
      pending={record.isPending}
      error={record.isError ? errorMessage(record.error, t('common.saveFailed')) : null}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('billing.amount')}
          hint={t('billing.amountHint')}
          inputMode="decimal"
          autoComplete="off"
          required
          autoFocus
          value={amount}
          error={amountError}
          onChange={(event) => setAmount(event.target.value)}
        />
        <CurrencyField value={currency} onChange={setCurrency} />
      </div>
      <ChoiceField
        label={t('billing.method')}
        value={method}
        options={PAYMENT_METHODS.map((value) => ({ value, label: t(`billing.methods.${value}`) }))}
        onChange={setMethod}
      />
      <TextField
        type="datetime-local"
        label={t('billing.receivedAt')}
        hint={t('common.timesIn', { zone })}
        required
        value={receivedAt}
        error={receivedError}
        onChange={(event) => setReceivedAt(event.target.value)}
      />
      <TextAreaField
        label={t('billing.note')}
        rows={2}
        maxLength={2000}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </DialogForm>
  );
}
