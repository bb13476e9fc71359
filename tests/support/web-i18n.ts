/**
 * The web's configured i18next (every namespace, both languages) for unit tests of features and lib, which may
 * not import the app themselves (biome.json: app/ is the top floor).
 */
export { default } from '#web/app/i18n';
