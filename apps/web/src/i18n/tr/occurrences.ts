import type { Resources } from '../en';

/** Turkish texts of the occurrence screens. */
export const occurrences: Resources['occurrences'] = {
  upcomingDescription: 'Bir günün oturumları: kimler geliyor, neler not edildi ve günün programı.',
  allDescription: 'Etkinliklerin tarihli tüm tekrarları, gün gün.',
  monthlyDescription: 'Bir ayın tekrarları ve ardından alınan notlar.',
  occurrenceDate: 'Tekrar Tarihi',
  notes: 'Notlar',
  statuses: {
    scheduled: 'Planlandı',
    approved: 'Onaylandı',
    completed: 'Tamamlandı',
    cancelled: 'İptal edildi',
  },
  emptyDay: 'Bu günde tekrar yok',
  emptyMonth: 'Bu ayda tekrar yok',
  filledMark: '+',
  upcomingItem: 'Yaklaşan etkinlik',
  approve: 'Programı Onayla',
  unapprove: 'Program Onayını Kaldır',
  confirmApprove: '{{day}} programı onaylansın mı? Planlanan tekrarlar onaylanmış olur.',
  confirmUnapprove: '{{day}} programının onayı kaldırılsın mı? Onaylanan tekrarlar yeniden planlanmış olur.',
  scheduleActions: 'Günün programı',
  editTitle: 'Etkinlik Tekrarını Düzenle',
  editDescription: 'Yalnızca bu tekrarın misafirleri ve başlangıcı, düzenleyenin saat diliminde.',
  submitUpdate: 'Etkinlik Tekrarını Güncelle',
  updated: 'Etkinlik tekrarı başarıyla güncellendi',
  startHint: '{{zone}} diliminde, düzenleyenin saat dilimi.',
  choicesFailed: 'Misafirler yüklenemedi: {{error}}',
  completedNote: 'Bu tekrar tamamlandı ve değiştirilemez.',
  exportCsv: 'CSV Olarak Dışa Aktar',
  exportFailed: 'CSV dışa aktarılırken hata oluştu: {{error}}',
};
