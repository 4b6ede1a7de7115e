// SPDX-License-Identifier: GPL-2.0-or-later
// A Poppler base stream over a file that reads it in large blocks, kept in a small cache shared
// by every stream of one document.
//
// Why: Poppler's own FileStream reads through a 256-byte buffer, and every object fetch makes a
// new sub-stream with an empty buffer, so reading the page objects of a file costs one pread per
// object and per 256 bytes (114,142 calls for the 18 MB, 100,000-page bench file; about a fifth
// of `pageinfo pages`' time there, BENCHMARKS.md). This stream reads 64 KiB blocks and keeps the
// last few, so a walk over page objects laid out one after another costs one pread per block,
// and memory stays flat whatever the file's size (at most kBlockCacheBlocks blocks are held, but
// for blocks a stream still reads from). It reads only the blocks Poppler asks for: a large file
// of images costs what it cost before.
//
// What it reads is what FileStream reads: the same bytes at the same offsets, end of file where
// the file ends (a file cut while it is read ends there, with no error), positions from the end
// (setPos with dir < 0) counted from the size the file had when it was opened. The file is read
// as it was when opened: bytes appended since are past its end (FileStream would read those
// beyond its last 256 bytes read, not those within them).
#ifndef PAGEINFO_BLOCK_FILE_STREAM_H
#define PAGEINFO_BLOCK_FILE_STREAM_H

#include <Object.h>
#include <Stream.h>

#include <memory>

namespace pageinfo {

class BlockFileSource;

/// The size of one block, and the most blocks a document keeps cached.
constexpr long long kBlockSize = 64 << 10;
constexpr int kBlockCacheBlocks = 8;

/// Opens `path` for reading (close-on-exec), with the size it has now; nullptr with errno set
/// when the file cannot be opened or its size read. The file is closed when the source and
/// every stream over it are gone.
std::shared_ptr<BlockFileSource> open_block_file_source(const char *path);

/// A base stream over the whole file (a PDFDoc takes it). Several (a document opened twice to try
/// a password both ways) share the source's cache.
std::unique_ptr<BaseStream> make_block_file_stream(const std::shared_ptr<BlockFileSource> &source);

} // namespace pageinfo

#endif
