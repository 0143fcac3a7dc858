import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet } from 'react-router';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-indigo-600 ${
    isActive ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'
  }`;

/** /billing (docs/screens.md): the section's two parts, Accounts and Invoices, as tabs above each screen. */
export function BillingLayout() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <nav aria-label={t('nav.billing')} className="-mt-2 flex gap-2 border-b border-slate-200">
        <NavLink to="/billing/accounts" className={tabClass}>
          {t('billing.accounts')}
        </NavLink>
        <NavLink to="/billing/invoices" className={tabClass}>
          {t('audit.sections.billingInvoices')}
        </NavLink>
      </nav>
      <Outlet />
    </div>
  );
}

/** /billing itself opens the accounts. */
export function BillingIndex() {
  return <Navigate to="/billing/accounts" replace />;
}
