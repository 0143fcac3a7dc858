import type { BillingAccount, Currency } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { TextField } from '../../components/text-field';
import { TitledDialog } from '../../components/titled-dialog';
import { toast } from '../../components/toast';
import { eventChoicesQuery, useCreatePackage } from './api';
import { ChoiceField, CurrencyField, DialogForm } from './fields';
import { parseMoneyInput } from './money';

/**
 * Add package (docs/screens.md): `sessions` prepaid sessions for a price, of one event or
 * of any, usable up to a last day when given; a charged session then uses one of them instead of
 * its price (the oldest package first).
 */
export function PackageDialog({
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
      title={t('billing.addPackageFor', { name: account.name })}
      testId="package-dialog"
    >
      <PackageForm account={account} onClose={onClose} />
    </TitledDialog>
  );
}

function PackageForm({ account, onClose }: { account: BillingAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePackage();
  const events = useQuery(eventChoicesQuery());
  const [sessions, setSessions] = useState('10');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<Currency>(account.balance[0]?.currency ?? 'TRY');
  const [eventId, setEventId] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [checked, setChecked] = useState(false);

  const count = /^\d{1,4}$/.test(sessions.trim()) ? Number(sessions) : NaN;
  const sessionsOk = count >= 1 && count <= 1000;
  const minor = parseMoneyInput(amount);

  const submit = () => {
    setChecked(true);
    if (!sessionsOk || minor === null) return;
    create.mutate(
      {
        accountId: account.id,
        sessions: count,
        amount: minor,
        currency,
        eventId: eventId ? Number(eventId) : null,
        validUntil: validUntil || null,
      },
      {
        onSuccess: () => {
          toast.success(t('billing.packageAdded', { count }));
          onClose();
        },
      },
    );
  };

  const eventOptions = [
    { value: '', label: t('billing.anyEvent') },
    ...(events.data?.items ?? []).map((event) => ({ value: String(event.id), label: event.title })),
  ];
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={t('billing.addPackage')}
      pending={create.isPending}
      error={create.isError ? errorMessage(create.error, t('common.saveFailed')) : null}
    >
      <TextField
        label={t('attendance.sessions')}
        inputMode="numeric"
        required
        autoFocus
        value={sessions}
        error={checked && !sessionsOk ? t('billing.sessionsInvalid') : undefined}
        onChange={(event) => setSessions(event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('events.price')}
          hint={t('billing.amountHint')}
          inputMode="decimal"
          autoComplete="off"
          required
          value={amount}
          error={checked && minor === null ? t('billing.amountInvalid') : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
        <CurrencyField value={currency} onChange={setCurrency} />
      </div>
      <ChoiceField label={t('billing.packageEvent')} value={eventId} options={eventOptions} onChange={setEventId} />
      {events.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(events.error)}
        </p>
      )}
      <TextField
        type="date"
        label={t('billing.validUntil')}
        hint={t('billing.validUntilHint')}
        value={validUntil}
        onChange={(event) => setValidUntil(event.target.value)}
      />
    </DialogForm>
  );
}
