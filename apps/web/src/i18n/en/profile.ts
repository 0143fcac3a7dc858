/** English texts of My Profile (docs/product.md §2, §5, §8). */
export const profile = {
  title: 'My Profile',
  description: 'Your name and contact details, and your password.',
  accountSummary: '{{role}} · times in {{timezone}}',
  languageHint: 'The language Ritim starts in when you sign in, and of the messages and reports you receive.',
  passwordSection: 'Change password',
  currentPassword: 'Current password',
  currentPasswordHint: 'Needed to set a new password.',
  passwordHint: 'Leave empty to keep your current password. A new one needs at least {{count}} characters.',
  submit: 'Update My Profile',
  updated: 'Profile updated successfully',
  updateFailed: 'An error occurred while updating the profile',
  otherUser: 'This is the profile of {{username}}. You can only change your own profile here.',
  openMine: 'Open my profile',
  feed: {
    title: 'Calendar subscription',
    description:
      'Subscribe to your sessions from your phone or calendar app with this address. Keep it private: anyone with it can see your sessions.',
    address: 'Calendar address',
    copy: 'Copy',
    copied: 'Address copied',
    copyFailed: 'The address could not be copied; it is selected, so copy it yourself',
    reset: 'Reset address',
    confirmReset:
      'Reset the calendar address? The current address stops working and calendars subscribed to it stop updating.',
    resetDone: 'New calendar address created; the old one no longer works',
    resetFailed: 'Error resetting the calendar address: {{error}}',
    loading: 'Loading the calendar address...',
    loadFailed: 'Failed to fetch the calendar address: {{error}}',
  },
};
