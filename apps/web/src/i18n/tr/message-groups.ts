import type { Resources } from '../en';
import type { DeepPartial } from '../deep-partial';

/** Turkish texts of the Message Groups section; anything missing falls back to English. */
export const messageGroups: DeepPartial<Resources['messageGroups']> = {
  description: 'Üyelerine giden mesajların gönderildiği grup sohbetleri.',
  create: 'Mesaj grubu oluştur',
  chatIdPlaceholder: '120363012345678901@g.us',
  createTitle: 'Mesaj Grubu Oluştur',
  editTitle: 'Mesaj Grubunu Düzenle',
  namePlaceholder: 'Mesaj Grubu Adı',
  chatId: 'Sohbet kimliği (isteğe bağlı)',
  chatIdHint:
    'Bu grubun mesajlaşma ağ geçidindeki sohbetinin kimliği (bir WhatsApp grubu için @g.us ile biten kimlik). Üyelerine giden mesajlar bu sohbete gönderilir. Henüz yoksa boş bırakın.',
  submitUpdate: 'Mesaj Grubunu Güncelle',
  created: 'Mesaj grubu başarıyla oluşturuldu',
  updated: 'Mesaj grubu başarıyla güncellendi',
  fetchFailed: 'Mesaj grubu alınamadı: {{error}}',
  membersHint: 'Kullanıcılar mesaj grubuna kullanıcı formundan katılır.',
  noMembers: 'Bu mesaj grubunda henüz kullanıcı yok.',
};
