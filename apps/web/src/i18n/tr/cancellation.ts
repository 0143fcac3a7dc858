import type { Resources } from '../en';

/** Turkish texts of cancelling and restoring a session. */
export const cancellation: Resources['cancellation'] = {
  cancel: 'Oturumu iptal et',
  dialogTitle: '{{title}} iptal edilsin',
  reason: 'Neden',
  reasonHint: 'Oturumun listelendiği her yerde ve misafirlere giden mesajda gösterilir.',
  reasonRequired: 'İptal için bir neden yazın',
  tellGuests: 'Misafirlere haber ver',
  tellGuestsHint: 'Her misafire kendi dilinde, ayarlı gönderim yoluyla bir mesaj gider.',
  keep: 'Oturumu koru',
  cancelled: 'Oturum iptal edildi',
  cancelFailed: 'Oturum iptal edilemedi: {{error}}',
  confirmRestore: '{{time}} tarihindeki {{title}} geri alınsın mı? İptalden önceki durumuna döner.',
  restored: 'Oturum geri alındı',
  restoreFailed: 'Oturum geri alınamadı: {{error}}',
  because: 'İptal edildi: {{reason}}',
  reasonLabel: 'Neden',
};
