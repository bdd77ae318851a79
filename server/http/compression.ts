/**
 * Compressed answers. JSON and CSV from 4 KB up are compressed as they are sent (brotli at quality
 * 4, gzip at level 6): the 20,000-ticket "All" list goes from 26.7 MB to 2.6 MB (br; bench/compression.ts),
 * and a CSV export is compressed chunk by chunk as it streams.
 * Smaller answers (one record, a profile, a count) go out as they are: each compression costs
 * 60-80 µs of CPU (a fresh encoder per answer), a large share of the ~160 µs a whole retrieve costs
 * the server (docs/architecture.md), to save a few hundred bytes that fit in the same TCP round trip anyway. Answers already
 * compressed (the precompressed browser assets, see server/spa.ts) are left alone.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text-like types (the plugin also takes what mime-db marks compressible). Unlike the plugin's
 * default, not application/octet-stream: downloads of PDFs, images and zip files are compressed already.
 */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|xml|[\w.+-]+\+json|[\w.+-]+\+xml)|image\/svg\+xml)(?:;|$)/;

/** Must be registered before the routes: the plugin attaches itself to each route as it is declared. */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 4096,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // Request bodies are not inflated: our clients send plain JSON and multipart, and an inflating
    // hook on every route would be work (and a decompression-bomb surface) for nothing.
    globalDecompression: false,
  });
}
