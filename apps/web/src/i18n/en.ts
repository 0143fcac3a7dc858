import { messages as sharedMessages } from '@ritim/shared';
import type { EnSections } from './en-sections';

/**
 * The shared validation and error texts, keyed as in `messages` of @ritim/shared, plus the shared
 * schemas' own texts that forms show (matched by their exact English text).
 */
const baseMessages = {
  ...(sharedMessages as Record<keyof typeof sharedMessages, string>),
  emailInvalid: 'Email must be a valid email address',
  passwordTooShort: 'Password must be at least 8 characters',
  internalError: 'Something went wrong on our side. Please try again.',
  shuttingDown: 'Server is shutting down, try again shortly',
};

/**
 * English texts: the spec's wording (spec §2, §5, §8), with its misspellings corrected. These are
 * the first bundle's: Sign In, the shell, the generic list and form, Locations and My Profile. The
 * sections' texts (en-sections.ts) load with the signed-in layout.
 */
export const en = {
  app: {
    name: 'Ritim',
    tagline: 'Scheduling back office',
    skipToContent: 'Skip to content',
    loading: 'Loading...',
    checkingSession: 'Checking your session...',
    pageTitle: '{{title}} · Ritim',
  },
  nav: {
    main: 'Main',
    menu: 'Navigation menu',
    home: 'Home',
    users: 'Users',
    groups: 'Groups',
    messageGroups: 'Message Groups',
    locations: 'Locations',
    forms: 'Forms',
    lookups: 'Lookups',
    events: 'Events',
    upcomingEvents: 'Upcoming Events',
    eventOccurrences: 'Event Occurrences',
    monthlyReport: 'Monthly Report',
    messageLogs: 'Message Logs',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
  },
  userMenu: {
    open: 'Open user menu',
    signedInAs: 'Signed in as',
    myProfile: 'My profile',
    signOut: 'Sign out',
    language: 'Language',
  },
  languages: {
    en: 'English',
    tr: 'Türkçe',
  },
  roles: {
    admin: 'Admin',
    editor: 'Editor',
    guest: 'Guest',
    anonymous: 'Anonymous',
  },
  auth: {
    signInTitle: 'Sign In',
    signInIntro: 'Use your username and password to sign in',
    username: 'Username',
    password: 'Password',
    signIn: 'Sign in',
    signingOut: 'Signing out...',
    invalidToken: 'Invalid access token',
  },
  errors: {
    anErrorOccurred: 'An error occurred: {{error}}',
    unknown: 'Unknown error',
    notFoundCode: '404',
    notFoundTitle: 'Page not found',
    failureTitle: 'Something went wrong',
    unexpected: 'Sorry, an unexpected error has occurred.',
    goHome: 'Go back home',
    errorCode: 'Error',
  },
  access: {
    code: '403',
    title: 'Access denied',
    text: 'You do not have permission to view this page.',
  },
  toast: {
    area: 'Notifications',
    close: 'Close toast',
  },
  list: {
    search: 'Search',
    searchPlaceholder: 'Search...',
    searchHint: 'Type at least {{count}} characters to search',
    sort: 'Sort',
    loading: 'Loading...',
    refreshing: 'Refreshing...',
    error: 'Error: {{error}}',
    unknownError: 'An unknown error occurred',
    empty: 'No items found',
    emptyHint: 'Try another search or clear the filters.',
    actions: 'Actions',
    rowActions: 'Actions for {{name}}',
    showing: 'Showing {{from}}–{{to}} of {{total}}',
    confirmDelete: 'Are you sure you want to delete this item?',
    deleted: '{{name}} deleted successfully',
    deleteFailed: 'An error occurred while deleting the item',
  },
  pagination: {
    label: 'Pagination',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {{page}}',
    gap: 'More pages',
  },
  form: {
    back: 'Back',
    required: 'required',
  },
  locations: {
    title: 'Locations',
    description: 'Places where events take place.',
    create: 'Create locations',
    sortByName: 'Sort by name',
    sortByDate: 'Sort by date',
    sortByStatus: 'Sort by status',
    showArchived: 'Show archived',
    id: 'Id',
    name: 'Name',
    createUser: 'Create User',
    archivedBadge: 'Archived',
    edit: 'Edit',
    archive: 'Archive',
    restore: 'Restore',
    delete: 'Delete',
    archivedToast: '{{name}} archived successfully',
    restoredToast: '{{name}} restored successfully',
    updateFailed: 'An error occurred while updating the item',
    createTitle: 'Create Location',
    editTitle: 'Edit Location',
    namePlaceholder: 'Location Name',
    submitCreate: 'Create Location',
    submitUpdate: 'Update Location',
    created: 'Location created successfully',
    updated: 'Location updated successfully',
    saveFailed: 'An error occurred while saving the item',
    fetchFailed: 'Failed to fetch locations: {{error}}',
    createdBy: 'Created on {{date}} by {{username}}',
    createdOn: 'Created on {{date}}',
  },
  profile: {
    title: 'My Profile',
    description: 'Your name and contact details, and your password.',
    account: 'Account',
    accountSummary: '{{role}} · times in {{timezone}}',
    contactDetails: 'Contact details',
    name: 'Name',
    surname: 'Surname',
    email: 'Email',
    phone: 'Phone',
    address: 'Address',
    passwordSection: 'Change password',
    password: 'Password',
    passwordHint: 'Leave empty to keep your current password. A new one needs at least {{count}} characters.',
    submit: 'Update My Profile',
    updated: 'Profile updated successfully',
    updateFailed: 'An error occurred while updating the profile',
    fetchFailed: 'Failed to fetch user: {{error}}',
    otherUser: 'This is the profile of {{username}}. You can only change your own profile here.',
    openMine: 'Open my profile',
  },
  messages: baseMessages,
};

/** Every English text: the first bundle's and the sections'. */
export type Resources = Omit<typeof en, 'messages'> &
  Omit<EnSections, 'messages'> & { messages: typeof en.messages & EnSections['messages'] };
