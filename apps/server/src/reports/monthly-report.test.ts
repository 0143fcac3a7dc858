import { describe, expect, it } from 'vitest';
import { imageFacts, reportJpeg, sampleMonthlyReport, texts } from './fixtures.js';
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

  it("heads the month with the guest's name and the totals, then lists the sessions by start in the guest's zone", () => {
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
        },
        {
          eventTitle: 'Okuma atölyesi',
          startsAt: new Date('2026-10-19T16:00:00Z'),
          endsAt: new Date('2026-10-19T17:00:00Z'),
          status: 'completed',
          notes: 'Çok iyi',
        },
        {
          eventTitle: 'Okuma atölyesi',
          startsAt: new Date('2026-10-22T16:00:00Z'),
          endsAt: new Date('2026-10-22T17:00:00Z'),
          status: 'approved',
          notes: '  ',
        },
      ],
    };
    const page = monthlyReportPage(data);
    expect(texts(page.header)).toEqual([
      'Monthly report',
      'Şükrü Doğan — October 2026',
      '3 sessions: 1 completed, 1 approved, 1 scheduled',
      'Time zone',
      'Europe/London',
    ]);
    // Summer time until 25 October: 16:00 UTC is 17:00 in London before, 17:00 UTC is 17:00 after.
    expect(page.items.map(texts)).toEqual([
      ['Mon 19/10/2026 17:00–18:00', 'Completed', 'Okuma atölyesi', 'Notes', 'Çok iyi'],
      ['Thu 22/10/2026 17:00–18:00', 'Approved', 'Okuma atölyesi'],
      ['Mon 26/10/2026 17:00–18:00', 'Scheduled', 'Matematik etüdü'],
    ]);
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
