import { expect, type Locator, type Page } from '@playwright/test';
import { minimalPdf } from '../../support/pdf';

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A file's bytes padded after its end (a PDF comment after %%EOF) to `size`: the upload minimum is 6000. */
export function paddedFile(name: string, mimeType: string, bytes: Uint8Array, size = 7000): UploadFile {
  const pad = Math.max(0, size - bytes.length - 2);
  return { name, mimeType, buffer: Buffer.concat([bytes, Buffer.from(`%${'x'.repeat(pad)}\n`, 'latin1')]) };
}

/** A real one-page PDF padded to `size` bytes. */
export const pdfFile = (name: string, text: string, size = 7000): UploadFile =>
  paddedFile(name, 'application/pdf', minimalPdf(text), size);

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

  /** The container's drop zone ('Drop your file(s) here or click to browse'). */
  zone(container: string): Locator {
    return this.page
      .getByRole('heading', { name: container })
      .locator('xpath=ancestor::*[.//input[@type="file"]][1]')
      .getByText('Drop your file(s) here or click to browse');
  }

  /** Drops files on a container's drop zone as a drag from the desktop would. */
  async drop(container: string, files: readonly UploadFile[]): Promise<void> {
    const dataTransfer = await this.page.evaluateHandle(
      (list) => {
        // The browser's DataTransfer (this file is also compiled without the DOM types, by the bench).
        const Transfer = (
          globalThis as unknown as { DataTransfer: new () => { items: { add(f: File): void } } }
        ).DataTransfer;
        const dt = new Transfer();
        for (const f of list)
          dt.items.add(
            new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.mimeType }),
          );
        return dt;
      },
      files.map((f) => ({ name: f.name, mimeType: f.mimeType, b64: f.buffer.toString('base64') })),
    );
    const zone = this.zone(container);
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await zone.dispatchEvent('dragover', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
  }

  /** Drags a card by its handle onto the middle of another card (a pointer drag). */
  async drag(fileName: string, ontoFileName: string): Promise<void> {
    const handle = this.page.getByRole('button', { name: `Drag ${fileName} to reorder` });
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    const to = (await this.card(ontoFileName).boundingBox())!;
    const mouse = this.page.mouse;
    await mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await mouse.down();
    await mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
    await mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 10, { steps: 15 });
    await mouse.up();
  }

  /** The file names of a container's cards, in order. */
  order(container: string): Promise<(string | null)[]> {
    return this.list(container)
      .getByRole('group')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
  }

  /**
   * Opens a card's menu (Preview / Download / Tags / Remove …) and chooses an item. The card list
   * re-renders as its documents' tags and statuses arrive after a load: a click that lands on the
   * button as it is replaced opens nothing (seen once in CI), so the menu is opened until it shows.
   */
  async choose(fileName: string, item: string): Promise<void> {
    const button = this.card(fileName).getByRole('button', { name: `Actions for ${fileName}` });
    const entry = this.page.getByRole('menuitem', { name: item, exact: true });
    await expect(async () => {
      if (!(await entry.isVisible())) await button.click();
      await expect(entry).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await entry.click();
  }

  async upload(container: string, file: UploadFile): Promise<void> {
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
