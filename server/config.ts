import path from 'node:path';

/** Every setting the server reads from the environment, in one place (the README lists them). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const production = env.NODE_ENV === 'production';
  return {
    port: Number(env.PORT ?? 4321),
    // outside production the demo accounts (with their published password) exist: reachable from
    // this machine only, unless HOST says otherwise
    host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    production,
    dataDir,
    /** Unset: embedded PGlite in DATA_DIR/pg. */
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    jwtSecret: env.JWT_SECRET ?? '',
    demoPassword: env.DEMO_PASSWORD ?? 'demo1234',
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    mediaBaseUrl: (env.MEDIA_BASE_URL ?? '/media').replace(/\/$/, ''),
    /** Personal files (application documents, complaint evidence): never under /media, only through the API. */
    /** the built site: builds/, the `current` link, and what data-only rebuilds keep; shared by instances that serve one site */
    siteDir: path.resolve(env.SITE_DIR ?? path.join(dataDir, 'site')),
    privateUploadsDir: path.resolve(env.PRIVATE_UPLOADS_DIR ?? path.join(dataDir, 'private')),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          /** personal files go under private/ here; a bucket of their own keeps them out of a public bucket policy */
          privateBucket: env.S3_PRIVATE_BUCKET || env.S3_BUCKET,
          region: env.S3_REGION ?? 'us-east-1',
          endpoint: env.S3_ENDPOINT || undefined,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: trustProxy(env.TRUST_PROXY),
    rebuildHookUrl: env.REBUILD_HOOK_URL || undefined,
    /** smtp(s)://user:pass@host:port of the mail server; unset: messages are kept in the console's Outbox and their links logged */
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'StudyAbroad Nepal <no-reply@localhost>',
    /** the public site's address, for links in mails; unset: this server's own */
    siteUrl: (env.SITE_URL || '').replace(/\/$/, '') || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    /** the API reference (/api/docs) names every admin route: in production only admins read it, unless API_DOCS_PUBLIC=true */
    apiDocsPublic: !production || env.API_DOCS_PUBLIC === 'true',
    /** the Prometheus metrics on a port of their own, without auth (else /api/metrics, for admins) */
    metricsPort: env.METRICS_PORT ? Number(env.METRICS_PORT) : undefined,
    /** memory for the API's cached public answers, in MiB (server/plugins/public-cache.ts); 0: none kept, ETags still sent */
    publicCacheMb: Number(env.PUBLIC_CACHE_MB ?? 64),
    /** memory for the built site's files and their brotli/gzip copies, in MiB (server/site-memory.ts); a file above it is streamed, 0: every file is */
    siteCacheMb: Number(env.SITE_CACHE_MB ?? 128),
    /** the outbox worker (server/services/outbox.ts); every API instance runs one and they share the work */
    outbox: {
      /** OUTBOX_WORKER=off: this instance only writes messages, others deliver them */
      worker: env.OUTBOX_WORKER !== 'off',
      pollMs: Number(env.OUTBOX_POLL_MS ?? 1000),
      /** how long a claimed message is this worker's; after it another worker retries it (the claimer died) */
      leaseSeconds: Number(env.OUTBOX_LEASE_SECONDS ?? 120),
      /** the first retry's wait, doubled each attempt, at most an hour */
      retrySeconds: Number(env.OUTBOX_RETRY_SECONDS ?? 30),
      maxAttempts: Number(env.OUTBOX_MAX_ATTEMPTS ?? 8),
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;

/**
 * Which X-Forwarded-For hops to believe for request.ip (and so for per-address rate limits).
 * Unset: none, since a client can write the header itself. A number: that many proxies in front;
 * otherwise addresses/CIDRs of the proxies, comma-separated, as Fastify's trustProxy takes them.
 */
function trustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim();
  if (!text) return false;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
