import type { AttendanceStatus, FormField, OccurrenceStatus } from '@ritim/shared';
import sharp from 'sharp';
import type { Element } from './element.js';
import type { MonthlyReportData, OccurrenceReportData } from './types.js';

/**
 * Sample reports for the tests and `npm run bench:reports` (docs/report-example.jpg is the
 * occurrence one): form 1's fields as migration 0002 creates them, Turkish names and notes. Plus
 * what the tests read back from a page or an image.
 */

/** Form 1, "Session notes". */
export const SESSION_NOTES_FIELDS: FormField[] = [
  {
    type: 'input',
    name: 'first_name',
    label: 'First name',
    subtype: 'text',
    placeholder: 'First name',
    required: true,
  },
  { type: 'input', name: 'last_name', label: 'Last name', subtype: 'text', placeholder: 'Last name', required: true },
  {
    type: 'radiogroup',
    name: 'attendance',
    label: 'Attendance',
    required: true,
    defaultValue: 'attended',
    options: [
      { key: 'attended', value: 'attended', label: 'Attended', description: 'Took part in the session' },
      { key: 'late', value: 'late', label: 'Late', description: 'Joined after the start' },
      { key: 'absent', value: 'absent', label: 'Absent', description: 'Did not take part' },
    ],
  },
  { type: 'textarea', name: 'Aciklama', label: 'Notes', placeholder: 'How did the session go?' },
];

const GUESTS = [
  ['Ayşe', 'Yılmaz', 'attended', 'Okuma çalışmasını bitirdi; gelecek hafta yazı ödevine geçiyoruz. Çok istekliydi.'],
  ['İbrahim', 'Öztürk', 'late', 'Trafik yüzünden 20 dakika geç geldi. Şiir bölümünü birlikte tekrar ettik.'],
  ['Gülşen', 'Çelik', 'attended', 'Sınav kaygısı azalmış görünüyor. Ödevlerini düzenli yapıyor.'],
  ['Şükrü', 'Doğan', 'absent', 'Hastaymış, annesi haber verdi. Telafi dersi için salı öğleden sonra uygun.'],
  ['Özge', 'Kılıç', 'attended', ''],
  ['Ümit', 'Ağaoğlu', 'attended', 'Sunumunu İngilizce yaptı, ğ ve ş seslerinde zorlanmadı. Harika ilerleme!'],
] as const;

/** An occurrence of form 1 with six guests (one left the notes empty), organised in Istanbul. */
export const sampleOccurrenceReport = (): OccurrenceReportData => ({
  formTitle: 'Session notes',
  fields: SESSION_NOTES_FIELDS,
  lookupLabels: new Map(),
  eventTitle: 'Türkçe okuma-yazma atölyesi',
  startsAt: new Date('2026-11-14T07:00:00Z'),
  endsAt: new Date('2026-11-14T08:30:00Z'),
  timeZone: 'Europe/Istanbul',
  organiserName: 'Elif Şahin',
  locationName: 'Kadıköy Kültür Merkezi, Salon 2',
  submissions: GUESTS.map(([first, last, attendance, notes]) => ({
    guestName: `${first} ${last}`,
    data: { first_name: first, last_name: last, attendance, ...(notes === '' ? {} : { Aciklama: notes }) },
  })),
});

const STATUSES: OccurrenceStatus[] = ['completed', 'completed', 'completed', 'completed', 'approved', 'scheduled'];
const MONTH_NOTES = ['Okuma hızı arttı.', null, 'Ödevini eksiksiz getirdi; şiir ezberi çok iyiydi.', null];
const MONTH_MARKS: AttendanceStatus[] = ['present', 'present', 'late', 'absent', 'present', 'excused'];

/** A guest's November 2026 in London: `count` sessions spread over the month, the last ones still to come. */
export const sampleMonthlyReport = (count = 12): MonthlyReportData => ({
  guestName: 'Ayşe Yılmaz',
  timeZone: 'Europe/London',
  year: 2026,
  month: 11,
  occurrences: Array.from({ length: count }, (_, i) => {
    const startsAt = new Date(Date.UTC(2026, 10, 1 + Math.floor((i * 30) / count), 17, 0));
    const status = STATUSES[Math.floor((i / count) * STATUSES.length)] ?? 'scheduled';
    return {
      eventTitle: i % 2 === 0 ? 'Türkçe okuma-yazma atölyesi' : 'Matematik etüdü (çarpanlar ve üslü sayılar)',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 90 * 60_000),
      status,
      // Notes and marks are written after a session, so only completed ones have them.
      notes: status === 'completed' ? (MONTH_NOTES[i % MONTH_NOTES.length] ?? null) : null,
      attendance: status === 'completed' ? (MONTH_MARKS[i % MONTH_MARKS.length] ?? null) : null,
    };
  }),
});

/** Every text in an element tree, in order (what a page says, without laying it out). */
export function texts(element: Element): string[] {
  return (element.props.children ?? []).flatMap((child) => (typeof child === 'string' ? [child] : texts(child)));
}

const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);
const JPEG_END = Buffer.from([0xff, 0xd9]);

/** An image as the tests check it: whole JPEG markers (start FF D8 FF, end FF D9), the format sharp reads, the size. */
export async function imageFacts(image: Buffer) {
  const { format, width, height } = await sharp(image).metadata();
  return {
    jpegMarkers: image.subarray(0, 3).equals(JPEG_START) && image.subarray(-2).equals(JPEG_END),
    format,
    width,
    height,
  };
}

/** What `imageFacts` gives for a whole report JPEG of this height. */
export const reportJpeg = (height: number) => ({ jpegMarkers: true, format: 'jpeg', width: 1080, height });
