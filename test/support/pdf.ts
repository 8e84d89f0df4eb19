/** The minimal PDF of the tests: the demo seed's (infra/local/demo/pdf.ts), one copy. */
export { minimalPdf } from '../../infra/local/demo/pdf';
