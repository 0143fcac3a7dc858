import { createBillingAccountSchema, LANGUAGES, type BillingAccount } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { FormSection, ResourceForm } from '../../components/entity-form';
import { NameInput, SelectInput, TextInput } from '../../components/form-fields';
import { GuestsField } from '../../components/guests-field';
import { accounts } from './api';

/**
 * /billing/accounts/create and /billing/accounts/:accountId/edit (docs/screens.md): who
 * pays (name, email and phone for the invoices, the invoices' language) and the guests they pay
 * for; a guest in another account is refused by the server, which names it.
 */
export function AccountFormScreen() {
  const { t } = useTranslation();
  return (
    <ResourceForm
      resource={accounts}
      schema={createBillingAccountSchema}
      description={t('billing.formHint')}
      defaults={(account?: BillingAccount) => ({
        name: account?.name ?? '',
        email: account?.email ?? '',
        phone: account?.phone ?? '',
        language: account?.language ?? 'en',
        guestIds: account?.guests.map((guest) => guest.id) ?? [],
      })}
      savedPath={(saved) => `/billing/accounts/${(saved as BillingAccount).id}`}
    >
      {({ item: account }) => (
        <FormSection>
          <NameInput placeholder={t('billing.namePlaceholder')} maxLength={200} />
          <TextInput name="email" type="email" label={t('common.email')} maxLength={254} className="sm:col-span-1" />
          <TextInput name="phone" type="tel" label={t('common.phone')} maxLength={50} className="sm:col-span-1" />
          <SelectInput
            name="language"
            label={t('billing.invoiceLanguage')}
            options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
          />
          <GuestsField
            guests={(account?.guests ?? []).map((guest) => ({ id: guest.id, name: guest.name, surname: null }))}
          />
        </FormSection>
      )}
    </ResourceForm>
  );
}
