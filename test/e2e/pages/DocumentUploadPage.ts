import { expect, type Locator, type Page } from '@playwright/test';
import { minimalPdf } from '../../support/pdf';

/** A real one-page PDF padded (a comment after %%EOF) to `size` bytes: the upload minimum is 6000. */
export function pdfFile(name: string, text: string, size = 7000) {
  const pdf = minimalPdf(text);
  const buffer = Buffer.concat([
    pdf,
    Buffer.from(`%${'x'.repeat(Math.max(0, size - pdf.length - 2))}\n`, 'latin1'),
  ]);
  return { name, mimeType: 'application/pdf', buffer };
}

/** The DocumentUpload step of the application form: one section per container, cards per file. */
export class DocumentUploadPage {
  constructor(readonly page: Page) {}

  /** The container's file input (Cloudscape FileInput, labelled 'Choose files for {container}'). */
  input(container: string): Locator {
    return this.page.getByLabel(`Choose files for ${container}`, { exact: true });
  }

  /** The list of the container's documents. */
  list(container: string): Locator {
    return this.page.getByRole('list', { name: container, exact: true });
  }

  /** A document card by its file name. */
  card(fileName: string): Locator {
    return this.page.getByRole('group', { name: fileName, exact: true });
  }

  async upload(container: string, file: ReturnType<typeof pdfFile>): Promise<void> {
    await this.input(container).setInputFiles(file);
    await expect(this.list(container).getByRole('group', { name: file.name, exact: true })).toBeVisible();
  }

  /** The card left Queued / Uploading / Scanning and shows its date (Completed). */
  async expectCompleted(fileName: string, timeout = 60_000): Promise<void> {
    const card = this.card(fileName);
    await expect(card).not.toContainText(/Queued|Uploading\.\.\.|Scanning for viruses\.\.\./, { timeout });
    await expect(card).toContainText(/\d{2} [A-Z][a-z]{2} \d{4}/);
  }
}
