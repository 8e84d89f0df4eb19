/**
 * Where the local lookup services' sample data is (shared/sample-data/, written by its generate.ts).
 * It is not bundled as code (392 KB minified would put the lookups Lambda over its size budget,
 * docs/performance.md): a Lambda has the files beside its bundle, in `sample-data/` (the API stack
 * copies them there when it bundles the lookups function), and local.ts reads them with fs at first
 * use. The TypeScript source (the local stack, tests) reads them from the repository.
 *
 * No imports: the CDK app reads this module too.
 */

/** The files, in shared/sample-data/ of the repository and in sample-data/ beside a bundle. */
export const sampleDataFiles = ['addresses.json', 'parcels.json', 'practitioners.json'] as const;
export type SampleDataFile = (typeof sampleDataFiles)[number];

/** The folder of the files in the repository, relative to its root. */
export const sampleDataSourceDir = 'shared/sample-data';

/** The folder of the files in a Lambda's asset, relative to its bundle (index.mjs). */
export const sampleDataBundleDir = 'sample-data';

/**
 * The files a bundle needs beside it: path relative to the bundle → repository-relative source
 * (PortalFunction's `files`).
 */
export const sampleDataBundleFiles: Record<string, string> = Object.fromEntries(
  sampleDataFiles.map((f) => [`${sampleDataBundleDir}/${f}`, `${sampleDataSourceDir}/${f}`]),
);
