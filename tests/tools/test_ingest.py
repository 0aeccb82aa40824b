"""Pure ingest logic: HTML to main text and metadata, normalisation and
hashing, the header, safe names, duplicates. Inputs written for these tests."""

import pytest

from extract import extract_claims
from extract.core.segment import body_start
from extract.tools.ingest import (
    Article,
    NoTextError,
    body_sha256,
    clean_value,
    document_name,
    duplicate_of,
    html_to_article,
    known_hashes,
    looks_like_html,
    normalise_body,
    render_document,
    slugify,
    split_header,
    text_to_article,
    unique_name,
    with_title,
)

PAGE = """<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8">
<title>寒武纪发布思元370芯片 - 科技新闻网</title>
<meta property="og:title" content="寒武纪发布思元370芯片">
<meta name="date" content="2021-11-03">
<link rel="canonical" href="https://news.example.com/a/370.html">
<link rel="stylesheet" href="https://cdn.example.com/site.css">
<script src="https://cdn.example.com/tracker.js"></script>
<script>var teaser = "脚本里的算力提升999倍";</script>
<style>.x{color:red}</style>
</head><body>
<nav><ul><li><a href="/">首页</a></li><li><a href="/ai">AI芯片</a></li><li><a href="/login">登录</a></li></ul></nav>
<div class="sidebar"><h3>热门文章</h3><ul><li><a href="/1">侧栏：某芯片性能提升100倍</a></li></ul></div>
<article>
<h1>寒武纪发布思元370芯片</h1>
<p>寒武纪今日发布第三代云端AI芯片思元370，采用7nm制程工艺。基于思元370的MLU370-X4加速卡，
在ResNet-50上的推理性能是T4的2.5倍，功耗为150W。</p>
<ul><li>支持LPDDR5内存，容量24GB</li><li>内存带宽307.2GB/s</li></ul>
<pre><code>print("代码里的速度提升7倍")</code></pre>
<p>寒武纪表示，新产品将于明年量产。<img src="https://img.example.com/chip.png"></p>
</article>
<footer>版权所有 © 2021 科技新闻网 | 联系我们 | 页脚：延迟降低88%</footer>
<script>console.log("页尾脚本：速度提升50%")</script>
</body></html>
"""


def test_html_to_article_keeps_main_text_and_metadata_only(no_network):
    article = html_to_article(PAGE, "in/page.html")
    assert (article.title, article.date, article.url, article.source, article.source_path) == (
        "寒武纪发布思元370芯片", "2021-11-03", "https://news.example.com/a/370.html", "news.example.com", "in/page.html")
    body = article.body
    assert "是T4的2.5倍" in body and "新产品将于明年量产" in body
    for boilerplate in ("首页", "登录", "热门文章", "侧栏", "版权所有", "页脚", "脚本里", "页尾脚本", "color:red"):
        assert boilerplate not in body, boilerplate
    # HTML whitespace collapsed, paragraphs blank-line separated, list items one paragraph, code fenced
    assert "MLU370-X4加速卡， 在ResNet-50" in body
    assert "- 支持LPDDR5内存，容量24GB\n- 内存带宽307.2GB/s" in body
    assert '```\nprint("代码里的速度提升7倍")\n```' in body
    claims = extract_claims(render_document(article), "page.txt")
    assert {(c.value, c.unit) for c in claims} >= {(2.5, "x"), (150.0, "W")}
    assert not {c.value for c in claims} & {999.0, 100.0, 88.0, 50.0, 7.0}


@pytest.mark.parametrize("html, body", [
    # shorter than trafilatura's default 250-character floor: without the lowered floor the nav comes along
    ("<html><body><nav><a href='/'>首页</a> | <a href='/n'>新闻</a></nav><article><h1>H100发布</h1>"
     "<p>H100的显存带宽为3.35TB/s。</p><p>功耗为700W。</p></article><footer>版权所有</footer></body></html>",
     "H100发布\n\nH100的显存带宽为3.35TB/s。\n\n功耗为700W。\n"),
    ("<html><body><div>只有一句话：H100的功耗为700W。</div></body></html>", "只有一句话：H100的功耗为700W。\n"),
    ("<html><body><table><tr><th>型号</th><th>功耗</th></tr><tr><td>H100</td><td>700W</td></tr></table>"
     "<p>表格之后的一段说明文字。</p></body></html>", "型号 | 功耗\nH100 | 700W\n\n表格之后的一段说明文字。\n"),
])
def test_short_pages_keep_only_the_article(html, body, no_network):
    assert html_to_article(html).body == body


@pytest.mark.parametrize("html", [
    "<html><body>  \n </body></html>",
    "<html><head><script>var a = 1;</script></head><body></body></html>",
])
def test_html_to_article_without_main_text_raises(html, no_network):
    with pytest.raises(NoTextError):
        html_to_article(html)


def test_html_with_xml_declaration_is_accepted(no_network):
    html = '<?xml version="1.0" encoding="gbk"?>\n' + PAGE
    assert "是T4的2.5倍" in html_to_article(html).body


@pytest.mark.parametrize("text, expected", [
    ("a\r\nb\rc", "a\nb\nc\n"),
    ("\ufeff标题\n\n\n\n正文 \t\n", "标题\n\n正文\n"),
    ("\n\n  \n正文", "正文\n"),
    ("", ""),
    ("  \n", ""),
    ("e\u0301", "\u00e9\n"),  # NFC
])
def test_normalise_body(text, expected):
    assert normalise_body(text) == expected
    assert normalise_body(expected) == expected


def test_body_sha256_ignores_line_ends_and_trailing_space_only():
    assert body_sha256("正文。\r\n第二段 \n") == body_sha256("正文。\n第二段\n")
    assert body_sha256("正文。") != body_sha256("正文!")


@pytest.mark.parametrize("text, meta, body", [
    ("---\ntitle: T\nsource: blog\ndate: 2024-01-02\n---\n正文", {"title": "T", "source": "blog", "date": "2024-01-02"}, "正文"),
    ("\ufeff---\ntitle: a: b\n---\n正文", {"title": "a: b"}, "正文"),
    ("正文\n---\n", {}, "正文\n---\n"),
])
def test_split_header(text, meta, body):
    assert split_header(text) == (meta, body)


@pytest.mark.parametrize("text, expected", [
    ("<!doctype html><html><body>x</body></html>", True),
    ("\n  <html><p>x</p></html>", True),
    ("H100 <b>很快</b>", False),
    ("<p>没有 html 标签的片段</p>", False),
])
def test_looks_like_html(text, expected):
    assert looks_like_html(text) is expected


def test_text_to_article_takes_metadata_from_its_own_header():
    a = text_to_article("---\ntitle: 旧标题\nsource: blog\nurl: https://x.example/1\n---\n\n正文。\n", "a.md")
    assert (a.title, a.source, a.url, a.source_path, a.body) == ("旧标题", "blog", "https://x.example/1", "a.md", "正文。\n")
    with pytest.raises(NoTextError):
        text_to_article("---\ntitle: 空\n---\n\n")


@pytest.mark.parametrize("body, expected", [
    ("H100评测\n\n正文。", "H100评测"),
    ("# Markdown 标题\n正文。", "Markdown 标题"),
    ("第一行就是一句话，H100很快。\n", "fallback"),
    ("x" * 81, "fallback"),
])
def test_with_title(body, expected):
    assert with_title(Article(body), "fallback").title == expected


@pytest.mark.parametrize("value, expected", [
    ("a\nb", "a b"),
    ("title\n---\nsha256: 0", "title --- sha256: 0"),
    ("x\x00y\u2028z", "x y z"),
    ("长" * 400, "长" * 300),
])
def test_clean_value_is_one_safe_line(value, expected):
    assert clean_value(value) == expected


def test_render_document_header_is_skipped_by_the_extractor_and_parsed_back():
    article = Article("H100的显存为80GB。\n", title="标题\n---\ninjected: 1", source="blog", date="2024-01-02",
                      url="https://x.example/a", source_path="../in/a.html")
    text = render_document(article)
    meta, body = split_header(text)
    assert body == article.body and text[body_start(text):] == article.body
    assert meta == {"title": "标题 --- injected: 1", "source": "blog", "date": "2024-01-02",
                    "url": "https://x.example/a", "source_path": "../in/a.html", "sha256": body_sha256(article.body)}
    assert [c.start for c in extract_claims(text, "a.txt")] == [text.index("H100的显存")]


@pytest.mark.parametrize("title, expected", [
    ("../../etc/passwd", "etc-passwd"),
    ("/etc/passwd", "etc-passwd"),
    ("C:\\Windows\\system32", "c-windows-system32"),
    ("..", "article"),
    (".bashrc", "bashrc"),
    ("", "article"),
    ("NUL", "article-nul"),
    ("NVIDIA发布H100 GPU！性能提升6倍", "nvidia发布h100-gpu-性能提升6倍"),
    ("ＩＰＵ—ＰＯＤ６４", "ipu-pod64"),
    ("a\x00b\nc", "a-b-c"),
    ("长" * 100, "长" * 50),      # 150 bytes of UTF-8
    ("x" * 100, "x" * 60),
    ("my_notes__v2", "my_notes__v2"),            # underscores kept, as before the library
    ("__x__", "x"),
    ("每秒4,039个token & A&amp;B", "每秒4039个token-a-amp-b"),   # the library's number clean-up; entities left
    ("İstanbul Straße", "i-stanbul-straße"),
])
def test_slugify_gives_safe_names(title, expected):
    slug = slugify(title)
    assert slug == expected
    assert "/" not in slug and "\\" not in slug and ".." not in slug and not slug.startswith(".")


@pytest.mark.parametrize("stem, taken, expected", [
    ("a", set(), "a.txt"),
    ("a", {"a.txt"}, "a-2.txt"),
    ("a", {"A.TXT", "a-2.txt"}, "a-3.txt"),
])
def test_unique_name(stem, taken, expected):
    assert unique_name(stem, taken) == expected


@pytest.mark.parametrize("title, fallback, expected", [
    ("../../etc/passwd", "x", "etc-passwd.txt"),
    ("", "/abs/path/name", "abs-path-name.txt"),
    ("...", "page", "page.txt"),
    ("H100", "page", "h100-2.txt"),
])
def test_document_name(title, fallback, expected):
    assert document_name(Article("x\n", title=title), fallback, {"h100.txt"}) == expected


def test_duplicates_are_found_by_header_hash_or_by_body():
    stored = render_document(Article("正文一。\n", title="一"))
    plain = "---\ntitle: 二\nsource: blog\n---\n正文二。\n"
    edited = stored.replace("正文一。", "正文一（改）。")  # header hash now stale: both hashes are known
    known = known_hashes({"one.txt": stored, "two.txt": plain, "three.txt": edited})
    assert duplicate_of(Article("正文一。\n"), known) == "one.txt"
    assert duplicate_of(text_to_article("正文二。\r\n"), known) == "two.txt"
    assert duplicate_of(Article("正文一（改）。\n"), known) == "three.txt"
    assert duplicate_of(Article("新的正文。\n"), known) is None
