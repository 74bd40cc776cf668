// graphql and yaml on first use. Most descriptions need neither, and loading both cost
// `npm run import` of a small JSON description ~0.8 s of CPU. Node resolves both packages to their
// CommonJS entry for an `import` too, so require() here returns the very instance an import would
// (graphql's instanceof checks hold across the two).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const graphql = (): typeof import('graphql') => require('graphql') as typeof import('graphql');
export const yaml = (): typeof import('yaml') => require('yaml') as typeof import('yaml');
