// SPDX-License-Identifier: Apache-2.0
package pageinfo.spark;

import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;

import scala.Tuple2;

/**
 * Reads listed objects through Hadoop's file systems for integrations/spark/pageinfo_spark.py:
 * one {@code open} per object at its URI (its own scheme, the job's Hadoop configuration), no
 * listing and no status call before it, so a list of N objects costs N opens where Spark's
 * binaryFile source lists them (a status call each) and looks each up again before reading.
 * A file:// object is the file Hadoop's local file system maps it to, read after one stat call
 * (a FIFO, a socket or a device is refused: see {@code readLocal}).
 *
 * <p>Each row of the result is a chunk of one partition's objects, in list order: at most
 * {@code chunkObjects} objects, and none is added once the chunk holds {@code chunkBytes} bytes
 * of content (so at most that plus one object), so one Arrow batch of one row
 * (spark.sql.execution.arrow.maxRecordsPerBatch = 1) is bounded by the content's real size. Per object: {@code input} (its 0-based position in the
 * list), {@code length} (bytes; null when unknown), {@code content} (null when not read) and
 * {@code error}: null, {@code not-found}, {@code directory}, or {@code unreadable} followed by a
 * tab and the exception's text. An object of more than {@code maxBytes} bytes is not kept: its
 * content is null and its length comes from one status call (only for those objects; for
 * file://, the stat made before the read), or the bytes read when that says less.
 */
public final class ObjectReader {
    public static final StructType SCHEMA = new StructType()
            .add("input", DataTypes.createArrayType(DataTypes.LongType, false), false)
            .add("length", DataTypes.createArrayType(DataTypes.LongType, true), false)
            .add("content", DataTypes.createArrayType(DataTypes.BinaryType, true), false)
            .add("error", DataTypes.createArrayType(DataTypes.StringType, true), false);

    /**
     * The buffer size each object's stream is opened with through Hadoop (in place of the job's
     * io.file.buffer.size): Hadoop's own default, which Spark raises to 64 KiB. Some streams
     * allocate a buffer of that size when they are opened (the local file system's did, before
     * ObjectReader read file:// objects itself); ObjectReader's reads into its scratch buffer
     * are mostly larger and bypass it. With 64 KiB per stream and 64 KiB per object read,
     * 12,000 small local objects allocated 1.5 GB, four times everything else the job allocated
     * (Java Flight Recorder, 2026-11-24). S3A, ABFS, GCS and HDFS streams size their reads
     * otherwise.
     */
    static final int STREAM_BUFFER_BYTES = 4096;

    private ObjectReader() {}

    /** The largest maxBytes: a worker's largest request (WorkerProtocol.maxRequestBytes). */
    public static final long MAX_BYTES_LIMIT = 1L << 30;

    /** The chunks of these URIs (NUL-separated, in list order) in {@code partitions} partitions;
     *  {@code maxBytes} between 1 and {@link #MAX_BYTES_LIMIT}. */
    public static Dataset<Row> read(SparkSession spark, String uris, int partitions, long maxBytes,
                                    int chunkObjects, long chunkBytes) {
        if (maxBytes < 1 || maxBytes > MAX_BYTES_LIMIT) {
            throw new IllegalArgumentException("maxBytes must be between 1 and " + MAX_BYTES_LIMIT + ", not " + maxBytes);
        }
        List<Tuple2<Long, String>> listed = new ArrayList<>();
        if (!uris.isEmpty()) {
            long i = 0;
            for (String uri : uris.split("\u0000", -1)) {
                listed.add(new Tuple2<>(i++, uri));
            }
        }
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Configuration hadoop = spark.sessionState().newHadoopConf();
        Broadcast<SerializableConfiguration> conf = jsc.broadcast(new SerializableConfiguration(hadoop));
        int slices = Math.max(1, Math.min(partitions, Math.max(1, listed.size())));
        return spark.createDataFrame(
                jsc.parallelize(listed, slices).mapPartitions(
                        objects -> new Chunks(objects, conf.value().value(), maxBytes, chunkObjects, chunkBytes)),
                SCHEMA);
    }

    /** One partition's objects, read one at a time as the chunks are taken. */
    private static final class Chunks implements Iterator<Row> {
        private final Iterator<Tuple2<Long, String>> objects;
        private final Configuration conf;
        private final long maxBytes;
        private final int chunkObjects;
        private final long chunkBytes;
        /** The file system of each scheme and authority met so far: Path.getFileSystem asks for
         *  the current user (a Subject lookup) and hashes a cache key on every call. A checksum
         *  file system (file://'s LocalFileSystem) is replaced by the raw one beneath it: it
         *  checks the .crc files Hadoop writes beside the files it writes itself, which a PDF
         *  archive does not have, at the cost of a status call, a look for the .crc file and a
         *  second stream per object (the JVM-only read of 10,000 local objects: 0.44-0.47 s
         *  wall, 0.23-0.27 s without). A .crc beside an object is thus not checked. */
        private final Map<String, FileSystem> fileSystems = new HashMap<>();
        /** Where each object is read before its exact-size copy goes into the chunk: one buffer
         *  of scratchBytes for the partition, not a new 64 KiB array per object (see
         *  STREAM_BUFFER_BYTES); grown for a larger object (to at most maxBytes + 1), and that
         *  larger buffer dropped once the object is copied. */
        private final int scratchBytes;
        private byte[] scratch;

        Chunks(Iterator<Tuple2<Long, String>> objects, Configuration conf, long maxBytes, int chunkObjects,
               long chunkBytes) {
            this.objects = objects;
            this.conf = conf;
            this.maxBytes = maxBytes;
            this.chunkObjects = Math.max(1, chunkObjects);
            this.chunkBytes = chunkBytes;
            this.scratchBytes = (int) Math.min(maxBytes + 1, 1 << 16);
            this.scratch = new byte[scratchBytes];
        }

        @Override
        public boolean hasNext() {
            return objects.hasNext();
        }

        @Override
        public Row next() {
            if (!objects.hasNext()) {
                throw new NoSuchElementException();
            }
            List<Long> inputs = new ArrayList<>();
            List<Long> lengths = new ArrayList<>();
            List<byte[]> contents = new ArrayList<>();
            List<String> errors = new ArrayList<>();
            long bytes = 0;
            while (objects.hasNext() && inputs.size() < chunkObjects && (inputs.isEmpty() || bytes < chunkBytes)) {
                Tuple2<Long, String> object = objects.next();
                Object[] read = readObject(object._2());
                inputs.add(object._1());
                lengths.add((Long) read[0]);
                contents.add((byte[]) read[1]);
                errors.add((String) read[2]);
                if (read[1] != null) {
                    bytes += ((byte[]) read[1]).length;
                }
            }
            return RowFactory.create(inputs.toArray(), lengths.toArray(), contents.toArray(), errors.toArray());
        }

        /** {length, content, error} of one object. */
        private Object[] readObject(String uri) {
            Path path;
            FileSystem fs;
            try {
                path = new Path(uri);
                URI parsed = path.toUri();
                String key = parsed.getScheme() + "://" + parsed.getAuthority();
                fs = fileSystems.get(key);
                if (fs == null) {
                    fs = path.getFileSystem(conf);
                    if (fs instanceof ChecksumFileSystem) {
                        fs = ((ChecksumFileSystem) fs).getRawFileSystem();
                    }
                    fileSystems.put(key, fs);
                }
            } catch (Exception e) {  // not a URI Hadoop parses, or no file system for its scheme
                return new Object[] {null, null, "unreadable\t" + e};
            }
            return fs.getClass() == RawLocalFileSystem.class ? readLocal((RawLocalFileSystem) fs, path)
                                                              : readHadoop(fs, path);
        }

        /** {length, content, error} of an object read through its file system's own open. */
        private Object[] readHadoop(FileSystem fs, Path path) {
            try (FSDataInputStream in = fs.open(path, STREAM_BUFFER_BYTES)) {
                return readAll(in, () -> fs.getFileStatus(path).getLen());
            } catch (Exception e) {
                return new Object[] {null, null, classify(fs, path, e)};
            }
        }

        /**
         * {length, content, error} of a file:// object: the file Hadoop's raw local file system
         * maps the path to (its pathToFile: the same file its open reads), read after one stat.
         * Hadoop's open of a local file builds a FileStatus first (the path parsed and qualified
         * again, a regular expression run over it) and wraps the stream twice: about 20 of the
         * 30 microseconds each small object cost (the JVM-only read of 10,000 corpus files:
         * 0.19-0.26 s of wall before, 0.02-0.12 s after; 2026-11-24). The stat (java.nio)
         * decides first, so that a FIFO, a socket or a device is refused instead of opened: opening a
         * FIFO for reading waits for a writer, with no time limit in the JVM. (A file replaced
         * by a FIFO between the stat and the open would still be opened: Java cannot open
         * without blocking; only who can write the directory can do that.) Errors are
         * classified as Hadoop's are (a missing file, or a path through a file, is not-found).
         * The stream is a FileInputStream, as Hadoop's own: a read into a heap array through
         * a java.nio channel goes through a temporary direct buffer of the read's size, which
         * the JDK then keeps cached per thread (up to maxBytes of native memory per task).
         */
        private Object[] readLocal(RawLocalFileSystem local, Path path) {
            java.nio.file.Path file;
            BasicFileAttributes attributes;
            try {
                file = local.pathToFile(path).toPath();
                attributes = Files.readAttributes(file, BasicFileAttributes.class);
            } catch (NoSuchFileException missing) {
                return new Object[] {null, null, "not-found"};
            } catch (Exception e) {
                return new Object[] {null, null, classify(local, path, e)};
            }
            if (attributes.isDirectory()) {
                return new Object[] {null, null, "directory"};
            }
            if (!attributes.isRegularFile()) {
                return new Object[] {null, null, "unreadable\tnot a regular file (a FIFO, a socket or a device): "
                        + "binary input reads files and objects only"};
            }
            try (InputStream in = new FileInputStream(file.toFile())) {
                return readAll(in, attributes::size);
            } catch (Exception e) {
                return new Object[] {null, null, classify(local, path, e)};
            }
        }

        /** What a too-large object's length is looked up with (only for those objects). */
        private interface Length {
            long get() throws IOException;
        }

        /** {length, content, null} of the object {@code in} reads: its bytes read into the
         *  scratch buffer, their exact-size copy kept; more than maxBytes: {length, null, null}. */
        private Object[] readAll(InputStream in, Length length) throws IOException {
            try {
                int n = 0;
                while (true) {
                    if (n == scratch.length) {
                        if (n > maxBytes) {  // too large: its size, not its content
                            // (the length looked up, or what was read when that says less:
                            // the object grew, or its size is not what it holds)
                            return new Object[] {Math.max(length.get(), n), null, null};
                        }
                        scratch = Arrays.copyOf(scratch, (int) Math.min(maxBytes + 1, 2L * n));
                    }
                    int got = in.read(scratch, n, scratch.length - n);
                    if (got < 0) {
                        break;
                    }
                    n += got;
                }
                return new Object[] {(long) n, Arrays.copyOf(scratch, n), null};
            } finally {
                if (scratch.length > scratchBytes) {  // a larger object's buffer is not kept
                    scratch = new byte[scratchBytes];
                }
            }
        }

        /** Why an object could not be read: a status call, made only for objects that failed. */
        private static String classify(FileSystem fs, Path path, Exception e) {
            try {
                FileStatus status = fs.getFileStatus(path);
                return status.isDirectory() ? "directory" : "unreadable\t" + e;
            } catch (FileNotFoundException missing) {
                return "not-found";
            } catch (IOException | RuntimeException other) {
                return "unreadable\t" + e;
            }
        }
    }
}
