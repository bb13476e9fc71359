import type { LocaleShape } from '#web/lib/locale-shape';
import type ptBR from './pt-BR';

/** `cast` namespace (English). Must have exactly the keys of pt-BR.ts (checked by the type). */
const en: LocaleShape<typeof ptBR> = {
  documentTitle: 'Cast — Cena',
  title: 'Cast',
  subtitle:
    'Keep characters, products and styles with 1 to 3 images and use them in any video: the images go to the model as references.',
  kinds: { character: 'Character', product: 'Product', style: 'Style' },
  list: {
    loading: 'Loading your cast…',
    loadError: 'Could not load your cast.',
    retry: 'Try again',
    emptyTitle: 'Your cast is empty',
    emptyBody: 'Save a character, product or style to keep the same look in every video.',
    images_one: '{{count}} image',
    images_other: '{{count}} images',
    consentAt: 'Consent confirmed on {{date}}',
    rename: 'Rename',
    renameLabel: 'New name for {{name}}',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    deleteTitle: 'Delete {{name}}?',
    deleteBody: "This member's images will be erased. Videos already made with it keep their own copies.",
    deleteConfirm: 'Delete',
    error: 'Could not finish. Please try again.',
  },
  form: {
    title: 'New member',
    name: 'Name',
    namePlaceholder: 'E.g. Ana, Blue Bottle, Watercolour',
    kind: 'Kind',
    description: 'Description (optional)',
    descriptionPlaceholder: 'Details that help recognise it: clothes, colour, material…',
    images: 'Cast photos',
    imagesHint: '1 to 3 JPG, PNG or WEBP images, up to {{mb}}MB each.',
    chooseImages: 'Choose images',
    removeImage: 'Remove {{name}}',
    consent:
      "I confirm I have the portrayed person's consent to use their image (LGPD, Law 13.709/2018, art. 11 — biometric data).",
    consentHint:
      'We keep the date of this confirmation. If the character is not a real person, confirm anyway.',
    submit: 'Save to cast',
    saved: '{{name}} was saved to your cast',
    errors: {
      name: 'Give it a name.',
      imagesCount: 'Choose 1 to 3 images.',
      consent: "Confirm the portrayed person's consent.",
    },
  },
  picker: {
    legend: 'Cast',
    hint: "The chosen members' cast photos go to the model as references, together with any reference images you add.",
    fits: 'The current model takes up to {{max}} reference images: {{used}} in use.',
    none: 'The current model takes no reference images, so it cannot use your cast.',
    tooMany: 'Does not fit: {{name}} has {{count}} images and {{left}} are left on the current model.',
    empty: 'Nobody in your cast yet.',
    manage: 'Manage cast',
    loading: 'Loading your cast…',
    missing: 'A cast member of the original request was deleted and was not included.',
  },
};

export default en;
