import type { Resources } from '../en';

/** Turkish texts of the double-booking warnings. */
export const conflicts: Resources['conflicts'] = {
  title: 'Çakışmalar',
  checking: 'Çakışmalar denetleniyor...',
  failed: 'Çakışmalar denetlenemedi: {{error}}',
  none: 'Çakışma yok.',
  organiser: '{{name}} o saatte zaten {{session}} etkinliğini düzenliyor',
  guest: '{{name}} o saatte zaten {{session}} etkinliğine katılıyor',
  location: '{{name}} o saatte zaten {{session}} için ayrılmış',
  organiserMany_one: '{{name}} bu saatlerde zaten {{count}} etkinliği düzenliyor:',
  organiserMany_other: '{{name}} bu saatlerde zaten {{count}} etkinliği düzenliyor:',
  guestMany_one: '{{name}} bu saatlerde zaten {{count}} etkinliğe katılıyor:',
  guestMany_other: '{{name}} bu saatlerde zaten {{count}} etkinliğe katılıyor:',
  locationMany_one: '{{name}} bu saatlerde zaten {{count}} etkinlik için ayrılmış:',
  locationMany_other: '{{name}} bu saatlerde zaten {{count}} etkinlik için ayrılmış:',
  session: '‘{{title}}’ ({{when}})',
  more: 've {{count}} tane daha',
  listed: '{{count}} çakışmanın ilk {{shown}} tanesi listeleniyor.',
  stillSaves: 'Yalnızca bir uyarı: kaydedebilirsiniz.',
  homeSubtitle: 'Önümüzdeki 7 gün, saatler {{zone}} diliminde',
  homeEmpty: 'Önümüzdeki 7 günde çakışma yok.',
  and: 've',
  homeKind: {
    organiser: 'düzenleyen',
    guest: 'misafir',
    location: 'oda',
  },
  homeMore: '{{count}} çakışmanın {{shown}} tanesi gösteriliyor.',
  editSession: '‘{{title}}’ ({{when}}) düzenle',
};
