/** Class names of the few control styles the app uses, so every screen looks the same. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-semibold shadow-xs transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

export const buttonClass = {
  primary: `${base} bg-indigo-600 text-white hover:bg-indigo-500`,
  secondary: `${base} bg-white text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50`,
  danger: `${base} bg-red-600 text-white hover:bg-red-500`,
} as const;

export const inputClass =
  'block w-full rounded-md bg-white px-3 py-2 text-sm text-slate-900 outline-1 -outline-offset-1 outline-slate-300 ' +
  'placeholder:text-slate-400 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 ' +
  'aria-invalid:outline-red-500 disabled:bg-slate-50 disabled:text-slate-500';

export const cardClass = 'rounded-lg bg-white shadow-xs ring-1 ring-slate-200';
