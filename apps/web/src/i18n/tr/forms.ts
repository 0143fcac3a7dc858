import type { Resources } from '../en';
import type { DeepPartial } from '../deep-partial';

/** Turkish texts of the Forms section; anything missing falls back to English. */
export const forms: DeepPartial<Resources['forms']> = {
  description: 'Düzenleyicilerin her oturumdan sonra her misafir için doldurduğu formlar.',
  create: 'Form oluştur',
  version: 'Sürüm',
  createdAt: 'Oluşturulma',
  createTitle: 'Form Oluştur',
  editTitle: 'Formu Düzenle',
  submitUpdate: 'Formu Güncelle',
  created: 'Form başarıyla oluşturuldu',
  updated: 'Form başarıyla güncellendi',
  titlePlaceholder: 'Form Başlığı',
  schema: 'Şema',
  schemaHint:
    'Alan listesi içeren JSON: input, textarea, radiogroup, checkbox veya listbox. Henüz alan yoksa boş bırakın.',
  schemaFormatSummary: 'Şema biçimini göster',
  schemaFormatIntro:
    'Her alanda type, name (harf, rakam ve _, benzersiz), label ve isteğe bağlı disabled ile required bulunur. input: subtype (text, email, number, tel, date, time, url), placeholder. textarea: placeholder. radiogroup: options [{key, value, label, description}], defaultValue. checkbox: multiple ve multiple ise options. listbox: lookupKey, isteğe bağlı parent (önceki bir listbox). Kuralların tamamı docs/form-schema.md dosyasındadır.',
  schemaExample: 'Bir örnek',
  useExample: 'Bu örneği kullan',
  replaceWithExample: 'Yazdığınız şema örnekle değiştirilsin mi?',
  versionCurrent: 'Sürüm {{version}}',
  versionHint:
    'Değişen bir şemayı kaydetmek bu formu {{next}}. sürüm yapar; başlık, açıklama ve gruplar sürümü değiştirmez.',
  groupsHint: 'Bu gruplardaki düzenleyiciler bu formu kullanır.',
};
