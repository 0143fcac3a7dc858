import { describe, expect, it } from 'vitest';
import { imageFacts, reportJpeg, sampleMonthlyReport, texts } from './fixtures.js';
import { reportImages } from './image-cache.js';
import { monthlyReportPage, NO_SESSIONS, renderMonthlyReport } from './monthly-report.js';
import { layoutPage, MAX_HEIGHT, pageElement } from './render.js';
import type { MonthlyReportData } from './types.js';

describe('renderMonthlyReport', () => {
  it('is a 1080 px wide JPEG that grows taller with each session', async () => {
    const [none, three, twelve] = await Promise.all(
      [0, 3, 12].map(async (count) => imageFacts(await renderMonthlyReport(sampleMonthlyReport(count)))),
    );
    for (const image of [none!, three!, twelve!]) expect(image).toEqual(reportJpeg(image.height));
    expect(three!.height).toBeGreaterThan(none!.height);
    expect(twelve!.height).toBeGreaterThan(three!.height + 9 * 150);
  });

  it("heads the month with the guest's name, the totals and their attendance, then lists the sessions by start in the guest's zone with their marks", () => {
    const data: MonthlyReportData = {
      guestName: 'Şükrü Doğan',
      timeZone: 'Europe/London',
      year: 2026,
      month: 10,
      occurrences: [
        {
          eventTitle: 'Matematik etüdü',
          startsAt: new Date('2026-10-26T17:00:00Z'),
          endsAt: new Date('2026-10-26T18:00:00Z'),
          status: 'scheduled',
          notes: null,
          attendance: null,
        },
        {
          eventTitle: 'Okuma atölyesi',
          startsAt: new Date('2026-10-19T16:00:00Z'),
          endsAt: new Date('2026-10-19T17:00:00Z'),
          status: 'completed',
          notes: 'Çok iyi',
          attendance: 'late',
        },
        {
          eventTitle: 'Okuma atölyesi',
          startsAt: new Date('2026-10-22T16:00:00Z'),
          endsAt: new Date('2026-10-22T17:00:00Z'),
          status: 'approved',
          notes: '  ',
          attendance: 'absent',
        },
      ],
    };
    const page = monthlyReportPage(data);
    expect(texts(page.header)).toEqual([
      'Monthly report',
      'Şükrü Doğan — October 2026',
      '3 sessions: 1 completed, 1 approved, 1 scheduled',
      'Attended 1 of 2 sessions',
      'Time zone',
      'Europe/London',
    ]);
    // Summer time until 25 October: 16:00 UTC is 17:00 in London before, 17:00 UTC is 17:00 after.
    expect(page.items.map(texts)).toEqual([
      ['Mon 19/10/2026 17:00–18:00', 'Completed', 'Late', 'Okuma atölyesi', 'Notes', 'Çok iyi'],
      ['Thu 22/10/2026 17:00–18:00', 'Approved', 'Absent', 'Okuma atölyesi'],
      ['Mon 26/10/2026 17:00–18:00', 'Scheduled', 'Matematik etüdü'],
    ]);
  });

  it('says nothing of attendance when no session is marked present, late, absent or cancelled late', () => {
    const data = sampleMonthlyReport(4);
    const marks = ['excused', 'cancelled', null, null] as const;
    const page = monthlyReportPage({
      ...data,
      occurrences: data.occurrences.map((occurrence, i) => ({ ...occurrence, attendance: marks[i]! })),
    });
    expect(texts(page.header)).toEqual([
      'Monthly report',
      'Ayşe Yılmaz — November 2026',
      '4 sessions: 3 completed, 1 approved',
      'Time zone',
      'Europe/London',
    ]);
    expect(page.items.map((item) => texts(item)[2])).toEqual([
      'Excused',
      'Cancelled in time',
      'Türkçe okuma-yazma atölyesi',
      'Matematik etüdü (çarpanlar ve üslü sayılar)',
    ]);
  });

  it('words the attendance and the marks in Turkish for a Turkish guest', () => {
    const page = monthlyReportPage({ ...sampleMonthlyReport(12), language: 'tr' });
    expect(texts(page.header).slice(2, 4)).toEqual([
      '12 oturum: 8 tamamlandı, 2 onaylandı, 2 planlandı',
      "7 oturumdan 6'sına katıldı",
    ]);
    expect(page.items.slice(0, 6).map((item) => texts(item)[2])).toEqual([
      'Katıldı',
      'Katıldı',
      'Geç kaldı',
      'Katılmadı',
      'Katıldı',
      'Mazeretli',
    ]);
    expect(texts(monthlyReportPage(sampleMonthlyReport(12)).header)[3]).toBe('Attended 6 of 7 sessions');
  });

  it('is a new image when a mark changes, the same one (not rendered again) when nothing does', async () => {
    const data = sampleMonthlyReport(3);
    const first = await renderMonthlyReport(data);
    const before = reportImages.renders;
    expect((await renderMonthlyReport(sampleMonthlyReport(3))).equals(first)).toBe(true);
    expect(reportImages.renders).toBe(before);
    const [one, ...rest] = data.occurrences;
    const remarked = await renderMonthlyReport({ ...data, occurrences: [{ ...one!, attendance: 'absent' }, ...rest] });
    expect(reportImages.renders).toBe(before + 1);
    expect(remarked.equals(first)).toBe(false);
  });

  it("says 'No sessions this month' for an empty month", async () => {
    const page = monthlyReportPage(sampleMonthlyReport(0));
    expect(texts(page.header)).toEqual(['Monthly report', 'Ayşe Yılmaz — November 2026', 'Time zone', 'Europe/London']);
    expect(texts(pageElement(page, 0)).at(-1)).toBe(NO_SESSIONS);
    expect(NO_SESSIONS).toBe('No sessions this month');
  });

  it(`never grows past ${MAX_HEIGHT.toLocaleString('en')} px: a huge month ends with '… and N more sessions'`, async () => {
    const data = sampleMonthlyReport(150);
    const layout = await layoutPage(monthlyReportPage(data));
    expect(layout.shown).toBeGreaterThan(50);
    expect(layout.shown).toBeLessThan(150);
    expect(texts(pageElement(monthlyReportPage(data), layout.shown)).at(-1)).toBe(
      `… and ${150 - layout.shown} more sessions`,
    );
    expect(texts(monthlyReportPage(data).header)[2]).toMatch(/^150 sessions: /);
    expect(await imageFacts(await renderMonthlyReport(data))).toEqual(reportJpeg(layout.height));
    expect(layout.height).toBeLessThanOrEqual(MAX_HEIGHT);
    expect(layout.height).toBeGreaterThan(MAX_HEIGHT - 400);
  });

  it('cuts a single item taller than the cap at the cap, keeping the line for the rest', async () => {
    const data = sampleMonthlyReport(3);
    const occurrences = data.occurrences.map((occurrence) => ({ ...occurrence, notes: 'Uzun not. '.repeat(300) }));
    const page = monthlyReportPage({ ...data, occurrences });
    const layout = await layoutPage(page, 1_500);
    expect(layout).toMatchObject({ height: 1_500, shown: 1 });
    expect(texts(pageElement(page, 1)).at(-1)).toBe('… and 2 more sessions');
    expect(await imageFacts(await renderMonthlyReport({ ...data, occurrences }, { maxHeight: 1_500 }))).toEqual(
      reportJpeg(1_500),
    );
  });
});
