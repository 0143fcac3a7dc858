import {
  type AttendanceStatus,
  DEFAULT_LANGUAGE,
  type Language,
  LANGUAGES,
  type OccurrenceStatus,
} from '@ritim/shared';
import { DateTime } from 'luxon';

/**
 * What a guest receives, in each language: the reminder, report, monthly report, cancellation,
 * restoration, cover and password reset messages and the words of the report images; and the organisers' daily list of sessions still to fill. English is the product's wording (docs/product.md); a guest's `language` picks one.
 * Dates are luxon formats read with the language's locale, so weekdays and months are written
 * that language's way ('Cmt 14 Kas 2026 10:00', 'Kasım 2026').
 */
const en = {
  /** luxon locale of dates, weekdays and months. */
  locale: 'en-GB',
  /** A session's start in a reminder: 'Saturday 14/11/2026 10:00'. */
  reminderWhen: 'cccc dd/MM/yyyy HH:mm',
  /** A start in a subject or a report message: '14/11/2026 10:00'. */
  dateTime: 'dd/MM/yyyy HH:mm',
  /** A start in a report image: 'Sat 14/11/2026 10:00'. */
  reportDateTime: 'ccc dd/MM/yyyy HH:mm',
  monthTitle: 'LLLL yyyy',
  reminder: 'Reminder',
  /** Form 1's title while it keeps its seeded name (isBuiltInFormTitle). */
  sessionNotes: 'Session notes',
  reminderSubject: (title: string, when: string) => `Reminder: ${title}, ${when}`,
  reminderFor: 'For',
  reminderWhenLabel: 'When',
  reminderWhere: 'Where',
  reminderJoin: 'Join',
  /** The guest's own link to say whether they come (docs/domain.md#rsvp). */
  rsvpLink: 'Coming? Answer here',
  report: 'Report',
  reportSubject: (form: string, title: string, when: string) => `${form}: ${title}, ${when}`,
  reportBody: (form: string, title: string, when: string, zone: string) =>
    `${form} of ${title} on ${when} (${zone}) is attached.`,
  monthlySubject: (month: string, name: string) => `Monthly report, ${month}: ${name}`,
  monthlyBody: (name: string, month: string) => `${name}'s sessions in ${month} are in the attached report.`,
  // The report images.
  when: 'When',
  timeZone: 'Time zone',
  organiser: 'Organiser',
  location: 'Location',
  wholeSession: 'Whole session',
  noSubmissions: 'No forms were filled in for this session',
  moreGuests: (n: number) => `… and ${n} more ${n === 1 ? 'guest' : 'guests'}`,
  yes: 'Yes',
  no: 'No',
  monthlyReport: 'Monthly report',
  notes: 'Notes',
  noSessions: 'No sessions this month',
  moreSessions: (n: number) => `… and ${n} more ${n === 1 ? 'session' : 'sessions'}`,
  sessions: (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'}`,
  statusCount: (n: number, status: OccurrenceStatus) => `${n} ${status}`,
  statuses: { scheduled: 'Scheduled', approved: 'Approved', completed: 'Completed', cancelled: 'Cancelled' } as Record<
    OccurrenceStatus,
    string
  >,
  /** The month's attendance: attended (present or late) of the sessions the guest was expected at. */
  attended: (attended: number, of: number) => `Attended ${attended} of ${of} ${of === 1 ? 'session' : 'sessions'}`,
  /** A guest's mark on a session card. */
  marks: {
    present: 'Present',
    late: 'Late',
    absent: 'Absent',
    excused: 'Excused',
    cancelled: 'Cancelled in time',
    lateCancelled: 'Cancelled late',
  } as Record<AttendanceStatus, string>,
  // A session cancelled (docs/domain.md#cancellation).
  cancellationSubject: (title: string, when: string) => `Cancelled: ${title}, ${when}`,
  cancellationBody: (title: string, when: readonly string[], reason: string) =>
    [`${title} is cancelled:`, ...when, '', `Reason: ${reason}`].join('\n'),
  // A session a deleted closure puts back on (docs/domain.md#closures).
  restorationSubject: (title: string, when: string) => `On again: ${title}, ${when}`,
  restorationBody: (title: string, when: readonly string[], closure: string) =>
    [`${title} takes place after all:`, ...when, '', `No longer closed: ${closure}`].join('\n'),
  // A session given to a substitute, or given back (docs/domain.md#cover).
  coverSubject: (title: string, when: string) => `New organiser: ${title}, ${when}`,
  coverGuestBody: (title: string, when: readonly string[], organiser: string) =>
    [`${title} has a new organiser: ${organiser}.`, ...when].join('\n'),
  coverTakenBody: (title: string, when: readonly string[], original: string) =>
    [`You organise ${title} in place of ${original}:`, ...when].join('\n'),
  coverGivenBody: (title: string, when: readonly string[], organiser: string) =>
    [`${organiser} organises ${title} in your place:`, ...when].join('\n'),
  coverBackBody: (title: string, when: readonly string[]) => [`${title} is yours again:`, ...when].join('\n'),
  coverReturnedBody: (title: string, when: readonly string[], organiser: string) =>
    [`${title} goes back to ${organiser}; you no longer organise it:`, ...when].join('\n'),
  // An issued invoice sent to its account (docs/domain.md#billing).
  invoiceSubject: (centre: string, number: string) => `${centre}: invoice ${number}`,
  invoiceBody: (account: string, number: string, month: string, total: string) =>
    [`Hello ${account},`, '', `Invoice ${number} for ${month} is attached: ${total} in total.`].join('\n'),
  // A forgotten password (docs/domain.md#password-reset).
  passwordResetSubject: 'Choose a new Ritim password',
  passwordResetBody: (name: string, username: string, link: string, minutes: number) =>
    [
      `Hello ${name},`,
      '',
      `Someone, hopefully you, asked to reset the password of your Ritim account (username: ${username}).`,
      `Choose a new password here within ${minutes} minutes:`,
      link,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  // The organiser's daily list of yesterday's sessions still to fill.
  /** The day listed: 'Tuesday 24/11/2026'. */
  toFillDay: 'cccc dd/MM/yyyy',
  toFillSubject: (count: number, day: string) => `${count} ${count === 1 ? 'session' : 'sessions'} to fill: ${day}`,
  toFillBody: (day: string, sessions: readonly { time: string; title: string }[], link: string) =>
    [
      `Yesterday's sessions (${day}) still waiting for attendance or Session notes:`,
      ...sessions.map(({ time, title }) => `- ${time} ${title}`),
      '',
      `Fill them in Ritim: ${link}`,
    ].join('\n'),
};

export type GuestTexts = typeof en;

/** The last word of a number read aloud in Turkish (up to 999,999): 7 yedi, 40 kırk, 110 on, 2000 bin. */
function lastWordOf(n: number): string {
  const units = ['', 'bir', 'iki', 'üç', 'dört', 'beş', 'altı', 'yedi', 'sekiz', 'dokuz'];
  const tens = ['', 'on', 'yirmi', 'otuz', 'kırk', 'elli', 'altmış', 'yetmiş', 'seksen', 'doksan'];
  if (n === 0) return 'sıfır';
  if (n % 10 !== 0) return units[n % 10]!;
  if (n % 100 !== 0) return tens[(n % 100) / 10]!;
  return n % 1000 !== 0 ? 'yüz' : 'bin';
}

/**
 * The possessive and dative suffix a number takes in Turkish ("7'sine", "3'üne", "10'una"): it
 * follows the sound of the number read aloud, by vowel harmony.
 */
export function dativeOf(n: number): string {
  const word = lastWordOf(n);
  const vowel = [...word].reverse().find((letter) => 'aeıioöuü'.includes(letter))!;
  const harmony = { a: 'ı', ı: 'ı', e: 'i', i: 'i', o: 'u', u: 'u', ö: 'ü', ü: 'ü' }[vowel]!;
  const ending = 'aıou'.includes(vowel) ? 'a' : 'e';
  const afterVowel = 'aeıioöuü'.includes(word.at(-1)!);
  return `${afterVowel ? 's' : ''}${harmony}n${ending}`;
}

const tr: GuestTexts = {
  locale: 'tr',
  reminderWhen: 'd MMMM yyyy cccc HH:mm',
  dateTime: 'd MMMM yyyy HH:mm',
  reportDateTime: 'd MMM yyyy ccc HH:mm',
  monthTitle: 'LLLL yyyy',
  reminder: 'Hatırlatma',
  sessionNotes: 'Oturum notları',
  reminderSubject: (title, when) => `Hatırlatma: ${title}, ${when}`,
  reminderFor: 'Kimin için',
  reminderWhenLabel: 'Ne zaman',
  reminderWhere: 'Nerede',
  reminderJoin: 'Katılım bağlantısı',
  rsvpLink: 'Geliyor musunuz? Buradan yanıtlayın',
  report: 'Rapor',
  reportSubject: (form, title, when) => `${form}: ${title}, ${when}`,
  reportBody: (form, title, when, zone) => `${title} etkinliğinin ${when} (${zone}) tarihli ${form} raporu ektedir.`,
  monthlySubject: (month, name) => `Aylık rapor, ${month}: ${name}`,
  monthlyBody: (name, month) => `${name} için ${month} dönemindeki oturumlar ekteki rapordadır.`,
  when: 'Ne zaman',
  timeZone: 'Saat dilimi',
  organiser: 'Organizatör',
  location: 'Konum',
  wholeSession: 'Tüm oturum',
  noSubmissions: 'Bu oturum için doldurulmuş form yok',
  moreGuests: (n) => `… ve ${n} misafir daha`,
  yes: 'Evet',
  no: 'Hayır',
  monthlyReport: 'Aylık rapor',
  notes: 'Notlar',
  noSessions: 'Bu ay oturum yok',
  moreSessions: (n) => `… ve ${n} oturum daha`,
  sessions: (n) => `${n} oturum`,
  statusCount: (n, status) =>
    `${n} ${{ scheduled: 'planlandı', approved: 'onaylandı', completed: 'tamamlandı', cancelled: 'iptal edildi' }[status]}`,
  statuses: { scheduled: 'Planlandı', approved: 'Onaylandı', completed: 'Tamamlandı', cancelled: 'İptal edildi' },
  attended: (attended, of) =>
    attended === 0 ? `${of} oturumun hiçbirine katılmadı` : `${of} oturumdan ${attended}'${dativeOf(attended)} katıldı`,
  marks: {
    present: 'Katıldı',
    late: 'Geç kaldı',
    absent: 'Katılmadı',
    excused: 'Mazeretli',
    cancelled: 'Zamanında iptal',
    lateCancelled: 'Geç iptal',
  },
  cancellationSubject: (title, when) => `İptal edildi: ${title}, ${when}`,
  cancellationBody: (title, when, reason) => [`${title} iptal edildi:`, ...when, '', `Neden: ${reason}`].join('\n'),
  restorationSubject: (title, when) => `Yeniden programda: ${title}, ${when}`,
  restorationBody: (title, when, closure) =>
    [`${title} yine de yapılacak:`, ...when, '', `Kapanış kaldırıldı: ${closure}`].join('\n'),
  coverSubject: (title, when) => `Yeni organizatör: ${title}, ${when}`,
  coverGuestBody: (title, when, organiser) => [`${title} için yeni organizatör: ${organiser}.`, ...when].join('\n'),
  coverTakenBody: (title, when, original) =>
    [`${title} oturumunu ${original} yerine siz yürütüyorsunuz:`, ...when].join('\n'),
  coverGivenBody: (title, when, organiser) =>
    [`${title} oturumunu sizin yerinize ${organiser} yürütüyor:`, ...when].join('\n'),
  coverBackBody: (title, when) => [`${title} oturumu yeniden sizin:`, ...when].join('\n'),
  coverReturnedBody: (title, when, organiser) =>
    [`${title} oturumu ${organiser} kişisine geri verildi; artık siz yürütmüyorsunuz:`, ...when].join('\n'),
  invoiceSubject: (centre, number) => `${centre}: ${number} numaralı fatura`,
  invoiceBody: (account, number, month, total) =>
    [`Merhaba ${account},`, '', `${month} dönemine ait ${number} numaralı fatura ektedir: toplam ${total}.`].join('\n'),
  passwordResetSubject: 'Yeni bir Ritim parolası belirleyin',
  passwordResetBody: (name, username, link, minutes) =>
    [
      `Merhaba ${name},`,
      '',
      `Ritim hesabınızın (kullanıcı adı: ${username}) parolasını sıfırlamak için bir istek aldık.`,
      `Yeni parolanızı ${minutes} dakika içinde buradan belirleyin:`,
      link,
      '',
      'Bu isteği siz yapmadıysanız bu mesajı yok sayın: parolanız değişmez.',
    ].join('\n'),
  toFillDay: 'd MMMM yyyy cccc',
  toFillSubject: (count, day) => `Doldurulacak ${count} oturum: ${day}`,
  toFillBody: (day, sessions, link) =>
    [
      `Dünkü oturumlardan (${day}) yoklaması ya da oturum notları eksik olanlar:`,
      ...sessions.map(({ time, title }) => `- ${time} ${title}`),
      '',
      `Ritim'de doldurmak için: ${link}`,
    ].join('\n'),
};

/** The texts of every language, by language (a test checks each has every text). */
export const GUEST_TEXTS: Record<Language, GuestTexts> = { en, tr };

/** A stored language as one of ours; an unknown or missing one (a message queued before languages) is English. */
export const asLanguage = (language: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : DEFAULT_LANGUAGE;

/** The texts of a language (English for an unknown or missing one). */
export const guestTexts = (language: string | null | undefined): GuestTexts => GUEST_TEXTS[asLanguage(language)];

/** An instant in a zone, formatted in the texts' language. */
export function formatIn(texts: GuestTexts, instant: Date, zone: string, format: string): string {
  const time = DateTime.fromJSDate(instant, { zone }).setLocale(texts.locale);
  if (!time.isValid)
    throw new RangeError(`Cannot show ${String(instant)} in time zone ${zone}: ${time.invalidExplanation}`);
  return time.toFormat(format);
}
