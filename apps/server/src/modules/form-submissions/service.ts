import {
  type FormSchema,
  type FormSubmission,
  notFound,
  occurrenceMessages,
  type SubmitForm,
  submissionMessages,
} from '@ritim/shared';
import { auditChanges, recordAudit } from '../../platform/audit/record.js';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../platform/access/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { forms, formSubmissions, lookups, userGroups } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { OccurrenceChanges, organisesOrAdmin } from '../event-occurrences/index.js';
import { checkChoices, type ListboxChoice, parseSubmissionData, validateSubmission } from './validate.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type SubmissionRow = {
  id: number;
  formId: number;
  eventOccurrenceId: number;
  guestId: number | null;
  formVersion: number;
  submissionData: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
};

/**
 * Filling a form about one guest of one occurrence (docs/product.md §3 Form submission, docs/domain.md): one
 * submission per (form, occurrence, guest), filling again updates it, and the data is checked
 * against the form's schema here, whatever the screen already checked.
 */
export class FormSubmissionService {
  constructor(
    private readonly db: Db,
    private readonly occurrences = new OccurrenceChanges(db),
  ) {}

  /** POST /api/forms/{id}/submit: creates or updates the submission; always the stored row. */
  async submit(formId: number, input: SubmitForm, user: SessionUser): Promise<FormSubmission> {
    const parsed = parseSubmissionData(input.data);
    if (!parsed.success) throw new AppError(400, parsed.error);
    const guestId = input.guestId ?? null;

    return this.db.transaction(async (tx) => {
      // The version stored is the one whose schema the data was checked against, even when an
      // admin edits the form meanwhile.
      const [form] = await tx
        .select({ title: forms.title, version: forms.version, schema: forms.schema, status: forms.status })
        .from(forms)
        .where(eq(forms.id, formId));
      if (!form) throw new AppError(404, notFound('Form'));
      if (form.status === 'archived') throw new AppError(400, submissionMessages.formArchived);

      const occurrence = await this.occurrences.lockForSubmission(tx, input.eventOccurrenceId, guestId);
      // An editor's view of occurrences is the events they organise: others do not exist for them.
      if (!occurrence || !organisesOrAdmin(user, occurrence.organiserId)) {
        throw new AppError(404, submissionMessages.occurrenceNotFound);
      }
      // Completed means its report was sent: what was reported stays what is stored.
      if (occurrence.status === 'completed') throw new AppError(409, occurrenceMessages.completedLocked);
      if (guestId !== null && !occurrence.isGuest)
        throw new AppError(400, submissionMessages.notAGuest({ id: guestId }));

      const check = validateSubmission(form.schema as FormSchema | null, parsed.data);
      if (!check.success) throw new AppError(400, check.error);
      if (check.choices.length > 0) {
        const problem = checkChoices(check.choices, await this.findLookups(tx, occurrence.organiserId, check.choices));
        if (problem) throw new AppError(400, problem);
      }

      const [previous] = await tx
        .select({ data: formSubmissions.data })
        .from(formSubmissions)
        .where(
          and(
            eq(formSubmissions.formId, formId),
            eq(formSubmissions.occurrenceId, input.eventOccurrenceId),
            guestId === null ? isNull(formSubmissions.guestId) : eq(formSubmissions.guestId, guestId),
          ),
        );
      const submission = await this.upsert(tx, {
        formId,
        occurrenceId: input.eventOccurrenceId,
        guestId,
        formVersion: form.version,
        data: check.data,
        submittedBy: user.id,
      });
      // The answers that changed, by field name (a secret-looking field only as "[redacted]").
      await recordAudit(tx, {
        action: previous ? 'update' : 'create',
        entityType: 'form-submissions',
        entityId: submission.id,
        entityName: form.title,
        changes: auditChanges(
          previous ? previous.data : null,
          previous ? check.data : { eventOccurrenceId: input.eventOccurrenceId, guestId, ...check.data },
        ),
      });
      return submission;
    });
  }

  /**
   * The lookups that could be the listbox answers, all in one query. The rule is the listbox
   * query's (GET /api/lookups?keys&lookupableIds&lookupableType=group, which the fill screen offers
   * the choices from): lookups of the organiser's groups only.
   */
  private async findLookups(tx: Tx, organiserId: number, choices: ListboxChoice[]) {
    const answers = JSON.stringify(choices.map((choice) => ({ key: choice.lookupKey, value: choice.value })));
    const organiserGroups = tx
      .select({ id: userGroups.groupId })
      .from(userGroups)
      .where(eq(userGroups.userId, organiserId));
    return tx
      .select({ id: lookups.id, key: lookups.key, value: lookups.value, parentId: lookups.parentId })
      .from(lookups)
      .where(
        and(
          eq(lookups.lookupableType, 'groups'),
          inArray(lookups.lookupableId, organiserGroups),
          sql`(${lookups.key}, ${lookups.value}) in
            (select a.key, a.value from jsonb_to_recordset(cast(${answers} as jsonb)) as a(key text, value text))`,
        ),
      );
  }

  /**
   * One statement whatever runs beside it: the unique (form, occurrence, guest) constraint (nulls
   * not distinct, so one "no guest" submission too) turns a second insert, even a concurrent one,
   * into the update of the first.
   */
  private async upsert(
    tx: Tx,
    values: {
      formId: number;
      occurrenceId: number;
      guestId: number | null;
      formVersion: number;
      data: Record<string, unknown>;
      submittedBy: number;
    },
  ): Promise<FormSubmission> {
    const result = await tx.execute<SubmissionRow>(sql`
      insert into ${formSubmissions} (form_id, occurrence_id, guest_id, form_version, data, submitted_by)
      values (${values.formId}, ${values.occurrenceId}, ${values.guestId}, ${values.formVersion},
        cast(${JSON.stringify(values.data)} as jsonb), ${values.submittedBy})
      on conflict on constraint form_submissions_form_occurrence_guest_key do update set
        form_version = excluded.form_version, data = excluded.data, submitted_by = excluded.submitted_by,
        updated_at = now()
      returning id, form_id as "formId", occurrence_id as "eventOccurrenceId", guest_id as "guestId",
        form_version as "formVersion", data as "submissionData",
        to_json(created_at) #>> '{}' as "createdAt", to_json(updated_at) #>> '{}' as "updatedAt"`);
    const row = (result as { rows: SubmissionRow[] }).rows[0]!;
    return {
      ...row,
      createdAt: new Date(row.createdAt).toISOString(),
      updatedAt: new Date(row.updatedAt).toISOString(),
    };
  }
}
