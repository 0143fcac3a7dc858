import { FORM_SCHEMA_EXAMPLE } from '@ritim/shared';
import { describe, expect, it } from 'vitest';
import { imageFacts, reportJpeg, sampleOccurrenceReport, texts } from './fixtures.js';
import { NO_SUBMISSIONS, occurrenceReportPage, renderOccurrenceReport, WHOLE_SESSION } from './occurrence-report.js';
import { layoutPage, pageElement } from './render.js';
import type { OccurrenceReportData } from './types.js';

const withSubmissions = (count: number): OccurrenceReportData => {
  const data = sampleOccurrenceReport();
  return { ...data, submissions: data.submissions.slice(0, count) };
};

describe('renderOccurrenceReport', () => {
  it('is a 1080 px wide JPEG that grows taller with each guest', async () => {
    const [none, one, six] = await Promise.all(
      [0, 1, 6].map(async (count) => imageFacts(await renderOccurrenceReport(withSubmissions(count)))),
    );
    for (const image of [none!, one!, six!]) expect(image).toEqual(reportJpeg(image.height));
    expect(one!.height).toBeGreaterThan(none!.height);
    expect(six!.height).toBeGreaterThan(one!.height + 4 * 300);
  });

  it('wraps long notes onto more lines, inside the card, instead of cutting them off', async () => {
    const long =
      'Bugün uzun bir oturum oldu; önce okuma parçasını birlikte çalıştık, sonra yazma ödevine geçtik. '.repeat(12) +
      '\nKaynak: https://example.com/' +
      'ğ'.repeat(150);
    const short = withSubmissions(1);
    const data = { ...short, submissions: [{ ...short.submissions[0]!, data: { Aciklama: long } }] };
    const shortHeight = (await layoutPage(occurrenceReportPage(short))).height;
    const longHeight = (await layoutPage(occurrenceReportPage(data))).height;
    // Some 1,300 characters at about 45 a line: 25 lines or more.
    expect(longHeight - shortHeight).toBeGreaterThan(25 * 52);

    // Every glyph outline (absolute M, L, Q and Z commands: x y pairs) stays inside the cards.
    const svg = (await layoutPage(occurrenceReportPage(data))).svg;
    const glyphs = [...svg.matchAll(/ d="([MLQZ\d\s.,-]+)"/g)].map(([, d]) => d!);
    const xs = glyphs.flatMap((d) => (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number).filter((_, i) => i % 2 === 0));
    expect(xs.length).toBeGreaterThan(1000);
    expect(Math.max(...xs)).toBeLessThanOrEqual(1080 - 28 - 40);
    expect(await imageFacts(await renderOccurrenceReport(data))).toEqual(reportJpeg(longHeight));
  });

  it('shows the session, then each guest with every field: labels, not stored values', () => {
    const data: OccurrenceReportData = {
      ...sampleOccurrenceReport(),
      fields: FORM_SCHEMA_EXAMPLE.fields,
      lookupLabels: new Map([
        ['country', new Map([['tr', 'Türkiye']])],
        ['city', new Map([['34', 'İstanbul']])],
      ]),
      submissions: [
        {
          guestName: 'Ayşe Yılmaz',
          data: {
            first_name: 'Ayşe',
            attendance: 'late',
            topics: ['reading', 'writing'],
            follow_up: true,
            country: 'tr',
            city: '34',
            Aciklama: 'İyi',
          },
        },
        { guestName: null, data: { follow_up: false } },
      ],
    };
    const page = occurrenceReportPage(data);
    expect(texts(page.header)).toEqual([
      'Session notes',
      'Türkçe okuma-yazma atölyesi',
      'When',
      'Sat 14/11/2026 10:00–11:30',
      'Time zone',
      'Europe/Istanbul',
      'Organiser',
      'Elif Şahin',
      'Location',
      'Kadıköy Kültür Merkezi, Salon 2',
    ]);
    expect(page.items.map(texts)).toEqual([
      [
        'Ayşe Yılmaz',
        ...['First name', 'Ayşe', 'Date of the session', '—', 'Attendance', 'Late'],
        ...['Topics covered', 'Reading, Writing', 'Needs a follow-up call', 'Yes'],
        ...['Country', 'Türkiye', 'City', 'İstanbul', 'Notes', 'İyi'],
      ],
      [
        WHOLE_SESSION,
        ...['First name', '—', 'Date of the session', '—', 'Attendance', '—', 'Topics covered', '—'],
        ...['Needs a follow-up call', 'No', 'Country', '—', 'City', '—', 'Notes', '—'],
      ],
    ]);
  });

  it('says so when no form was filled in', () => {
    const page = occurrenceReportPage(withSubmissions(0));
    expect(page.items).toEqual([]);
    expect(texts(page.empty)).toEqual([NO_SUBMISSIONS]);
    expect(texts(pageElement(page, 0))).toContain(NO_SUBMISSIONS);
  });

  it('stops at the height cap with a line for the guests left out', async () => {
    const many = sampleOccurrenceReport();
    const data = { ...many, submissions: Array.from({ length: 40 }, (_, i) => many.submissions[i % 6]!) };
    const page = occurrenceReportPage(data);
    const layout = await layoutPage(page, 6_000);
    expect(layout.height).toBeLessThanOrEqual(6_000);
    expect(layout.shown).toBeGreaterThan(5);
    expect(layout.shown).toBeLessThan(40);
    expect(texts(pageElement(page, layout.shown)).at(-1)).toBe(`… and ${40 - layout.shown} more guests`);
    // The cut is as late as it can be: one more guest would not fit.
    expect((await layoutPage({ ...page, items: page.items.slice(0, layout.shown + 1) }, 1e9)).height).toBeGreaterThan(
      6_000 - 200,
    );
    expect(await imageFacts(await renderOccurrenceReport(data, { maxHeight: 6_000 }))).toEqual(
      reportJpeg(layout.height),
    );
  });
});

describe('occurrenceReportPage: the form title', () => {
  it('reads the built-in form’s seeded title in the report’s language, and any other title as written', () => {
    const header = (data: OccurrenceReportData) => JSON.stringify(occurrenceReportPage(data).header);
    const builtIn = { ...sampleOccurrenceReport(), formTitle: 'Session notes', builtInTitle: true };
    expect(header({ ...builtIn, language: 'tr' })).toContain('Oturum notları');
    expect(header({ ...builtIn, language: 'tr' })).not.toContain('Session notes');
    expect(header({ ...builtIn, language: 'en' })).toContain('Session notes');
    const renamed = {
      ...sampleOccurrenceReport(),
      formTitle: 'Ders notu',
      builtInTitle: false,
      language: 'en' as const,
    };
    expect(header(renamed)).toContain('Ders notu');
  });
});
