import type { Resources } from '../en';
import type { DeepPartial } from '../deep-partial';

/** Turkish texts of the Message Groups section; anything missing falls back to English. */
export const messageGroups: DeepPartial<Resources['messageGroups']> = {
  title: 'Mesaj Grupları',
  description: 'Üyelerine giden mesajların gönderildiği grup sohbetleri.',
  create: 'Mesaj grubu oluştur',
  sortByName: 'Ada göre sırala',
  sortById: 'Numaraya göre sırala',
  id: 'Kimlik',
  chatIdPlaceholder: '120363012345678901@g.us',
  name: 'Ad',
  users: 'Kullanıcılar',
  edit: 'Düzenle',
  delete: 'Sil',
  createTitle: 'Mesaj Grubu Oluştur',
  editTitle: 'Mesaj Grubunu Düzenle',
  namePlaceholder: 'Mesaj Grubu Adı',
  chatId: 'Sohbet kimliği (isteğe bağlı)',
  chatIdHint:
    'Bu grubun mesajlaşma ağ geçidindeki sohbetinin kimliği (bir WhatsApp grubu için @g.us ile biten kimlik). Üyelerine giden mesajlar bu sohbete gönderilir. Henüz yoksa boş bırakın.',
  submitCreate: 'Mesaj Grubu Oluştur',
  submitUpdate: 'Mesaj Grubunu Güncelle',
  created: 'Mesaj grubu başarıyla oluşturuldu',
  updated: 'Mesaj grubu başarıyla güncellendi',
  saveFailed: 'Kayıt kaydedilirken bir hata oluştu',
  fetchFailed: 'Mesaj grubu alınamadı: {{error}}',
  members: 'Kullanıcılar',
  membersHint: 'Kullanıcılar mesaj grubuna kullanıcı formundan katılır.',
  noMembers: 'Bu mesaj grubunda henüz kullanıcı yok.',
};
