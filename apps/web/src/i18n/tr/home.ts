import type { Resources } from '../en';

/** Turkish texts of Home. */
export const home: Resources['home'] = {
  greeting: 'Hoş geldiniz, {{username}}',
  signedInAs: '{{role}} olarak oturum açtınız.',
  timezone: 'Saatler {{timezone}} saat diliminde gösterilir.',
  sections: 'Bölümleriniz',
  noSections: 'Rolünüz için henüz yönetilecek bir bölüm yok.',
  retry: 'Yeniden dene',
  todayTitle: 'Bugünün oturumları',
  todayDate: '{{day}}, {{zone}}',
  rsvpNoCount: 'Bugün hayır yanıtı veren misafirler: {{count}}',
  approvedCount: '{{total}} oturumdan {{approved}} tanesi onaylandı',
  openDay: 'Yaklaşan Etkinlikler’de aç',
  moreToday: '{{total}} oturumdan {{shown}} tanesi gösteriliyor.',
  zoneTime: '{{zone}} saati',
  organisedBy: 'Düzenleyen: {{name}}',
  empty: 'Bugün oturum yok.',
  adminCreate: 'Etkinlikler bölümünde bir etkinlik oluşturun.',
  guestEmpty: 'Yaklaşan oturum yok.',
  formsToFill: 'Doldurulacaklar',
  allFilled: 'Tüm misafirlerin {{form}} formu dolduruldu.',
  noGuests: 'Misafir yok.',
  completed: 'Tamamlandı: formları artık değiştirilemez.',
  nextTitle: 'Sonraki oturumlarınız',
  place: 'Yer: {{name}}',
  conferenceLink: 'Konferans bağlantısı:',
};
