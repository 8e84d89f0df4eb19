/**
 * The PDF viewer's engine: pdf.js (pdfjs-dist), imported only when a preview opens, so its code
 * and its worker are a chunk of their own that no page loads up front.
 */

/** An open PDF: its page count, a page drawn onto a canvas at a scale, and closing it. */
export interface PdfDocument {
  numPages: number;
  /** Draws page `page` (1-based); a newer call cancels a draw still running. */
  render(page: number, canvas: HTMLCanvasElement, scale: number): Promise<void>;
  close(): void;
}

export async function openPdf(url: string): Promise<PdfDocument> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const task = pdfjs.getDocument({ url });
  const pdf = await task.promise;
  let running: { cancel(): void } | undefined;
  return {
    numPages: pdf.numPages,
    async render(pageNumber, canvas, scale) {
      running?.cancel();
      const page = await pdf.getPage(pageNumber);
      const viewport = page.getViewport({ scale });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      const draw = page.render({ canvas, viewport });
      running = draw;
      try {
        await draw.promise;
      } catch (e) {
        // A draw cancelled by a newer one is not a failure.
        if ((e as Error).name !== 'RenderingCancelledException') throw e;
      }
    },
    close: () => void task.destroy(),
  };
}
