import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Invoice, Language } from '@ritim/shared';
import { DateTime } from 'luxon';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const fontFile = (subset: 'latin' | 'latin-ext', weight: 400 | 700) =>
  readFileSync(require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`));

/**
 * Noto Sans comes in subsets (reports/fonts.ts): `ğ ş İ ₺` are only in latin-ext. A text is
 * written in runs, each in the subset that has its characters: Google's latin range, else latin-ext.
 */
const LATIN =
  /[\u0020-\u00ff\u0131\u0152\u0153\u02bb\u02bc\u02c6\u02da\u02dc\u2000-\u206f\u20ac\u2122\u2191\u2193\u2212\u2215]/u;

let fonts: { regular: Buffer; bold: Buffer; regularExt: Buffer; boldExt: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: fontFile('latin', 400),
    bold: fontFile('latin', 700),
    regularExt: fontFile('latin-ext', 400),
    boldExt: fontFile('latin-ext', 700),
  });

/** The words of an invoice, in the account's language. */
const TEXTS = {
  en: {
    locale: 'en-GB',
    invoice: 'Invoice',
    draft: 'Draft invoice',
    void: 'Void',
    number: 'Number',
    issued: 'Issued',
    month: 'Month',
    billTo: 'Bill to',
    date: 'Date',
    session: 'Session',
    guest: 'Guest',
    mark: 'Attendance',
    amount: 'Amount',
    package: 'Package',
    adjustment: 'Adjustment of',
    total: 'Total',
    statuses: {
      present: 'Present',
      late: 'Late',
      absent: 'Absent',
      excused: 'Excused',
      cancelled: 'Cancelled',
      lateCancelled: 'Late cancellation',
    },
  },
  tr: {
    locale: 'tr-TR',
    invoice: 'Fatura',
    draft: 'Taslak fatura',
    void: 'İptal',
    number: 'Numara',
    issued: 'Düzenlenme',
    month: 'Ay',
    billTo: 'Sayın',
    date: 'Tarih',
    session: 'Ders',
    guest: 'Öğrenci',
    mark: 'Yoklama',
    amount: 'Tutar',
    package: 'Paket',
    adjustment: 'Düzeltme:',
    total: 'Toplam',
    statuses: {
      present: 'Geldi',
      late: 'Geç geldi',
      absent: 'Gelmedi',
      excused: 'İzinli',
      cancelled: 'İptal etti',
      lateCancelled: 'Geç iptal',
    },
  },
} as const;

/** Money the way the language writes it: `₺1.250,00`, `£1,250.00` (all four currencies have two minor digits). */
export const formatMoney = (amount: number, currency: string, language: Language) =>
  new Intl.NumberFormat(TEXTS[language].locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).format(amount / 100);

/** `invoice-2026-0001.pdf`; a draft `invoice-draft-<id>.pdf`. */
export const invoiceFileName = (invoice: Pick<Invoice, 'number' | 'id'>) =>
  invoice.number ? `invoice-${invoice.number}.pdf` : `invoice-draft-${invoice.id}.pdf`;

export interface InvoicePdfInput {
  invoice: Invoice;
  language: Language;
  centre: { name: string; address: string | null };
  /** The account's email, printed under its name. */
  email: string | null;
}

/** The invoice as a PDF (docs/domain.md#billing), A4, in the account's language. */
export function invoicePdf({ invoice, language, centre, email }: InvoicePdfInput): Promise<Buffer> {
  const t = TEXTS[language];
  const files = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${t.invoice} ${invoice.number ?? ''}`.trim() },
  });
  doc.registerFont('regular', files.regular);
  doc.registerFont('bold', files.bold);
  doc.registerFont('regular-ext', files.regularExt);
  doc.registerFont('bold-ext', files.boldExt);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  /** Writes `text` at (x, y) in runs of the subset each character is in. */
  const write = (text: string, x: number, y: number, options: { bold?: boolean; size?: number } = {}) => {
    doc.fontSize(options.size ?? 10);
    const runs: { text: string; ext: boolean }[] = [];
    for (const char of text) {
      const ext = !LATIN.test(char);
      const last = runs.at(-1);
      if (last && last.ext === ext) last.text += char;
      else runs.push({ text: char, ext });
    }
    let left = x;
    for (const run of runs) {
      doc.font(`${options.bold ? 'bold' : 'regular'}${run.ext ? '-ext' : ''}`);
      doc.text(run.text, left, y, { lineBreak: false });
      left += doc.widthOfString(run.text);
    }
  };
  const day = (iso: string) =>
    DateTime.fromISO(iso, { zone: invoice.timezone }).setLocale(t.locale).toFormat('dd.MM.yyyy HH:mm');

  write(centre.name, 50, 50, { bold: true, size: 14 });
  (centre.address ?? '').split('\n').forEach((line, index) => write(line, 50, 70 + index * 13));
  const title =
    invoice.status === 'draft' ? t.draft : invoice.status === 'void' ? `${t.invoice} (${t.void})` : t.invoice;
  write(title, 350, 50, { bold: true, size: 16 });
  write(`${t.number}: ${invoice.number ?? '—'}`, 350, 75);
  if (invoice.issuedAt)
    write(
      `${t.issued}: ${DateTime.fromISO(invoice.issuedAt, { zone: invoice.timezone }).setLocale(t.locale).toFormat('dd.MM.yyyy')}`,
      350,
      89,
    );
  write(`${t.month}: ${DateTime.fromISO(`${invoice.month}-01`).setLocale(t.locale).toFormat('LLLL yyyy')}`, 350, 103);

  write(t.billTo, 50, 140, { bold: true });
  write(invoice.account.name, 50, 154);
  if (email) write(email, 50, 168);

  let y = 205;
  const columns = { date: 50, session: 150, guest: 270, mark: 380, amount: 470 };
  write(t.date, columns.date, y, { bold: true });
  write(t.session, columns.session, y, { bold: true });
  write(t.guest, columns.guest, y, { bold: true });
  write(t.mark, columns.mark, y, { bold: true });
  write(t.amount, columns.amount, y, { bold: true });
  y += 18;
  for (const line of invoice.lines) {
    if (y > 760) {
      doc.addPage();
      y = 50;
    }
    write(day(line.startsAt), columns.date, y, { size: 9 });
    const session = line.kind === 'adjustment' ? `${t.adjustment} ${line.title}` : line.title;
    write(session.length > 22 ? `${session.slice(0, 21)}…` : session, columns.session, y, { size: 9 });
    write(line.guestName.length > 20 ? `${line.guestName.slice(0, 19)}…` : line.guestName, columns.guest, y, {
      size: 9,
    });
    write(t.statuses[line.status], columns.mark, y, { size: 9 });
    write(
      line.packageId === null ? formatMoney(line.amount, invoice.currency, language) : t.package,
      columns.amount,
      y,
      { size: 9 },
    );
    y += 14;
  }
  y += 10;
  write(`${t.total}: ${formatMoney(invoice.total, invoice.currency, language)}`, columns.mark, y, {
    bold: true,
    size: 12,
  });
  doc.end();
  return done;
}
