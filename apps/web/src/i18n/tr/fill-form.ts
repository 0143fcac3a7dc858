import type { Resources } from '../en';

/** Turkish texts of Fill Form. */
export const fillForm: Resources['fillForm'] = {
  title: 'Form Doldur - {{guest}}',
  titleNoGuest: 'Form Doldur',
  whenValue: '{{start}} – {{end}} ({{zone}})',
  requiredNote: '* ile işaretli alanlar zorunludur.',
  requiredLabel: '{{label}} *',
  required: '{{label}} zorunludur',
  choose: 'Seçin...',
  chooseParentFirst: 'Önce {{parent}} seçin.',
  noChoices: 'Seçilecek bir şey yok.',
  noFields: 'Bu formun henüz alanı yok.',
  save: 'Kaydet',
  saving: 'Kaydediliyor...',
  submitted: 'Form başarıyla gönderildi',
  saveFailed: 'Form gönderilirken bir hata oluştu',
  lookupsFetchFailed: 'Seçenekler alınamadı: {{error}}',
  invalidLink: 'Bu bağlantı bir form, bir etkinlik tekrarı ve bir misafir belirtmiyor.',
  notAGuest: '{{guest}} bu tekrarın konuğu değil.',
  completedNote: 'Bu tekrar tamamlandı: formları artık değiştirilemez.',
  archivedNote: 'Bu form arşivlendi ve doldurulamaz.',
};
