import type { DeepPartial } from '../deep-partial';
import type { twoFactor as en } from '../en/two-factor';

/** Turkish texts of two-factor sign-in on My Profile and on a user's page. */
export const twoFactor: DeepPartial<typeof en> = {
  description: 'Ritim, parolanızdan sonra telefonunuzdaki bir kimlik doğrulama uygulamasından bir kod ister.',
  stateOn: 'Açık',
  stateOff: 'Kapalı',
  setUp: 'İki adımlı oturum açmayı kur',
  setUpFailed: 'İki adımlı oturum açma kurulamadı: {{error}}',
  qrAlt: 'Kimlik doğrulama uygulamanızla taranacak QR kodu',
  qrLoading: 'QR kodu çiziliyor...',
  qrFailed: 'QR kodu çizilemedi; bunun yerine aşağıdaki anahtarı uygulamanıza girin.',
  key: 'Ya da bu anahtarı uygulamaya girin',
  codeFromApp: 'Uygulamadaki kod',
  codeHint:
    'QR kodunu bir kimlik doğrulama uygulamasıyla (Google Authenticator, Microsoft Authenticator, 1Password...) tarayın, ardından gösterdiği 6 haneli kodu girin.',
  turnOn: 'Aç',
  turnedOn: 'İki adımlı oturum açma açık',
  recoveryTitle: 'Kurtarma kodlarınız',
  recoveryIntro:
    'Telefonunuzu kaybederseniz uygulamadaki kod yerine bu kodlardan biriyle oturum açın. Her kod bir kez çalışır. Kodları güvenli bir yerde saklayın: yalnızca şimdi gösteriliyorlar.',
  recoveryList: 'Kurtarma kodları',
  copyCodes: 'Kodları kopyala',
  codesCopied: 'Kurtarma kodları kopyalandı',
  codesCopyFailed: 'Kodlar kopyalanamadı; kodları seçip kendiniz kopyalayın',
  saved: 'Kodları kaydettim',
  onText: 'Parolanız ve uygulamanızdaki bir kodla (ya da bir kurtarma koduyla) oturum açarsınız.',
  offText: 'Yalnızca parolanızla oturum açarsınız.',
  turnOffHint: 'Kapatmak için parolanızı girin.',
  turnOff: 'İki adımlı oturum açmayı kapat',
  turnedOff: 'İki adımlı oturum açma kapalı',
  userOn: '{{username}}, bir parola ve kimlik doğrulama uygulamasındaki bir kodla oturum açar.',
  userOff:
    '{{username}} yalnızca parolayla oturum açar. İki adımlı oturum açmayı yalnızca kendisi, kendi profilinden açabilir.',
  userTurnOffHint: 'Telefonunu ve kurtarma kodlarını kaybeden biri için: ardından yalnızca parolasıyla oturum açar.',
  confirmTurnOff:
    '{{username}} için iki adımlı oturum açma kapatılsın mı? Yeniden kurana kadar yalnızca parolasıyla oturum açar.',
  turnedOffFor: '{{username}} için iki adımlı oturum açma kapatıldı',
  ownOnProfile: 'Sizinki Profilim sayfasında.',
};
