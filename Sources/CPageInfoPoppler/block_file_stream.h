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

/// A source over `fd`, a descriptor open for reading, of a file `size` bytes long. The file is
/// opened in Swift (PageInfoSystem: the one place that opens files, and names them in errors);
/// the source owns the descriptor from here on and closes it when the source and every stream
/// over it are gone. The blocks are read here, with pread, because Poppler pulls bytes from its
/// stream in C++: each refill is one call, with no crossing back into Swift.
std::shared_ptr<BlockFileSource> adopt_block_file_source(int fd, long long size);

/// A base stream over the whole file (a PDFDoc takes it). Several (a document opened twice to try
/// a password both ways) share the source's cache.
std::unique_ptr<BaseStream> make_block_file_stream(const std::shared_ptr<BlockFileSource> &source);

} // namespace pageinfo

#endif
