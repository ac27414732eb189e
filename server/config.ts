import path from 'node:path';

/** Every setting the server reads from the environment, in one place (the README lists them). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 4321),
    host: env.HOST ?? '0.0.0.0',
    production: env.NODE_ENV === 'production',
    dataDir,
    /** Unset: embedded PGlite in DATA_DIR/pg. */
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    jwtSecret: env.JWT_SECRET ?? '',
    demoPassword: env.DEMO_PASSWORD ?? 'demo1234',
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    mediaBaseUrl: (env.MEDIA_BASE_URL ?? '/media').replace(/\/$/, ''),
    /** Personal files (application documents, complaint evidence): never under /media, only through the API. */
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
    rebuildHookUrl: env.REBUILD_HOOK_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}

export type Config = ReturnType<typeof loadConfig>;
