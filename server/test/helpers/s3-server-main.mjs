// The S3-protocol server of the tests, in a process of its own (see s3-server.ts).
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
const { port } = await server.run();
process.send({ port });
// The test process went away without stopping it (a crash): nothing should outlive it.
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => void server.close().finally(() => process.exit(0)));
