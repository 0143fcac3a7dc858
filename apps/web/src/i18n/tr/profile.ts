import type { DeepPartial } from '../deep-partial';
import type { profile as en } from '../en/profile';

/** Turkish texts of My Profile. */
export const profile: DeepPartial<typeof en> = {
  title: 'Profilim',
  description: 'Adınız, iletişim bilgileriniz ve parolanız.',
  accountSummary: '{{role}} · saatler {{timezone}} diliminde',
  languageHint: 'Oturum açtığınızda Ritim’in açıldığı dil; aldığınız mesajlar ve raporlar da bu dildedir.',
  passwordSection: 'Parolayı değiştir',
  currentPassword: 'Mevcut parola',
  currentPasswordHint: 'Yeni parola belirlemek için gereklidir.',

  passwordHint: 'Mevcut parolanızı korumak için boş bırakın. Yeni parola en az {{count}} karakter olmalıdır.',
  submit: 'Profilimi Güncelle',
  updated: 'Profil başarıyla güncellendi',
  updateFailed: 'Profil güncellenirken bir hata oluştu',
  otherUser: 'Bu, {{username}} kullanıcısının profili. Burada yalnızca kendi profilinizi değiştirebilirsiniz.',
  openMine: 'Profilimi aç',
  feed: {
    title: 'Takvim aboneliği',
    description:
      'Bu adresle oturumlarınıza telefonunuzdan veya takvim uygulamanızdan abone olun. Adresi gizli tutun: ona sahip olan herkes oturumlarınızı görebilir.',
    address: 'Takvim adresi',
    copy: 'Kopyala',
    copied: 'Adres kopyalandı',
    copyFailed: 'Adres kopyalanamadı; seçili durumda, kendiniz kopyalayın',
    reset: 'Adresi sıfırla',
    confirmReset: 'Takvim adresi sıfırlansın mı? Mevcut adres çalışmaz olur ve ona abone takvimler güncellenmez.',
    resetDone: 'Yeni takvim adresi oluşturuldu; eski adres artık çalışmıyor',
    resetFailed: 'Takvim adresi sıfırlanırken hata oluştu: {{error}}',
    loading: 'Takvim adresi yükleniyor...',
    loadFailed: 'Takvim adresi alınamadı: {{error}}',
  },
};
