/**
 * English texts: react-admin's own (its default provider, which lets our plain-string labels pass
 * through), with the product's wording where docs/shell.md fixes it.
 */
import { defaultI18nProvider, type I18nProvider } from 'react-admin';

const overrides: Record<string, string> = {
  'ra.page.not_found': 'Page not found',
  'ra.notification.http_error': 'The server could not be reached. Please try again.',
};

export const i18nProvider: I18nProvider = {
  ...defaultI18nProvider,
  translate: (key, options) => overrides[key] ?? defaultI18nProvider.translate(key, options),
};
