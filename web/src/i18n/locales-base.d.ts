/** Where the i18next resources are fetched from: set by the build (web/locale-assets.ts). */
declare const __LOCALES_BASE__: string;
