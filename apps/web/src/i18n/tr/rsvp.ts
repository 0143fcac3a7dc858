import type { Resources } from '../en';

/** Turkish texts of a guest's own answer page. */
export const rsvp: Resources['rsvp'] = {
  pageTitle: 'Geliyor musunuz?',
  greeting: 'Merhaba {{name}}, geliyor musunuz?',
  where: 'Nerede',
  join: 'Çevrim içi katıl',
  inTime: '{{time}} saatine kadar iptal etmek geç iptal sayılmaz.',
  late: 'Şimdi iptal etmek geç iptal sayılır.',
  yes: 'Evet, geleceğim',
  no: 'Hayır, gelemeyeceğim',
  answerYes: 'Yanıtınız: geliyorsunuz.',
  answerNo: 'Yanıtınız: gelmiyorsunuz.',
  answerNone: 'Henüz yanıt vermediniz.',
  cancelled: 'Bu oturum iptal edildi: yanıtlanacak bir şey yok.',
  started: 'Bu oturum başladı: artık yanıt verilemez.',
  saved: 'Yanıtınız kaydedildi.',
  notFound: 'Bu bağlantı geçerli değil. Son hatırlatmanızdaki bağlantıyı kullanın ya da düzenleyene sorun.',
  loadFailed: 'Bu sayfa yüklenemedi: {{error}}',
  failed: 'Yanıtınız kaydedilemedi: {{error}}',
};
