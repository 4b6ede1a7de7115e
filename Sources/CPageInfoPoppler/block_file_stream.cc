// SPDX-License-Identifier: GPL-2.0-or-later
// See block_file_stream.h.
#include "block_file_stream.h"

#include "poppler_compat.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <new>
#include <unistd.h>
#include <utility>

namespace pageinfo {

namespace {

struct Block {
    Goffset offset = 0;               // the file offset of data[0]: a multiple of kBlockSize
    Goffset size = 0;                 // bytes read: kBlockSize, or fewer where the file ended
    std::unique_ptr<char[]> data;
};

} // namespace

// The file and its cache of recently read blocks, shared by every stream of one document (and
// by a copy of its table). Blocks are immutable once read; a stream holds the block it reads
// from, so a block pushed out of the cache lives until no stream reads it.
class BlockFileSource {
public:
    BlockFileSource(int fd, Goffset size) : fd_(fd), size_(size) {}
    ~BlockFileSource() { ::close(fd_); }
    BlockFileSource(const BlockFileSource &) = delete;
    BlockFileSource &operator=(const BlockFileSource &) = delete;

    /// The size the file had when it was opened.
    Goffset size() const { return size_; }

    /// The block holding `offset` (>= 0), from the cache or read now; nullptr when memory for it
    /// cannot be had. A block holds fewer than kBlockSize bytes, or none, where the file ends
    /// (or cannot be read: an error reads as the end of the file, as FileStream reads it).
    std::shared_ptr<const Block> block_at(Goffset offset) {
        const Goffset base = offset - offset % kBlockSize;
        std::lock_guard<std::mutex> lock(mutex_);
        for (int i = 0; i < kBlockCacheBlocks; ++i) {
            if (cache_[i] && cache_[i]->offset == base) {
                std::rotate(cache_, cache_ + i, cache_ + i + 1); // most recently used first
                return cache_[0];
            }
        }
        auto block = std::make_shared<Block>();
        block->offset = base;
        block->data.reset(new (std::nothrow) char[kBlockSize]);
        if (!block->data) return nullptr;
        while (block->size < kBlockSize) {
            ssize_t n = ::pread(fd_, block->data.get() + block->size, (size_t)(kBlockSize - block->size), base + block->size);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            block->size += n;
        }
        // The file as it was opened: bytes appended since are not read (as a stream of a size).
        block->size = std::max<Goffset>(0, std::min(block->size, size_ - base));
        std::rotate(cache_, cache_ + kBlockCacheBlocks - 1, cache_ + kBlockCacheBlocks); // the oldest goes
        cache_[0] = std::move(block);
        return cache_[0];
    }

private:
    int fd_;
    Goffset size_;
    std::mutex mutex_;
    std::shared_ptr<const Block> cache_[kBlockCacheBlocks];
};

namespace {

// A window on the file from `start` (to start + length when limited, else to the end of the
// file), reading through the shared blocks. `ptr_`..`end_` are the bytes of the current block
// still to read within the window; `pending_` is the position when there is no current block.
// (Rewinding, copying and sub-streams are declared differently by each Poppler release:
// BaseStreamOverrides, poppler_compat.h, declares them and calls the three functions below.)
class BlockFileStream final : public BaseStreamOverrides<BlockFileStream> {
public:
    BlockFileStream(std::shared_ptr<BlockFileSource> source, Goffset start, bool limited, Goffset length, Object &&dict)
        : BaseStreamOverrides<BlockFileStream>(std::move(dict), length), source_(std::move(source)), start_(start),
          limited_(limited) {
        move_to(start);
    }

    std::unique_ptr<BaseStream> copy_stream() {
        return std::make_unique<BlockFileStream>(source_, start_, limited_, length, dict.copy());
    }
    std::unique_ptr<Stream> sub_stream(Goffset start, bool limited, Goffset length, Object &&dict) {
        return std::make_unique<BlockFileStream>(source_, start, limited, length, std::move(dict));
    }
    // (Stream::rewind, and its unfiltered form: both read from the window's start.)
    bool rewind_to_start() {
        saved_ = getPos();
        has_saved_ = true;
        move_to(start_);
        return true;
    }

    // Not strFile: Poppler casts a stream of that kind to its own FileStream.
    StreamKind getKind() const override { return strWeird; }

    void close() override {
        if (has_saved_) move_to(saved_);
        has_saved_ = false;
    }
    int getChar() override { return (ptr_ < end_ || fill()) ? (*ptr_++ & 0xff) : EOF; }
    int lookChar() override { return (ptr_ < end_ || fill()) ? (*ptr_ & 0xff) : EOF; }
    Goffset getPos() override { return block_ ? block_->offset + (ptr_ - block_->data.get()) : pending_; }
    void setPos(Goffset pos, int dir = 0) override {
        if (dir >= 0) {
            move_to(pos);
        } else { // `pos` bytes before the end of the file
            const Goffset size = source_->size();
            move_to(size - std::min(std::max(pos, (Goffset)0), size));
        }
    }
    Goffset getStart() override { return start_; }
    void moveStart(Goffset delta) override {
        start_ += delta;
        move_to(start_);
    }
    int getUnfilteredChar() override { return getChar(); }
    bool hasGetChars() override { return true; }
    int getChars(int nChars, unsigned char *buffer) override {
        int n = 0;
        while (n < nChars && (ptr_ < end_ || fill())) {
            const int m = (int)std::min<Goffset>(end_ - ptr_, nChars - n);
            std::memcpy(buffer + n, ptr_, (size_t)m);
            ptr_ += m;
            n += m;
        }
        return n;
    }

private:
    // Where the window ends: start + length when limited, else nowhere before the file's end.
    Goffset limit() const {
        if (!limited_) return INT64_MAX;
        const Goffset span = std::max(length, (Goffset)0);
        return start_ > 0 && span > INT64_MAX - start_ ? INT64_MAX : start_ + span;
    }

    // Positions the stream at `pos`, within the current block when it holds it.
    void move_to(Goffset pos) {
        if (block_ && pos >= block_->offset && pos < block_->offset + block_->size && pos < limit()) {
            read_current_block_from(pos);
            return;
        }
        block_.reset();
        ptr_ = end_ = nullptr;
        pending_ = pos;
    }

    // Makes the block at the current position current; false at the end of the window or the
    // file (the position is unchanged).
    bool fill() {
        const Goffset pos = getPos();
        // (Past the end of the file as opened: no block is read, none is pushed out of the cache.)
        if (pos < 0 || pos >= limit() || pos >= source_->size()) return false;
        std::shared_ptr<const Block> block = source_->block_at(pos);
        if (!block || pos >= block->offset + block->size) return false;
        block_ = std::move(block);
        read_current_block_from(pos);
        return true;
    }

    // The bytes still to read: the current block's from `pos` (which it holds) to its end or the
    // window's, whichever comes first.
    void read_current_block_from(Goffset pos) {
        ptr_ = block_->data.get() + (pos - block_->offset);
        end_ = block_->data.get() + std::min(block_->size, limit() - block_->offset);
    }

    std::shared_ptr<BlockFileSource> source_;
    Goffset start_;
    bool limited_;
    std::shared_ptr<const Block> block_;
    const char *ptr_ = nullptr;
    const char *end_ = nullptr;
    Goffset pending_ = 0;
    Goffset saved_ = 0;
    bool has_saved_ = false;
};

} // namespace

std::shared_ptr<BlockFileSource> adopt_block_file_source(int fd, long long size) {
    return std::make_shared<BlockFileSource>(fd, (Goffset)size);
}

std::unique_ptr<BaseStream> make_block_file_stream(const std::shared_ptr<BlockFileSource> &source) {
    return std::make_unique<BlockFileStream>(source, 0, false, source->size(), null_object());
}

} // namespace pageinfo
