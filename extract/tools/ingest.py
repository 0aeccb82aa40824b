"""Turning outside articles into corpus documents: HTML to main text with
metadata, body normalisation and hashing, the metadata header, safe file
names and duplicate detection.

Pure: the CLI reads the sources and writes the files through :mod:`extract.io.files`.
Nothing here fetches anything; trafilatura only ever gets a string.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache

from ..core.segment import body_start

#: Source suffixes ``claims ingest`` accepts; the first two are plain text.
TEXT_SUFFIXES = (".txt", ".md")
HTML_SUFFIXES = (".html", ".htm")
INGEST_SUFFIXES = TEXT_SUFFIXES + HTML_SUFFIXES

MAX_SLUG_CHARS = 60
MAX_SLUG_BYTES = 150      # file systems limit names to 255 bytes
MAX_HEADER_VALUE = 300
#: what becomes "-" in a slug: anything but letters, digits (any script) and "_"
_NOT_IN_SLUG = r"[^\w]+"
_WINDOWS_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


#: HTML larger than this (characters) is refused: main-text extraction
#: takes about 1.4 s and 55 MB per MB of HTML (5 MB: 7 s, 280 MB), and an
#: article page is far smaller. Save such a page's text as .txt instead.
MAX_HTML_CHARS = 8_000_000


class ArticleError(ValueError):
    """A source that cannot become an article; the message says why."""


class NoTextError(ArticleError):
    """The source holds no article text (an empty file, a page of navigation)."""


class HtmlTooLarge(ArticleError):
    """An HTML page too large for main-text extraction (:data:`MAX_HTML_CHARS`)."""


@dataclass(frozen=True)
class Article:
    """A document ready for the corpus: normalised body and its metadata."""

    body: str
    title: str = ""
    source: str = ""
    date: str = ""
    url: str = ""
    source_path: str = ""

    @property
    def sha256(self) -> str:
        return body_sha256(self.body)


# --- text ----------------------------------------------------------------------

def normalise_body(text: str) -> str:
    """The canonical form of an article body, which is both stored and hashed:
    NFC, no BOM, ``\\n`` line ends, no trailing spaces, at most one blank line
    in a row, no blank lines around, one final newline (empty stays empty).

    >>> normalise_body("\\ufeff标题 \\r\\n\\r\\n\\r\\n正文。\\r\\n")
    '标题\\n\\n正文。\\n'
    """
    text = unicodedata.normalize("NFC", text.lstrip("\ufeff"))
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = [line.rstrip() for line in text.split("\n")]
    out: list[str] = []
    for line in lines:
        if not line and (not out or not out[-1]):
            continue
        out.append(line)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n" if out else ""


def body_sha256(body: str) -> str:
    """sha256 of a body's normalised form, UTF-8."""
    return hashlib.sha256(normalise_body(body).encode("utf-8", "surrogatepass")).hexdigest()


def split_header(text: str) -> tuple[dict[str, str], str]:
    """A document's ``---`` metadata header (YAML front matter) as a dict of
    strings, and the body after it. A header that is not valid YAML (written
    by hand, or by an older ``claims ingest``) is read line by line as
    ``key: value``.

    >>> split_header("---\\ntitle: 'H100: 性能 #1'\\ndate: 2024-03-01\\n---\\n正文")
    ({'title': 'H100: 性能 #1', 'date': '2024-03-01'}, '正文')
    >>> split_header("---\\ntitle: H100: 性能 #1\\n---\\n正文")
    ({'title': 'H100: 性能 #1'}, '正文')
    >>> split_header("正文")
    ({}, '正文')
    """
    text = text.lstrip("\ufeff")
    end = body_start(text)
    if not end:
        return {}, text
    lines = text[:end].splitlines()[1:-1]
    meta = _yaml_header("\n".join(lines))
    if meta is None:
        meta = {}
        for line in lines:
            key, sep, value = line.partition(":")
            if sep and key.strip():
                meta.setdefault(key.strip().lower(), value.strip())
    return meta, text[end:]


def _yaml_header(block: str) -> dict[str, str] | None:
    """The header as YAML, if it is a mapping of plain values; else None."""
    import yaml

    try:
        data = yaml.safe_load(block) if block.strip() else {}
    except yaml.YAMLError:
        return None
    if not isinstance(data, dict) or any(isinstance(v, (dict, list)) for v in data.values()):
        return None
    return {str(k).strip().lower(): "" if v is None else str(v).strip() for k, v in data.items()}


def looks_like_html(text: str) -> bool:
    """Whether text of unknown type (stdin) is an HTML page.

    >>> looks_like_html("<!DOCTYPE html><html><body><p>x</p></body></html>"), looks_like_html("H100 <b>很快</b>")
    (True, False)
    """
    head = text.lstrip("\ufeff \t\r\n")[:2048].lower()
    return head.startswith("<") and any(tag in head for tag in ("<html", "<!doctype html", "<body", "<head"))


# --- HTML ----------------------------------------------------------------------

_BLOCK_SPACE = re.compile(r"[ \t\r\n\f\v\u00a0]+")


def html_to_article(html: str, source_path: str = "") -> Article:
    """Main text of an HTML page (boilerplate, navigation, scripts dropped) as
    corpus text, with title, date, url and site name as metadata.

    Paragraphs are separated by blank lines, list items and table rows stay
    on consecutive lines (one paragraph), code is fenced so the extractor
    skips it.
    """
    import trafilatura

    if len(html) > MAX_HTML_CHARS:
        raise HtmlTooLarge(f"HTML page too large for main-text extraction ({len(html):,} characters > "
                           f"{MAX_HTML_CHARS:,}); save the article's text as a .txt file and ingest that")
    html = re.sub(r"\A\s*<\?xml[^>]*\?>", "", html)  # lxml refuses str input that declares an encoding
    doc = trafilatura.bare_extraction(
        html, url=None, with_metadata=True, include_comments=False, include_tables=True,
        include_images=False, include_links=False, include_formatting=False, config=_trafilatura_config(),
    )
    if doc is None:
        raise NoTextError("no main text found in the HTML")
    body = _render_body(doc.body) if getattr(doc, "body", None) is not None else ""
    if not body.strip():
        body = doc.text or ""
    if not body.strip():
        raise NoTextError("no main text found in the HTML")
    return Article(
        body=normalise_body(body),
        title=clean_value(doc.title or ""),
        source=clean_value(doc.sitename or doc.hostname or "web page"),
        date=clean_value(doc.date or ""),
        url=clean_value(doc.url or ""),
        source_path=clean_value(source_path),
    )


@lru_cache(maxsize=1)
def _trafilatura_config():
    """trafilatura's defaults, except the size below which it distrusts its
    main-text extraction and falls back to the whole page (navigation
    included): 250 characters is a short English article but a full Chinese
    news item. No date is guessed from the text (an unknown date stays empty)."""
    from trafilatura.settings import use_config

    config = use_config()
    config.set("DEFAULT", "min_extracted_size", "20")
    # Dates only from the page's own metadata and markup: the extensive
    # search reads numbers of the text as years (IPU-M2000 -> 2000-01-01).
    config.set("DEFAULT", "extensive_date_search", "off")
    return config


def _inline(el) -> str:
    """Text of an element with ``<lb/>`` as a line break and HTML whitespace collapsed."""
    parts: list[str] = []

    def walk(node) -> None:
        if node.text:
            parts.append(node.text)
        for child in node:
            if child.tag == "lb":
                parts.append("\x00")
            else:
                walk(child)
            if child.tail:
                parts.append(child.tail)

    walk(el)
    lines = (_BLOCK_SPACE.sub(" ", s).strip() for s in "".join(parts).split("\x00"))
    return "\n".join(s for s in lines if s)


def _render_body(body) -> str:
    blocks: list[str] = []
    for el in (body if body.tag == "body" else [body]):
        tag = el.tag
        if tag == "list":
            lines = [f"- {_inline(item)}" for item in el.iter("item") if _inline(item)]
            block = "\n".join(lines)
        elif tag == "table":
            rows = []
            for row in el.iter("row"):
                cells = [_inline(c).replace("\n", " ") for c in row.iter("cell")]
                if any(cells):
                    rows.append(" | ".join(cells))
            block = "\n".join(rows)
        elif tag == "code":
            code = "".join(el.itertext()).strip("\n")
            block = f"```\n{code}\n```" if code.strip() else ""
        else:  # head, p, quote and anything new
            block = _inline(el)
        if block.strip():
            blocks.append(block)
    return "\n\n".join(blocks)


# --- plain text ----------------------------------------------------------------

def text_to_article(text: str, source_path: str = "", default_source: str = "text") -> Article:
    """A plain-text or Markdown article; its own ``---`` header, if any, gives
    the metadata (title, source, date, url)."""
    meta, body = split_header(text)
    body = normalise_body(body)
    if not body.strip():
        raise NoTextError("no text")
    return Article(
        body=body,
        title=clean_value(meta.get("title", "")),
        source=clean_value(meta.get("source", "") or default_source),
        date=clean_value(meta.get("date", "")),
        url=clean_value(meta.get("url", "")),
        source_path=clean_value(source_path or meta.get("source_path", "")),
    )


def with_title(article: Article, fallback: str) -> Article:
    """The article with a title: its own, else its first line when that reads
    like a title (short, no sentence end), else ``fallback`` (the file name)."""
    if article.title:
        return article
    first = next((line.strip() for line in article.body.splitlines() if line.strip()), "")
    first = first.lstrip("#").strip()
    if first and len(first) <= 80 and first[-1] not in "。！？!?；;，,":
        return replace(article, title=clean_value(first))
    return replace(article, title=clean_value(fallback))


def clean_value(value: str) -> str:
    """A header value: one line, no control characters, length-limited.

    >>> clean_value("  A100\\n---\\ntitle: x\\x00 ")
    'A100 --- title: x'
    """
    value = "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in value)
    return " ".join(value.split())[:MAX_HEADER_VALUE]


def render_document(article: Article) -> str:
    """Header and body as stored in the corpus: the header is YAML front
    matter (``yaml.safe_load`` reads it back; the extractor skips it).

    >>> print(render_document(Article("正文。\\n", title="H100: 性能 #1", source="blog")), end="")
    ---
    title: 'H100: 性能 #1'
    source: blog
    sha256: 161e31179fd4e7a47f19924407074d259e2d6790f11ac19aef9bb02ba435f322
    ---
    正文。
    """
    import yaml

    values = {
        "title": article.title, "source": article.source, "date": article.date, "url": article.url,
        "source_path": article.source_path, "sha256": article.sha256,
    }
    header = {k: clean_value(v) for k, v in values.items() if clean_value(v)}
    block = yaml.safe_dump(header, allow_unicode=True, sort_keys=False, width=float("inf"),
                           default_flow_style=False)
    return "---\n" + block + "---\n" + normalise_body(article.body)


# --- names and duplicates ------------------------------------------------------

def slugify(text: str) -> str:
    """A file-name stem from a title or source name: letters, digits and CJK
    kept, everything else (slashes, dots, spaces...) a single ``-``; never
    empty, never starting with a dot, length-limited.

    The slug itself is python-slugify's (``allow_unicode``: NFKC, lower
    case, Chinese kept; thousands separators dropped, ``4,039`` -> ``4039``);
    HTML entities are left as text (trafilatura has decoded the page's) and
    underscores kept, as before. What the library does not do is added here:
    the byte limit of file names, no leading ``_``, never empty, no Windows
    device names.

    >>> slugify("../../etc/passwd"), slugify("NVIDIA发布H100 GPU！"), slugify("..."), slugify("CON")
    ('etc-passwd', 'nvidia发布h100-gpu', 'article', 'article-con')
    """
    from slugify import slugify as library_slugify

    slug = library_slugify(text, allow_unicode=True, entities=False, decimal=False, hexadecimal=False,
                           regex_pattern=_NOT_IN_SLUG).strip("-_")
    slug = slug[:MAX_SLUG_CHARS]
    while len(slug.encode("utf-8")) > MAX_SLUG_BYTES:
        slug = slug[:-1]
    slug = slug.strip("-_")
    if not slug:
        return "article"
    if slug in _WINDOWS_RESERVED:
        slug = f"article-{slug}"
    return slug


def unique_name(stem: str, taken: Iterable[str], suffix: str = ".txt") -> str:
    """``stem + suffix``, or with ``-2``, ``-3``... when that name is taken
    (compared case-insensitively, as some file systems do).

    >>> unique_name("h100", {"H100.txt", "h100-2.txt"})
    'h100-3.txt'
    """
    taken_lower = {t.lower() for t in taken}
    name = f"{stem}{suffix}"
    n = 1
    while name.lower() in taken_lower:
        n += 1
        name = f"{stem}-{n}{suffix}"
    return name


def document_name(article: Article, fallback: str, taken: Iterable[str]) -> str:
    """A safe, unused corpus file name for the article (from its title, else
    ``fallback``, the source's name)."""
    stem = slugify(article.title) if article.title else ""
    if stem == "article" or not stem:
        stem = slugify(fallback)
    return unique_name(stem, taken)


def known_hashes(documents: Mapping[str, str]) -> dict[str, str]:
    """``{sha256: doc}`` of corpus documents given as ``{doc: text}``: the
    hash of each body as it is now, whether or not it was ingested. The
    ``sha256`` a header declares is never trusted (a planted one would make
    a different article a "duplicate")."""
    known: dict[str, str] = {}
    for doc, text in sorted(documents.items()):
        _, body = split_header(text)
        known.setdefault(body_sha256(body), doc)
    return known


def duplicate_of(article: Article, known: Mapping[str, str]) -> str | None:
    """The corpus document that already holds this article's text, if any."""
    return known.get(article.sha256)
