"""Every request the bot sends, checked against Discord's OpenAPI description.

``discord_api/openapi.json`` is Discord's own description of its HTTP API v10 (OpenAPI 3.1,
JSON Schema 2020-12), vendored with its provenance and licence (``discord_api/README.md``).
:class:`SchemaChecker` finds the operation of a request (its method and its path matched
against the description's path templates), then checks

* the path parameters and the query parameters against their schemas — as they travel, as
  text: a value is serialised as aiohttp would put it in the URL, then read back by the
  schema's type (a boolean as Discord reads it: ``True``/``true``/``1``, ``False``/
  ``false``/``0``, developers/reference.mdx, "Boolean Query Strings"); a query parameter the
  operation does not declare is reported apart (:attr:`Result.undeclared`), not a violation:
  OpenAPI does not close the set;
* the JSON body (or a multipart request's ``payload_json``) against the operation's
  ``requestBody`` schema, with the ``jsonschema`` library (Draft 2020-12) and a
  ``referencing`` registry holding the whole description, so every
  ``#/components/schemas/...`` resolves. ``format`` is an annotation, as JSON Schema 2020-12
  has it by default (``int32``, ``date-time``, ``uri``, ... are not asserted).

Where the description is stricter than Discord's documentation, :data:`WAIVERS` lets exactly
that case through, each with the documentation's words. Every other mismatch is a
:class:`Violation`: the route, a JSON pointer into the body (or ``/name`` of a parameter), the
offending value and the validator's message. Under ``oneOf``/``anyOf`` the violation comes
from the alternative the body meant — the branch whose ``type`` discriminator matches, else
the branch with the fewest errors, the deepest first — not the top-level "is not valid under
any of the given schemas".

Cost: the description is loaded once per process (:func:`checker`); a validator is compiled
per operation and media type when first needed, and results are memoised by (operation,
canonical JSON of the body) and (operation, parameter, value).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import jsonschema
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_DIR = Path(__file__).with_name("discord_api")
SPEC_PATH = SPEC_DIR / "openapi.json"
SPEC_URI = "urn:discord-api-spec:openapi.json"
#: Environment variable: "0"/"off" starts the strict layer with its "schema" switch off (to
#: measure what the check costs); a marker's ``schema=`` wins.
SCHEMA_VAR = "HADARA_STRICT_SCHEMA"

_METHODS = ("get", "put", "post", "patch", "delete", "head", "options")
#: results kept in each memo (the oldest forgotten first): bounded memory over a whole run
MEMO_LIMIT = 4096
_ABSENT: Any = object()


# ------------------------------------------------------------------------------ waivers


@dataclass(frozen=True)
class Waiver:
    """One case where the description is stricter than Discord's documentation."""

    name: str
    case: str  # exactly what is let through
    citation: str  # the documentation's words, and where


#: A snowflake given as a JSON integer. The description types every snowflake as a string
#: (``SnowflakeType``: ``{"type": "string", "pattern": "^(0|[1-9][0-9]*)$", "format":
#: "snowflake"}``); discord.py sends ids in request bodies as integers (an upload's
#: ``attachments[].id``, ``message_reference.message_id``, ``allowed_mentions.users``, ...).
#: Only a value of that exact schema (``format: snowflake``), only a non-negative integer
#: below 2**64, is let through; a negative or larger one, a float or a boolean is still a
#: violation, and so is a string not matching the pattern.
SNOWFLAKE_AS_INTEGER = Waiver(
    "snowflake-as-integer",
    "SnowflakeType (format: snowflake) given as a JSON integer 0 <= n < 2**64",
    'developers/reference.mdx, "Uploading Files": "The suffixed index `n` is the snowflake '
    'placeholder that can be used in the `attachments` field", and its example request body '
    'sends it as an integer: `"attachments": [{"id": 0, "description": "Image of a cute '
    'little cat", "filename": "myfilename.png"}, {"id": 1, ...}]`; "Snowflakes": "Snowflake '
    'IDs are up to 64 bits in size (e.g. a uint64)".')

#: The channel type GUILD_MEDIA (16). The description's ``ChannelTypes`` enumeration stops
#: at GUILD_FORUM (15); discord.py gives a ``discord.ForumChannel`` command option
#: ``channel_types: [15, 16]`` (forum and media channels). Only the value 16, only where the
#: schema is ``ChannelTypes``.
GUILD_MEDIA_CHANNEL_TYPE = Waiver(
    "guild-media-channel-type",
    "ChannelTypes given 16 (GUILD_MEDIA)",
    'developers/resources/channel.mdx, "Channel Types": "| GUILD_MEDIA | 16 | Channel that '
    'can only contain threads, similar to `GUILD_FORUM` channels |".')

WAIVERS: tuple[Waiver, ...] = (SNOWFLAKE_AS_INTEGER, GUILD_MEDIA_CHANNEL_TYPE)

#: Enumerations (``oneOf`` of ``const``) that the documentation extends: schema -> members.
_EXTRA_MEMBERS: dict[str, tuple[Waiver, tuple[Any, ...]]] = {
    "/components/schemas/ChannelTypes": (GUILD_MEDIA_CHANNEL_TYPE, (16,)),
}


def _snowflake_integer(instance: Any) -> bool:
    return type(instance) is int and 0 <= instance < 2**64


# ------------------------------------------------------------------------------ results


@dataclass(frozen=True)
class Violation:
    """One way a request breaks Discord's description."""

    route: str  # "METHOD /template" of the description (the request's path if unknown)
    operation: str  # the description's operationId ("" when no operation matched)
    where: str  # "operation", "path", "query" or "body"
    pointer: str  # a JSON pointer into the body, "/name" of a parameter, "" for the whole
    value: Any  # the offending value
    message: str  # the validator's message

    def __str__(self) -> str:
        text = _short(repr(self.value), 80)
        return f"{self.route} {self.where}{self.pointer or ''} = {text}: {self.message}"


@dataclass(frozen=True)
class Result:
    """The check of one request: its operation, the violations and the waivers used."""

    route: str
    operation: str
    violations: tuple[Violation, ...] = ()
    waived: tuple[tuple[str, Any], ...] = ()  # (waiver name, value) for each use
    #: query parameters the operation does not declare: (name, value). Not violations:
    #: OpenAPI does not close the set of query parameters (discord.py sends
    #: ``use_nested_fields=1`` with a forum post, which the description does not list)
    undeclared: tuple[tuple[str, Any], ...] = ()


@dataclass
class Stats:
    checks: int = 0
    body_hits: int = 0  # bodies answered from the memo
    body_misses: int = 0  # bodies validated
    validators: int = 0  # validators compiled


# ------------------------------------------------------------------------------ the operations


@dataclass(frozen=True)
class Operation:
    method: str
    template: str
    operation_id: str
    pointer: str  # JSON pointer of the operation object in the description
    segments: tuple[str | None, ...]  # None: a parameter
    names: tuple[str, ...]  # the parameters' names, in order
    #: name -> JSON pointer of its schema in the description
    path_params: Mapping[str, str] = field(hash=False)
    query_params: Mapping[str, tuple[str, bool]] = field(hash=False)  # name -> (pointer, required)
    body: Mapping[str, str] = field(hash=False)  # media type -> JSON pointer of its schema
    body_required: bool = False

    @property
    def route(self) -> str:
        return f"{self.method} {self.template}"


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def pointer_of(path: Iterable[Any]) -> str:
    return "".join(f"/{_escape(str(p))}" for p in path)


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _segments(path: str) -> list[str]:
    return path.strip("/").split("/")


class SchemaChecker:
    """Discord's description, its operations, and the check of a request against them."""

    def __init__(self, spec: Mapping[str, Any]) -> None:
        self.spec = spec
        resource = Resource.from_contents(spec, default_specification=DRAFT202012)
        self.registry: Registry[Any] = Registry().with_resource(SPEC_URI, resource)
        self.stats = Stats()
        self._by_shape: dict[tuple[str, int], list[Operation]] = {}
        for template, item in spec.get("paths", {}).items():
            shared = list(item.get("parameters") or [])
            for method in _METHODS:
                op = item.get(method)
                if op is not None:
                    self._add(template, method, op, shared)
        for ops in self._by_shape.values():  # literal segments beat parameters
            ops.sort(key=lambda o: [s is None for s in o.segments])
        self._validators: dict[str, Any] = {}
        self._shapes: dict[int, _Shape] = {}
        self._extra_members = {id(self._at(pointer)): extra
                               for pointer, extra in _EXTRA_MEMBERS.items()}
        self._validator_class = jsonschema.validators.extend(
            _BASE, validators={"type": _type, "oneOf": self._one_of, "anyOf": self._any_of})
        self._bodies: dict[tuple[str, str, str], tuple[tuple[Violation, ...],
                                                         tuple[tuple[str, Any], ...]]] = {}
        self._params: dict[tuple[str, str, str, str], tuple[Violation, ...]] = {}

    def _add(self, template: str, method: str, op: Mapping[str, Any],
             shared: list[Mapping[str, Any]]) -> None:
        segs = _segments(template)
        segments = tuple(None if s.startswith("{") and s.endswith("}") else s for s in segs)
        names = tuple(s[1:-1] for s in segs if s.startswith("{") and s.endswith("}"))
        pointer = f"/paths/{_escape(template)}/{method}"
        path_params: dict[str, str] = {}
        query: dict[str, tuple[str, bool]] = {}
        declared = [(f"/paths/{_escape(template)}/parameters/{i}", p)
                    for i, p in enumerate(shared)]
        declared += [(f"{pointer}/parameters/{i}", p)
                     for i, p in enumerate(op.get("parameters") or [])]
        for where, param in declared:
            if "$ref" in param:
                where = str(param["$ref"])[1:]
                param = self._deref(param)
            if param.get("in") == "path":
                path_params[param["name"]] = f"{where}/schema"
            elif param.get("in") == "query":
                query[param["name"]] = (f"{where}/schema", bool(param.get("required")))
        body: dict[str, str] = {}
        request_body = self._deref(op.get("requestBody") or {})
        for media in (request_body.get("content") or {}):
            body[media] = f"{pointer}/requestBody/content/{_escape(media)}/schema"
        operation = Operation(method.upper(), template, str(op.get("operationId", "")), pointer,
                              segments, names, path_params, query, body,
                              bool(request_body.get("required")))
        self._by_shape.setdefault((method.upper(), len(segments)), []).append(operation)

    def _at(self, pointer: str) -> Any:
        return self._deref({"$ref": f"#{pointer}"})

    def _deref(self, node: Any) -> Any:
        """A node of the description with its ``$ref`` (within the description) followed."""
        seen = 0
        while isinstance(node, Mapping) and "$ref" in node and seen < 32:
            ref = str(node["$ref"])
            if not ref.startswith("#/"):
                break
            target: Any = self.spec
            for part in ref[2:].split("/"):
                token = part.replace("~1", "/").replace("~0", "~")
                target = target[int(token)] if isinstance(target, list) else target[token]
            node = target
            seen += 1
        return node

    # -- lookup ---------------------------------------------------------------------------

    def operations(self) -> Iterator[Operation]:
        for ops in self._by_shape.values():
            yield from ops

    def operation(self, method: str, path: str) -> tuple[Operation, dict[str, str]] | None:
        """The operation for ``method`` and ``path`` (an API path like
        ``/channels/123/messages``) with its path parameters, or None."""
        segs = _segments(path)
        for op in self._by_shape.get((method.upper(), len(segs)), ()):
            values: list[str] = []
            for want, got in zip(op.segments, segs, strict=True):
                if want is None:
                    if not got:
                        break
                    values.append(unquote(got))
                elif want != got:
                    break
            else:
                return op, dict(zip(op.names, values, strict=True))
        return None

    def _template_for_other_method(self, path: str) -> str | None:
        segs = _segments(path)
        for (_, n), ops in self._by_shape.items():
            if n != len(segs):
                continue
            for op in ops:
                if all(w is None or w == g for w, g in zip(op.segments, segs, strict=True)):
                    return op.template
        return None

    # -- validators -----------------------------------------------------------------------

    def validator(self, pointer: str) -> Any:
        """The compiled validator of the schema at ``pointer`` in the description (cached)."""
        v = self._validators.get(pointer)
        if v is None:
            v = self._validators[pointer] = self._validator_class(
                {"$ref": f"{SPEC_URI}#{pointer}"}, registry=self.registry)
            self.stats.validators += 1
        return v

    # ``oneOf``/``anyOf`` as JSON Schema has them, skipping the alternatives an instance
    # cannot meet on sight: another JSON type than the alternative's ``type``, or another
    # ``type`` property than its discriminator's ``const``/``enum`` (the description's
    # components, callbacks and options are told apart by it). The result is the same; only
    # the alternatives that could hold are validated (most of the check's time otherwise).

    def _shape(self, branch: Any) -> _Shape:
        known = self._shapes.get(id(branch))
        if known is None:
            resolved = self._deref(branch)
            known = self._shapes[id(branch)] = _Shape(branch)  # keeps the branch alive
            if isinstance(resolved, Mapping):
                kind = resolved.get("type")
                if isinstance(kind, str):
                    known.types = frozenset((kind,))
                elif isinstance(kind, list):
                    known.types = frozenset(kind)
                tag = (resolved.get("properties") or {}).get("type")
                if isinstance(tag, Mapping):
                    if "const" in tag:
                        known.tags = (tag["const"],)
                    elif isinstance(tag.get("enum"), list):
                        known.tags = tuple(tag["enum"])
                if "const" in resolved and set(resolved) <= _CONST_ONLY:
                    known.const = (resolved["const"],)
                known.snowflake = resolved.get("format") == "snowflake"
        return known

    def _cannot(self, validator: Any, shape: _Shape, instance: Any) -> bool:
        if shape.types is not None and not any(validator.is_type(instance, t)
                                               for t in shape.types):
            return not (shape.snowflake and _snowflake_integer(instance))
        if shape.tags is not None and isinstance(instance, dict) and "type" in instance:
            tag = instance["type"]
            return not any(_same(tag, t) for t in shape.tags)
        return False

    def _alternatives(self, validator: Any, branches: list[Any], instance: Any,
                      one: bool) -> Iterator[ValidationError]:
        errors: list[ValidationError] = []
        valid = 0
        for index, branch in enumerate(branches):
            shape = self._shape(branch)
            if shape.const is not None:  # an enumeration's member: no error objects
                if not _same(instance, shape.const[0]):
                    continue
            elif self._cannot(validator, shape, instance):
                continue
            else:
                errs = list(validator.descend(instance, branch, schema_path=index))
                if errs:
                    errors += errs
                    continue
            valid += 1
            if not one or valid > 1:
                break
        if not valid:
            if not errors:  # no alternative could hold: every one's errors, to explain
                for index, branch in enumerate(branches):
                    errors += validator.descend(instance, branch, schema_path=index)
            yield ValidationError(f"{_short(repr(instance), 80)} is not valid under any of "
                                  "the given schemas", context=errors)
        elif one and valid > 1:
            yield ValidationError(f"{_short(repr(instance), 80)} is valid under more than one "
                                  "of the given schemas")

    def explained(self, errors: Iterable[ValidationError]) -> list[ValidationError]:
        """The errors worth reporting: under ``oneOf``/``anyOf``, those of the alternative
        the instance meant (recursively), not the top-level "not valid under any"; for an
        enumeration (every alternative a ``const``), one error naming the members."""
        out: list[ValidationError] = []
        for error in errors:
            if error.validator in ("oneOf", "anyOf") and error.context:
                shapes = [self._shape(b) for b in error.validator_value]
                if all(shape.const is not None for shape in shapes):
                    members = [shape.const[0] for shape in shapes if shape.const is not None]
                    error.message = f"{error.instance!r} is not one of {members}"
                    out.append(error)
                    continue
                branches: dict[int, list[ValidationError]] = {}
                for sub in error.context:
                    branches.setdefault(_branch_of(sub), []).append(sub)
                best = min(branches.values(), key=_rank)
                out += self.explained(best)
            else:
                out.append(error)
        return out

    def _one_of(self, validator: Any, branches: list[Any], instance: Any,
                schema: Any) -> Iterator[ValidationError]:
        extra = self._extra_members.get(id(schema))
        if extra is not None and any(_same(instance, m) for m in extra[1]):
            _WAIVED.append((extra[0].name, instance))
            return iter(())
        return self._alternatives(validator, branches, instance, one=True)

    def _any_of(self, validator: Any, branches: list[Any], instance: Any,
                schema: Any) -> Iterator[ValidationError]:
        return self._alternatives(validator, branches, instance, one=False)

    # -- the check ------------------------------------------------------------------------

    def check(self, method: str, path: str, *, params: Any = None, body: Any = _ABSENT,
              multipart: bool = False) -> Result:
        """Check one request: ``path`` without the ``/api/v10`` prefix nor the query string,
        ``params`` the query parameters as discord.py hands them to aiohttp, ``body`` the
        JSON body (or a multipart request's ``payload_json``; absent or None: no body)."""
        self.stats.checks += 1
        found = self.operation(method, path)
        if found is None:
            other = self._template_for_other_method(path)
            message = (f"no {method.upper()} operation on {other}" if other is not None
                       else "no operation matches this path")
            route = f"{method.upper()} {other or path}"
            return Result(route, "", (Violation(route, "", "operation", "", path, message),))
        op, values = found
        out: list[Violation] = []
        for name, value in values.items():
            where = op.path_params.get(name)
            if where is not None:
                out += self._param(op, "path", name, value, where)
        undeclared: list[tuple[str, Any]] = []
        out += self._query(op, params, undeclared)
        waived: tuple[tuple[str, Any], ...] = ()
        if body is not _ABSENT and body is not None:
            found_body = self._body(op, body, multipart)
            out += found_body[0]
            waived = found_body[1]
        elif op.body_required and method.upper() not in ("GET", "DELETE"):
            out.append(Violation(op.route, op.operation_id, "body", "", None,
                                 "the operation requires a body"))
        return Result(op.route, op.operation_id, tuple(out), waived, tuple(undeclared))

    def _query(self, op: Operation, params: Any,
               undeclared: list[tuple[str, Any]]) -> list[Violation]:
        given: dict[str, list[Any]] = {}
        if isinstance(params, Mapping):
            items: Iterable[tuple[Any, Any]] = params.items()
        elif params:
            items = list(params)
        else:
            items = ()
        for name, value in items:
            given.setdefault(str(name), []).append(value)
        out: list[Violation] = []
        for name, values in given.items():
            declared = op.query_params.get(name)
            if declared is None:
                undeclared += [(name, v) for v in values]
                continue
            where = declared[0]
            if self._kind(self._at(where)) == "array":
                out += self._param(op, "query", name, [_wire(v) for v in values], where)
            else:
                for v in values:
                    out += self._param(op, "query", name, _wire(v), where)
        for name, (_, required) in op.query_params.items():
            if required and name not in given:
                out.append(Violation(op.route, op.operation_id, "query", f"/{name}", None,
                                     f"the query parameter {name!r} is required"))
        return out

    def _kind(self, schema: Any) -> str:
        """The JSON type a parameter's text is read as: its schema's (first) type."""
        schema = self._deref(schema)
        if not isinstance(schema, Mapping):
            return "string"
        kind = schema.get("type")
        if isinstance(kind, list):
            kinds = [k for k in kind if k != "null"]
            kind = kinds[0] if kinds else None
        if isinstance(kind, str):
            return kind
        for key in ("allOf", "oneOf", "anyOf"):
            for sub in schema.get(key) or ():
                k = self._kind(sub)
                if k != "string":
                    return k
        return "string"

    def _param(self, op: Operation, where: str, name: str, text: Any,
               pointer: str) -> tuple[Violation, ...]:
        key = (op.route, where, name, json.dumps(text))
        cached = self._params.get(key)
        if cached is not None:
            return cached
        schema = self._at(pointer)
        kind = self._kind(schema)
        if isinstance(text, list):
            item_kind = self._kind(self._deref(schema).get("items", {}))
            value: Any = [_read(t, item_kind) for t in text]
        else:
            value = _read(text, kind)
        v = self.validator(pointer)
        found = tuple(Violation(op.route, op.operation_id, where, f"/{name}", e.instance,
                                _message(e))
                      for e in self.explained(v.iter_errors(value)))
        _remember(self._params, key, found)
        return found

    def _body(self, op: Operation, body: Any, multipart: bool) -> tuple[
            tuple[Violation, ...], tuple[tuple[str, Any], ...]]:
        media = "multipart/form-data" if multipart else "application/json"
        pointer = op.body.get(media) or op.body.get("application/json")
        if pointer is None:
            if not op.body:
                return (Violation(op.route, op.operation_id, "body", "", _short(repr(body), 80),
                                  f"{op.operation_id} takes no body"),), ()
            pointer = next(iter(op.body.values()))
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                               default=repr)
        key = (op.route, pointer, canonical)
        cached = self._bodies.get(key)
        if cached is not None:
            self.stats.body_hits += 1
            return cached
        self.stats.body_misses += 1
        validator = self.validator(pointer)
        _WAIVED.clear()
        errors = list(validator.iter_errors(body))
        waived = tuple(_WAIVED)
        _WAIVED.clear()
        found = tuple(
            Violation(op.route, op.operation_id, "body", pointer_of(e.absolute_path), e.instance,
                      _message(e))
            for e in self.explained(errors))
        result = (found, waived)
        _remember(self._bodies, key, result)
        return result


# ------------------------------------------------------------------------------ the validator

#: Waivers applied during the current validation: (waiver name, value). (Inside a
#: ``oneOf``/``anyOf``, an alternative that was tried counts too.)
_WAIVED: list[tuple[str, Any]] = []
_BASE = jsonschema.Draft202012Validator


def _type(validator: Any, types: Any, instance: Any, schema: Mapping[str, Any]) -> Iterator[
        ValidationError]:
    """``type``, with :data:`SNOWFLAKE_AS_INTEGER`: exactly a non-negative integer below
    2**64 where the schema is the description's snowflake (``format: snowflake``)."""
    if schema.get("format") == "snowflake" and _snowflake_integer(instance):
        _WAIVED.append((SNOWFLAKE_AS_INTEGER.name, instance))
        return
    yield from _BASE.VALIDATORS["type"](validator, types, instance, schema)


_CONST_ONLY = frozenset({"const", "title", "description"})


@dataclass
class _Shape:
    """What an alternative of a ``oneOf``/``anyOf`` allows on sight."""

    branch: Any
    types: frozenset[str] | None = None  # its JSON types
    tags: tuple[Any, ...] | None = None  # its ``type`` property's const/enum
    const: tuple[Any] | None = None  # an enumeration's member: (value,)
    snowflake: bool = False  # the description's snowflake (format: snowflake)


def _remember(memo: dict[Any, Any], key: Any, value: Any) -> None:
    if len(memo) >= MEMO_LIMIT:
        del memo[next(iter(memo))]
    memo[key] = value


def _same(a: Any, b: Any) -> bool:
    """JSON equality of two scalars (a boolean is not a number)."""
    return isinstance(a, bool) is isinstance(b, bool) and a == b


def _branch_of(error: ValidationError) -> int:
    path = list(error.relative_schema_path)
    return int(path[0]) if path and isinstance(path[0], int) else -1


def _rank(errors: list[ValidationError]) -> tuple[int, int, int, int, int]:
    """Lower is likelier the alternative meant: its ``type`` discriminator matches, it is
    not the ``null`` of a nullable value, the instance has its type, fewest errors, deepest
    first."""
    discriminator = any(
        list(e.relative_path) == ["type"] and e.validator in ("const", "enum")
        for e in errors)
    null = all(isinstance(e.schema, Mapping) and e.schema.get("type") == "null"
               for e in errors)
    wrong_type = any(not e.relative_path and e.validator == "type" for e in errors)
    depth = max((len(e.relative_path) for e in errors), default=0)
    return (int(discriminator), int(null), int(wrong_type), len(errors), -depth)


def _message(error: ValidationError) -> str:
    """The validator's message, with a long value cut short (or measured)."""
    kind, limit, instance = error.validator, error.validator_value, error.instance
    if kind in ("maxLength", "minLength") and isinstance(instance, str):
        return f"{len(instance)} characters; {kind} {limit}"
    if kind in ("maxItems", "minItems") and isinstance(instance, list):
        return f"{len(instance)} items; {kind} {limit}"
    if kind in ("maxProperties", "minProperties") and isinstance(instance, dict):
        return f"{len(instance)} properties; {kind} {limit}"
    message = error.message
    text = repr(instance)
    if len(text) > 60:
        message = message.replace(text, _short(text, 60))
    return _short(message, 300)


def _wire(value: Any) -> str:
    """A query value as aiohttp/yarl puts it in the URL."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_INTEGER = re.compile(r"-?(0|[1-9][0-9]*)\Z")
_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?\Z")
_TRUE = frozenset({"True", "true", "1"})  # developers/reference.mdx, "Boolean Query Strings"
_FALSE = frozenset({"False", "false", "0"})


def _read(text: Any, kind: str) -> Any:
    """A parameter's text read as its schema's type (left as text when it is not one)."""
    if not isinstance(text, str):
        return text
    if kind == "integer" and _INTEGER.match(text):
        return int(text)
    if kind == "number" and _NUMBER.match(text):
        return float(text)
    if kind == "boolean":
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
    return text


# ------------------------------------------------------------------------------ loading


@cache
def checker() -> SchemaChecker:
    """The process's checker over the vendored description (loaded once)."""
    with SPEC_PATH.open(encoding="utf-8") as f:
        return SchemaChecker(json.load(f))
