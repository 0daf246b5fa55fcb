"""Every player-facing word of the project, in English, French and Japanese.

One translation function, :func:`translate` (and :func:`t`, which speaks the current
language), words every message of the bot, the engine's events, labels and reasons, card and
effect names, the rules and the text drawn on images. The catalogs are Project Fluent files,
``i18n/locales/<language>/*.ftl``, read by ``fluent.runtime``, which chooses plural forms and
formats numbers for the language (through Babel): a catalog never builds a plural by hand.

Keys are written with dots in code (``"lobby.status.open"``) and with dashes in the catalogs
(``lobby-status-open``), Fluent's identifier syntax. Integers are passed to Fluent as numbers
without digit grouping (game numbers and Discord ids stay whole) so plural selection still
works; a catalog asks for grouping or decimals with ``NUMBER()``.

A key missing from French or Japanese falls back to English (and ``tests/i18n/test_i18n.py`` fails);
a catalog file that does not parse raises :class:`CatalogError` naming the file and line.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from babel.numbers import format_decimal
from fluent.runtime import FluentBundle
from fluent.runtime.types import fluent_number
from fluent.syntax import FluentParser, ast

log = logging.getLogger(__name__)

#: The languages, in the order menus list them; the first is the default and the fallback.
LOCALES: tuple[str, ...] = ("en", "fr", "ja")
DEFAULT = "en"
#: Each language named in itself (menus show these, whatever the reader's language).
NATIVE_NAMES: dict[str, str] = {"en": "English", "fr": "Français", "ja": "日本語"}
#: Babel/CLDR locale of each language (plural rules, number formats).
_CLDR = {"en": "en-US", "fr": "fr", "ja": "ja"}
LOCALE_DIR = Path(__file__).resolve().parent / "locales"

_current: ContextVar[str] = ContextVar("hadara_locale", default=DEFAULT)


class CatalogError(ValueError):
    """A catalog file that does not parse, or defines a key twice."""


def normalise(tag: str | None) -> str | None:
    """Our language for a locale tag ("fr", "fr-CA", "ja", "en-GB" → "fr", "fr", "ja", "en"),
    or None for a language we do not speak (the caller falls back)."""
    if not tag:
        return None
    lang = str(tag).replace("_", "-").split("-", 1)[0].lower()
    return lang if lang in LOCALES else None


def fluent_id(key: str) -> str:
    """The catalog identifier of a code key ("lobby.status.open" → "lobby-status-open")."""
    return key.replace(".", "-")


@cache
def _resources(locale: str) -> tuple[tuple[Path, ast.Resource], ...]:
    folder = LOCALE_DIR / locale
    if not folder.is_dir():
        raise CatalogError(f"{folder}: no catalog for language {locale!r}")
    parser = FluentParser()
    out = []
    seen: dict[str, Path] = {}
    for path in sorted(folder.glob("*.ftl")):
        text = path.read_text(encoding="utf-8")
        resource = parser.parse(text)
        for entry in resource.body:
            if isinstance(entry, ast.Junk):
                line = text.count("\n", 0, entry.span.start if entry.span else 0) + 1
                note = entry.annotations[0].message if entry.annotations else "unreadable entry"
                raise CatalogError(f"{path}:{line}: {note}")
            if isinstance(entry, ast.Message):
                name = entry.id.name
                if name in seen:
                    raise CatalogError(f"{path}: {name} is already defined in {seen[name]}")
                seen[name] = path
        out.append((path, resource))
    return tuple(out)


@cache
def _bundle(locale: str) -> FluentBundle:
    bundle = FluentBundle([_CLDR[locale]], use_isolating=False)
    for _path, resource in _resources(locale):
        bundle.add_resource(resource)
    return bundle


def keys(locale: str = DEFAULT) -> dict[str, ast.Message]:
    """Every message of a language's catalog by catalog identifier (tests check them)."""
    return {e.id.name: e for _p, r in _resources(locale) for e in r.body
            if isinstance(e, ast.Message)}


def has(key: str, locale: str = DEFAULT) -> bool:
    return _bundle(locale).has_message(fluent_id(key))


def _arg(value: Any, locale: str) -> Any:
    if isinstance(value, list | tuple):  # a list of values: as a list of the language
        return join([str(v) for v in value], locale)
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return fluent_number(value, useGrouping=False)
    return value


def _format(locale: str, key: str, params: Mapping[str, Any]) -> tuple[str | None, list[Any]]:
    bundle = _bundle(locale)
    ident = fluent_id(key)
    if not bundle.has_message(ident):
        return None, []
    message = bundle.get_message(ident)
    if message.value is None:
        return None, []
    text, errors = bundle.format_pattern(message.value, {k: _arg(v, locale) for k, v in params.items()})
    return str(text), list(errors)


def translate(locale: str | None, key: str, /, **params: Any) -> str:
    """The text of ``key`` in ``locale`` with ``params`` filled in.

    An unknown language or a key missing from it falls back to English; a message that cannot
    be filled (a parameter missing) in French or Japanese also falls back, logged. English is
    the reference: a key or parameter missing there raises ``KeyError``.

    Kept (:data:`KEPT` texts): the catalogs never change while the process runs, and a page
    or a picture words the same few hundred things again and again (Fluent's number
    formatting is the slow part)."""
    try:
        memo = (locale, key, *sorted(params.items()))
        hash(memo)
    except TypeError:  # a list among the parameters: worded each time
        return _translate(locale, key, params)
    text = _KEPT.get(memo)
    if text is None:
        text = _translate(locale, key, params)
        if len(_KEPT) >= KEPT:
            with suppress(RuntimeError, StopIteration):  # another thread trimmed it first
                _KEPT.pop(next(iter(_KEPT)), None)
        _KEPT[memo] = text
    return text


#: Texts kept by :func:`translate`, oldest dropped first.
KEPT = 8192
_KEPT: dict[tuple[Any, ...], str] = {}


def _translate(locale: str | None, key: str, params: dict[str, Any]) -> str:
    lang = locale if locale in LOCALES else DEFAULT
    if lang != DEFAULT:
        text, errors = _format(lang, key, params)
        if text is not None and not errors:
            return text
        log.warning("catalog %s: %s %s; using English", lang, key,
                    errors or "is missing")
    text, errors = _format(DEFAULT, key, params)
    if text is None:
        raise KeyError(f"no message {key!r} in i18n/locales/{DEFAULT}")
    if errors:
        raise KeyError(f"message {key!r}: {errors[0]}")
    return text


def current() -> str:
    """The language being spoken in this task (set by :func:`speaking`)."""
    return _current.get()


def t(key: str, /, **params: Any) -> str:
    """:func:`translate` in the current language."""
    return translate(_current.get(), key, **params)


@contextmanager
def speaking(locale: str | None) -> Iterator[str]:
    """Speak ``locale`` (normalised; English if unknown) inside the block."""
    lang = normalise(locale) or DEFAULT
    token = _current.set(lang)
    try:
        yield lang
    finally:
        _current.reset(token)


def set_current(locale: str | None) -> str:
    """Speak ``locale`` for the rest of this task (an interaction's own task)."""
    lang = normalise(locale) or DEFAULT
    _current.set(lang)
    return lang


def tenths(value: float, locale: str | None = None) -> str:
    """``value`` with one decimal in the current (or given) language, rounded as the
    catalogs' ``NUMBER()`` rounds it (the decimal as written, half to even: -1.15 is -1.2;
    ``f"{-1.15:.1f}"`` says -1.1, the float being a hair above): a picture's number and the
    text beside it agree."""
    lang = normalise(locale) or _current.get()
    return str(format_decimal(Decimal(repr(float(value))), format="#,##0.0;-#,##0.0",
                              locale=lang))


def join(items: Iterator[str] | list[str] | tuple[str, ...], locale: str | None = None) -> str:
    """Items as a list in the current (or given) language: "a, b" / "a、b"."""
    return translate(locale or _current.get(), "list.sep").join(items)
