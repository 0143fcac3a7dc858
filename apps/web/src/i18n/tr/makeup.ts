import type { Resources } from '../en';

/** Turkish texts of booking a make-up session. */
export const makeup: Resources['makeup'] = {
  book: 'Telafi ayarla',
  bookFor: 'Telafi ayarla: {{guest}}',
  proposalsFor: '{{guest}} için telafiye uygun saatler',
  loading: 'Boş saatler aranıyor…',
  loadFailed: 'Boş saatler yüklenemedi: {{error}}',
  empty: 'Önümüzdeki 14 günde boş saat yok',
  bookAt: '{{time}} ayarla',
  booking: 'Ayarlanıyor…',
  showMore: 'Daha fazla saat göster',
  booked: '{{guest}} için telafi ayarlandı: {{time}}',
  bookedOn: 'Telafi ayarlandı: {{time}}',
  taken: 'Bu saat az önce doldu. İşte yeni öneriler.',
  bookFailed: 'Telafi ayarlanamadı: {{error}}',
  badge: 'Telafi',
  forGuest: '{{guest}} için telafi',
};
