import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormCard, FormSection } from './entity-form';
import {
  CheckboxInput,
  CheckboxListInput,
  DateTimeInput,
  NumberInput,
  RadioGroupInput,
  SelectInput,
  TextAreaInput,
  TextInput,
  TimeInput,
} from './form-fields';

const schema = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  notes: z.string(),
  repeat: z.number({ error: 'Repeat must be a number' }).int().min(1, 'Repeat must be at least 1').optional(),
  zone: z.enum(['Europe/Istanbul', 'Europe/London']),
  groupId: z.number().int().nullable(),
  active: z.boolean(),
  guestIds: z.array(z.number()).min(1, 'Choose at least one guest'),
  frequency: z.enum(['day', 'week']),
  start: z.string(),
  end: z.string(),
});
type Values = z.output<typeof schema>;

const guests = Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: `Guest ${i + 1}` }));

function Harness({ onSubmit }: { onSubmit: (values: Values) => Promise<void> }) {
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      title: '',
      notes: '',
      repeat: undefined,
      zone: 'Europe/Istanbul',
      groupId: null,
      active: true,
      guestIds: [],
      frequency: 'week',
      start: '2026-11-23T10:00',
      end: '11:00',
    },
  });
  return (
    <MemoryRouter>
      <FormCard form={form} onSubmit={onSubmit} submitLabel="Save thing" backTo="/things">
        <FormSection>
          <TextInput name="title" label="Title" />
          <TextAreaInput name="notes" label="Notes" hint="Anything to remember" />
          <NumberInput name="repeat" label="Repeat every" />
          <SelectInput
            name="zone"
            label="Timezone"
            options={[
              { value: 'Europe/Istanbul', label: 'Istanbul' },
              { value: 'Europe/London', label: 'London' },
            ]}
          />
          <SelectInput
            name="groupId"
            label="Group"
            numeric
            emptyLabel="None"
            options={[{ value: 4, label: 'Team A' }]}
          />
          <CheckboxInput name="active" label="Active" />
          <CheckboxListInput name="guestIds" label="Guests" options={guests} />
          <RadioGroupInput
            name="frequency"
            label="Frequency"
            options={[
              { value: 'day', label: 'Day' },
              { value: 'week', label: 'Week', description: 'Repeats on chosen weekdays' },
            ]}
          />
          <DateTimeInput name="start" label="Start" />
          <TimeInput name="end" label="To" />
        </FormSection>
      </FormCard>
    </MemoryRouter>
  );
}

describe('form fields', () => {
  it('labels every control and shows validation messages tied to their fields', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save thing' }));

    const title = await screen.findByLabelText('Title');
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = title.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('Title is required');
    expect(screen.getByRole('group', { name: 'Guests' }).textContent).toContain('Choose at least one guest');
    expect(screen.getByLabelText('Notes').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Start').type).toBe('datetime-local');
    expect(screen.getByLabelText<HTMLInputElement>('To').type).toBe('time');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('gives the submit handler typed values: numbers, null for the empty choice, arrays of ids', async () => {
    const onSubmit = vi.fn(async (values: Values) => {
      void values;
    });
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Title'), '  Weekly  ');
    await userEvent.type(screen.getByLabelText('Repeat every'), '3');
    await userEvent.selectOptions(screen.getByLabelText('Timezone'), 'Europe/London');
    await userEvent.click(screen.getByLabelText('Guest 2'));
    await userEvent.click(screen.getByLabelText('Guest 11'));
    await userEvent.click(screen.getByLabelText('Guest 2'));
    await userEvent.click(screen.getByLabelText('Guest 5'));
    await userEvent.click(screen.getByLabelText('Day'));
    await userEvent.click(screen.getByLabelText('Active'));
    await userEvent.click(screen.getByRole('button', { name: 'Save thing' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      title: 'Weekly',
      repeat: 3,
      zone: 'Europe/London',
      groupId: null,
      active: false,
      guestIds: [11, 5],
      frequency: 'day',
    });
  });

  it('reads a chosen id as a number and an emptied number box as no value', async () => {
    const onSubmit = vi.fn(async (values: Values) => {
      void values;
    });
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Title'), 'x');
    await userEvent.type(screen.getByLabelText('Repeat every'), '2');
    await userEvent.clear(screen.getByLabelText('Repeat every'));
    await userEvent.selectOptions(screen.getByLabelText('Group'), '4');
    await userEvent.click(screen.getByLabelText('Guest 1'));
    await userEvent.click(screen.getByRole('button', { name: 'Save thing' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ groupId: 4, repeat: undefined });
  });

  it('scrolls a long checkbox list and works it with the keyboard', async () => {
    render(<Harness onSubmit={async () => undefined} />);
    const group = screen.getByRole('group', { name: 'Guests' });
    const scroller = within(group).getByLabelText('Guest 1').closest('div.overflow-y-auto');
    expect(scroller?.className).toContain('max-h-[400px]');
    const first = within(group).getByLabelText<HTMLInputElement>('Guest 1');
    first.focus();
    await userEvent.keyboard(' ');
    expect(first.checked).toBe(true);
    await userEvent.tab();
    expect(document.activeElement).toBe(within(group).getByLabelText('Guest 2'));
  });

  it('disables every field and the submit button while saving', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Title'), 'x');
    await userEvent.click(screen.getByLabelText('Guest 1'));
    await userEvent.click(screen.getByRole('button', { name: 'Save thing' }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Title').closest('fieldset')?.disabled).toBe(true),
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save thing' }).disabled).toBe(true);
    finish();
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Title').closest('fieldset')?.disabled).toBe(false),
    );
  });
});
