"""Page images for OCR (ingest.ocr): PDF pages rendered with pypdfium2, image files opened with
Pillow (EXIF rotation applied, one page per TIFF frame), both bounded in size. pypdfium2 and Pillow
are imported when a page is first needed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kb.errors import DocumentError

# The longest side of a page image OCR reads (RapidOCR's max_side_len, raised from its 2,000 so that
# ocr_dpi above ~180 still counts on A4: 250 dpi read hr-policy.pdf's scans better, at about twice the time).
MAX_SIDE_PX = 3500
MAX_IMAGE_PIXELS = 120_000_000  # a 48 MP phone photo is fine; a decompression bomb is refused


class PdfPages:
    """A PDF opened with pypdfium2 to render pages for OCR; opened at the first page that needs it."""

    def __init__(self, path: Path, display: str, dpi: int):
        self.path, self.display, self.dpi = path, display, dpi
        self._document: Any = None

    def render(self, index: int) -> Any:
        """Page `index` (0-based) as a Pillow image, at `dpi` or less (at most MAX_SIDE_PX a side)."""
        if self._document is None:
            import pypdfium2

            self._document = pypdfium2.PdfDocument(str(self.path))
        page = self._document[index]
        try:
            width, height = page.get_size()
            if min(width, height) < 1:
                raise ValueError(f"the page is {width:g} x {height:g} points")
            scale = min(self.dpi / 72, MAX_SIDE_PX / max(width, height))
            return page.render(scale=scale, grayscale=False).to_pil()
        finally:
            page.close()

    def close(self) -> None:
        if self._document is not None:
            self._document.close()
            self._document = None


def image_frames(path: Path, display: str) -> Iterator[Any]:
    """The pages of an image file: one per frame of a (multi-page) TIFF, one for PNG and JPEG,
    upright (EXIF orientation applied) and at most MAX_SIDE_PX a side."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    try:
        image = Image.open(path)
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError) as exc:
        raise DocumentError(display, f"damaged image, cannot be read: {exc}") from exc
    with image:
        frames = getattr(image, "n_frames", 1) if image.format == "TIFF" else 1
        for index in range(frames):
            try:
                image.seek(index)
                width, height = image.size
                if width * height > MAX_IMAGE_PIXELS:
                    raise DocumentError(
                        display, f"image of {width} x {height} pixels is over {MAX_IMAGE_PIXELS // 1_000_000} MP (a decompression bomb?)"
                    )
                if image.format == "JPEG":
                    image.draft("RGB", (MAX_SIDE_PX, MAX_SIDE_PX))  # decode at a reduced size: fast, small
                frame = ImageOps.exif_transpose(image)
                if frame.mode not in ("RGB", "L"):
                    frame = frame.convert("RGB")
                frame.thumbnail((MAX_SIDE_PX, MAX_SIDE_PX))
            except DocumentError:
                raise
            except (OSError, ValueError, EOFError, SyntaxError) as exc:
                raise DocumentError(display, f"damaged image, frame {index + 1} cannot be read: {exc}") from exc
            yield frame
