import type { DeepPartial } from '../deep-partial';
import type { locations as en } from '../en/locations';

/** Turkish texts of the Locations section. */
export const locations: DeepPartial<typeof en> = {
  description: 'Etkinliklerin yapıldığı yerler.',
  create: 'Konum oluştur',
  createTitle: 'Konum Oluştur',
  editTitle: 'Konumu Düzenle',
  namePlaceholder: 'Konum Adı',
  submitUpdate: 'Konumu Güncelle',
  created: 'Konum başarıyla oluşturuldu',
  updated: 'Konum başarıyla güncellendi',
  fetchFailed: 'Konumlar alınamadı: {{error}}',
};
