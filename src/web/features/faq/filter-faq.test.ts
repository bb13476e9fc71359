import { describe, expect, it } from 'vitest';
import { getFaqItems } from './faq-content';
import { filterFaq, normalizeForSearch } from './filter-faq';

const items = [
  { id: 'a', question: 'Os créditos expiram?', answer: 'Sim, no fim do período.' },
  { id: 'b', question: 'Quanto tempo leva?', answer: 'De 2 a 10 MINUTOS.' },
  { id: 'c', question: 'Por que ficou sem áudio?', answer: 'A moderação pode silenciar o som.' },
];

describe('normalizeForSearch', () => {
  it('lower-cases and strips accents', () => {
    expect(normalizeForSearch('Crédito ÁUDIO Ação')).toBe('credito audio acao');
  });
});

describe('filterFaq', () => {
  it('returns every item for a blank query', () => {
    expect(filterFaq(items, '')).toEqual(items);
    expect(filterFaq(items, '   ')).toEqual(items);
  });

  it('matches the question, case-insensitively', () => {
    expect(filterFaq(items, 'QUANTO TEMPO').map((i) => i.id)).toEqual(['b']);
  });

  it('matches the answer too', () => {
    expect(filterFaq(items, 'minutos').map((i) => i.id)).toEqual(['b']);
    expect(filterFaq(items, 'silenciar').map((i) => i.id)).toEqual(['c']);
  });

  it('ignores accents in both directions', () => {
    expect(filterFaq(items, 'credito').map((i) => i.id)).toEqual(['a']);
    expect(filterFaq(items, 'audio').map((i) => i.id)).toEqual(['c']);
    expect(filterFaq([{ question: 'Sem acento: periodo', answer: '' }], 'período')).toHaveLength(1);
  });

  it('needs every word of a multi-word query, in any order', () => {
    expect(filterFaq(items, 'expiram créditos').map((i) => i.id)).toEqual(['a']);
    expect(filterFaq(items, 'créditos minutos')).toEqual([]);
  });

  it('finds an item through a synonym group, from the whole word, a longer one or its first letters', () => {
    const synonyms = [['assinatura', 'plano']];
    const plans = [{ id: 'p', question: 'Posso mudar de plano?', answer: '' }, ...items];
    expect(filterFaq(plans, 'assinatura', synonyms).map((i) => i.id)).toEqual(['p']);
    expect(filterFaq(plans, 'ASSINATURAS', synonyms).map((i) => i.id)).toEqual(['p']);
    expect(filterFaq(plans, 'assin', synonyms).map((i) => i.id)).toEqual(['p']);
    // Two letters are too few to stand for a word.
    expect(filterFaq(plans, 'as', synonyms).map((i) => i.id)).toEqual([]);
    expect(filterFaq(plans, 'assinatura', []).map((i) => i.id)).toEqual([]);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterFaq(items, 'xyzzy')).toEqual([]);
  });

  it('does not modify the input', () => {
    const copy = [...items];
    filterFaq(items, 'a');
    expect(items).toEqual(copy);
  });
});

describe('the FAQ content', () => {
  const pt = getFaqItems('pt-BR', { supportEmail: 'suporte@example.com' });
  const en = getFaqItems('en', { supportEmail: 'support@example.com' });

  it('has the same questions in both languages, 4 to 6 per category', () => {
    expect(pt.map((i) => i.id)).toEqual(en.map((i) => i.id));
    for (const category of ['creditos', 'planos', 'videos', 'tecnico']) {
      const count = pt.filter((i) => i.category === category).length;
      expect(count).toBeGreaterThanOrEqual(4);
      expect(count).toBeLessThanOrEqual(6);
    }
  });

  it('quotes the catalogue figures', () => {
    const text = pt.map((i) => `${i.question} ${i.answer}`).join('\n');
    expect(text).toContain('10 créditos');
    expect(text).toContain('25 créditos');
    expect(text).toContain('2 a 10 minutos');
    expect(text).toContain('5 MB');
    expect(text).toContain('JPG, PNG e WEBP');
    expect(text).toContain('18 anos');
    expect(text).toContain('24 horas');
    expect(text).toContain('R$ 99,90');
    expect(text).toContain('suporte@example.com');
  });

  it('finds what people type in other words: a subscription to cancel, Pix, a refund', () => {
    const ids = (query: string) => filterFaq(pt, query).map((i) => i.id);
    // How to cancel, and the 7-day withdrawal right that also answers it.
    expect(ids('cancelar assinatura')).toEqual(['plans-change', 'plans-withdrawal']);
    expect(ids('Cancelamento da assinatura')).toEqual(['plans-change', 'plans-withdrawal']);
    expect(ids('pix')).toContain('plans-payment');
    expect(ids('boleto')).toContain('plans-payment');
    expect(ids('reembolso')).toContain('credits-refund');
    expect(ids('reembolso')).toContain('plans-withdrawal');
    expect(ids('estorno')).toContain('credits-refund');
    // While the word is being typed, and without its accents.
    expect(ids('reemb')).toContain('credits-refund');
    expect(ids('devolucao')).toContain('credits-refund');
    expect(ids('pix')).not.toContain('credits-refund');
    expect(ids('xyzzy assinatura')).toEqual([]);
  });

  it('is searchable without accents: "credito" finds the credit questions', () => {
    const found = filterFaq(pt, 'credito');
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((i) => i.category === 'creditos')).toBe(true);
  });
});
