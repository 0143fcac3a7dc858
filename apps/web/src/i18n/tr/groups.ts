import type { Resources } from '../en';
import type { DeepPartial } from '../deep-partial';

/** Turkish texts of the Groups section; anything missing falls back to English. */
export const groups: DeepPartial<Resources['groups']> = {
  description: 'Düzenleyici ekipleri; formlar ve seçenek listeleri gruplara aittir.',
  create: 'Grup oluştur',
  createTitle: 'Grup Oluştur',
  editTitle: 'Grubu Düzenle',
  namePlaceholder: 'Grup Adı',
  submitUpdate: 'Grubu Güncelle',
  created: 'Grup başarıyla oluşturuldu',
  updated: 'Grup başarıyla güncellendi',
  fetchFailed: 'Grup alınamadı: {{error}}',
  formsHint: 'Formlar, form düzenleyicisinde gruplara verilir.',
  noForms: 'Bu gruba henüz bir form verilmedi.',
};
