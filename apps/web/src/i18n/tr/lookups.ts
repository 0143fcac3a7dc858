import type { Resources } from '../en';
import type { DeepPartial } from '../deep-partial';

/** Turkish texts of the Lookups section; anything missing falls back to English. */
export const lookups: DeepPartial<Resources['lookups']> = {
  description: 'Form liste kutularının seçenekleri; isteğe bağlı olarak bir kayda bağlı.',
  create: 'Seçenek oluştur',
  sortByKey: 'Anahtara göre sırala',
  sortByValue: 'Değere göre sırala',
  key: 'Anahtar',
  value: 'Değer',
  label: 'Etiket',
  parentId: 'Üst No',
  lookupableType: 'Bağlı Kayıt Türü',
  lookupableName: 'Bağlı Kayıt Adı',
  createTitle: 'Seçenek Oluştur',
  editTitle: 'Seçeneği Düzenle',
  submitUpdate: 'Seçeneği Güncelle',
  created: 'Seçenek başarıyla oluşturuldu',
  updated: 'Seçenek başarıyla güncellendi',
  fetchFailed: 'Seçenekler alınamadı: {{error}}',
  fetchTypeFailed: '{{type}} alınamadı: {{error}}',
  keyPlaceholder: 'sehir',
  valuePlaceholder: 'ist',
  labelPlaceholder: 'İstanbul',
  keyHint: 'Bu seçeneğin ait olduğu liste; form liste kutusu onu anahtarıyla ister.',
  lookupableRecord: 'Bağlı Kayıt',
  parent: 'Üst Seçenek',
  parentHint: 'Bağımlı listeler için: bu seçenek, seçilen üst seçeneğin altında sunulur.',
  chooseRecord: 'Bir kayıt seçin',
  noParent: 'Üst seçenek yok',
  noRecordsOfType: 'Henüz seçilebilecek {{type}} yok.',
  typeHint: 'Seçeneği tek bir kayda bağlayın (liste kutusu onu yalnızca o kayıt için gösterir) ya da hiçbirine.',
};
