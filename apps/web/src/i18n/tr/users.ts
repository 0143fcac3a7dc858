import type { Resources } from '../en';
import type { DeepPartial } from '../deep-partial';

/** Turkish texts of the Users section; anything missing falls back to English. */
export const users: DeepPartial<Resources['users']> = {
  description: "Ritim'i kullananlar: yöneticiler, düzenleyiciler (organizatörler) ve misafirler.",
  create: 'Kullanıcı oluştur',
  sortById: 'Kimliğe göre sırala',
  sortByUsername: 'Kullanıcı adına göre sırala',
  role: 'Rol',
  statuses: {
    active: 'Etkin',
    inactive: 'Devre dışı',
  },
  createTitle: 'Kullanıcı Oluştur',
  editTitle: 'Kullanıcıyı Düzenle',
  formDescription: 'Hesap, iletişim bilgileri, gruplar ve mesajların gideceği yer.',
  submitUpdate: 'Kullanıcıyı Güncelle',
  created: 'Kullanıcı başarıyla oluşturuldu',
  updated: 'Kullanıcı başarıyla güncellendi',
  accessSection: 'Rol, gruplar ve mesajlar',
  passwordHintCreate: 'En az {{count}} karakter.',
  ownPasswordNote: 'Kendi parolanız, mevcut parolanızı soran Profilim sayfasında değişir.',
  openMyProfile: 'Profilimi aç',
  passwordHintEdit: 'Geçerli parolayı korumak için boş bırakın. Yeni parola en az {{count}} karakter olmalıdır.',
  selfHint: 'Kendi yönetici rolünüzü kaldıramaz ve kendi hesabınızı devre dışı bırakamazsınız.',
  groupsHint: 'Formlar ve seçenek listeleri kullanıcının gruplarına göre belirlenir.',
  archivedGroup: '{{name}} (arşivlendi)',
  messageGroup: 'Mesaj Grubu',
  messageGroupHint: 'Bu kullanıcıya giden mesajlar doğrudan ona değil, bu grup sohbetine gider.',
  noMessageGroup: 'Yok: doğrudan kullanıcıya gönder',
  messageGroupsLoading: 'Mesaj grupları yükleniyor...',
  messageGroupsFailed: 'Mesaj grupları alınamadı: {{error}}',
  timezone: 'Saat dilimi',
};
