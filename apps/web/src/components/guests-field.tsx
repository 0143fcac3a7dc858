import { useQuery } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { peopleQuery } from '../api/people';
import { fullName } from '../lib/names';
import { CheckboxListInput, type Choice } from './form-fields';
import { WithChoices } from './with-choices';

type Person = { id: number; name: string | null; surname: string | null; username?: string };

/**
 * The form field `guestIds` (an event's or an occurrence's): the active guest-role users to tick,
 * with the record's own `guests` among them (active too, but the list may not have caught up with
 * a change yet). `texts` and `wide` as WithChoices takes them.
 */
export function GuestsField({
  guests,
  texts,
  wide,
}: {
  guests: readonly Person[];
  texts?: { loading: ParseKeys; failed: ParseKeys };
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const people = useQuery(peopleQuery('guest'));
  return (
    <WithChoices label={t('common.guests')} query={people} texts={texts} wide={wide}>
      {(data) => {
        const options: Choice[] = data.items.map((person) => ({ value: person.id, label: fullName(person) }));
        for (const guest of guests) {
          if (!options.some((option) => option.value === guest.id)) {
            options.push({ value: guest.id, label: fullName(guest) });
          }
        }
        return (
          <CheckboxListInput
            name="guestIds"
            label={t('common.guests')}
            emptyText={t('common.guestsEmpty')}
            options={options}
          />
        );
      }}
    </WithChoices>
  );
}
