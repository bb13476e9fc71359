import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotaLinks } from './nota-links';

const pdf = { text: 'PDF', label: 'PDF da nota de Pacote de 1000 créditos', testId: 'pdf' };
const xml = { text: 'XML', label: 'XML da nota de Pacote de 1000 créditos', testId: 'xml' };

describe('NotaLinks', () => {
  it("opens each of the nota's files in a new tab that cannot reach back, named for screen readers", () => {
    render(<NotaLinks url="https://nfse.test/a.pdf" xmlUrl="https://nfse.test/a.xml" pdf={pdf} xml={xml} />);
    for (const [file, href] of [
      [pdf, 'https://nfse.test/a.pdf'],
      [xml, 'https://nfse.test/a.xml'],
    ] as const) {
      const link = screen.getByRole('link', { name: file.label });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.textContent).toBe(file.text);
    }
  });

  it('draws only the files the emitter has given, and nothing before it gives one', () => {
    const { container, rerender } = render(
      <NotaLinks url={null} xmlUrl="https://nfse.test/a.xml" pdf={pdf} xml={xml} />,
    );
    expect(screen.queryByTestId('pdf')).toBeNull();
    expect(screen.getByTestId('xml').getAttribute('href')).toBe('https://nfse.test/a.xml');
    rerender(<NotaLinks url={null} xmlUrl={null} pdf={pdf} xml={xml} />);
    expect(container.innerHTML).toBe('');
  });
});
