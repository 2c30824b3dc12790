#!/usr/bin/env python3
"""The request-side gate's checker: openapi-core reads EndpointKit's requests back.

For one OpenAPI description: runs `routegen-requests` (the request EndpointKit builds for each
operation's route from sample arguments, one JSON line each), then, with openapi-core (PyPI,
0.23.1), finds each request's operation by its URL and unmarshals its path, query, header and
cookie parameters against the ORIGINAL description, and compares them with the arguments the
request was built from. An operation passes when every argument comes back equal, nothing the
operation requires is missing, and the body's media type is one the operation accepts. What
openapi-core says about the body's content is listed apart and not counted: the body is the
sample of the imported model, whose schema checks belong to the response-side gate's kind of
test, not to how EndpointKit sends parameters.

What the checker does for openapi-core, and why (docs/reliability.md, "The request-side gate"):
- servers: the gate ignores them; the description's servers (root, path and operation level)
  become the one base URL every request is built on, `https://gate.routegen.test` plus the
  path of the description's first server.
- security: not checked (the credential is the client's, added after `urlRequest`); the
  parameters and body unmarshallers are called, not `unmarshal_request`, which stops at a
  missing credential before reading any parameter.
- header parameters named Accept, Content-Type or Authorization are removed from the
  description, as OpenAPI says they SHALL be ignored (openapi-core reads them).
- path parameters' `pattern`, lengths and example are passed to routegen-requests, which a
  route file does not carry: the samples are values the description allows, as an app's
  identifiers are (`AC` and 32 hex digits for a Twilio account).
- path values: openapi-core's regex takes them from the URL still percent-encoded; the checker
  decodes each, and also files it under `.name`, `;name` (with `*` when exploded), the keys
  openapi-core's label and matrix deserializers look for (they are never set otherwise).
- query: `parse_qsl`, decoded, into a multi-dict; a spaceDelimited value gets its spaces back
  as `%20`, which openapi-core splits on. Cookies: the `Cookie` header's pairs, each value
  percent-decoded (OpenAPI's `form` style percent-encodes).
- a form-exploded object (`style: form`, `explode: true`, OpenAPI's default for an object in
  the query) is sent as its own `key=value` pairs, which openapi-core 0.23 does not read: the
  checker reads it as the query pairs no other parameter of the operation declares.
- an exploded form object of named properties is imported as one query parameter per
  property: each is read back from the query pairs, and openapi-core's complaint that the
  object is missing is not counted when its fields were sent.
- two templates of one shape (`/auth/{aws_mount}/login`, `/auth/{ldap_mount}/login`): no URL
  tells them apart and openapi-core takes the first; the values are read with the operation's
  own template. A variant's own query (`?beta=true`) is a parameter the importer made of it.
- an operation whose path is a variant of another (`/files/{id}#get_shared_link`,
  `/responses?beta=true`) is one route with it (the importer merges them): the variant is
  checked against the same request, its operation given to openapi-core directly, since no URL
  can address it; arguments declared only by its sibling operations are not counted against it.

usage: request_gate.py --tool ROUTEGEN_REQUESTS [--name NAME] [--min PERCENT] DESCRIPTION
Prints `request-gate: NAME: N of M operations (P %)`, each failure, and the body notes; exits 1
when the share is below --min (default 99), 2 when the description cannot be checked at all.
"""

import argparse
import base64
import datetime
import decimal
import json
import os
import re
import subprocess
import time
import sys
import tempfile
import urllib.parse
import uuid

import yaml
from jsonschema_path import SchemaPath
from openapi_schema_validator import oas30_format_checker, oas31_format_checker
from werkzeug.datastructures import Headers, ImmutableMultiDict

from openapi_core.datatypes import RequestParameters
from openapi_core.templating.paths.finders import APICallPathFinder
from openapi_core.testing import MockRequest
from openapi_core.unmarshalling.schemas import (
    oas30_write_schema_unmarshallers_factory,
    oas31_schema_unmarshallers_factory,
)
from openapi_core.unmarshalling.request.unmarshallers import (
    V30RequestBodyUnmarshaller,
    V30RequestParametersUnmarshaller,
    V31RequestBodyUnmarshaller,
    V31RequestParametersUnmarshaller,
)

GATE_HOST = "https://gate.routegen.test"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
IGNORED_HEADERS = {"accept", "content-type", "authorization"}
PLACES = ("path", "query", "header", "cookie")


def load(path):
    """The description as plain data."""
    with open(path, encoding="utf-8") as file:
        text = file.read()
    if path.endswith(".json"):
        return json.loads(text)
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def resolve(document, node):
    """A local `$ref` followed (a few levels), else the node itself."""
    for _ in range(16):
        if not (isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/")):
            return node
        target = document
        for token in node["$ref"][2:].split("/"):
            token = token.replace("~1", "/").replace("~0", "~")
            target = target.get(token) if isinstance(target, dict) else None
        node = target
    return node


def base_url(document):
    """The gate's host and the path of the description's first server, variables at their defaults."""
    servers = document.get("servers") or []
    if not servers or not isinstance(servers[0], dict):
        return GATE_HOST
    url = servers[0].get("url") or ""
    for name, variable in (servers[0].get("variables") or {}).items():
        url = url.replace("{" + name + "}", str((variable or {}).get("default", "")))
    path = urllib.parse.urlsplit(url).path.rstrip("/")
    return GATE_HOST + path


def prepared(document, base):
    """The description as openapi-core reads it here: one server, the ignored headers left out."""
    document = dict(document)
    document["servers"] = [{"url": base}]
    paths = {}
    for template, item in (document.get("paths") or {}).items():
        item = dict(resolve(document, item) or {})
        item.pop("servers", None)
        item["parameters"] = kept_parameters(document, item.get("parameters"))
        for method in METHODS:
            if isinstance(item.get(method), dict):
                operation = dict(item[method])
                operation.pop("servers", None)
                operation["parameters"] = kept_parameters(document, operation.get("parameters"))
                item[method] = operation
        paths[template] = item
    document["paths"] = paths
    return document


def kept_parameters(document, parameters):
    """The parameters but a header named Accept, Content-Type or Authorization; a nullable
    `anyOf`/`oneOf` schema (`[X, {type: null}]`) as its `X`, which openapi-core deserializes by
    its `type` and cannot split into an array or read as an object otherwise."""
    kept = []
    for parameter in parameters or []:
        resolved = resolve(document, parameter) or {}
        if resolved.get("in") == "header" and str(resolved.get("name", "")).lower() in IGNORED_HEADERS:
            continue
        schema = resolve(document, resolved.get("schema")) or {}
        present = non_null_member(document, schema)
        if present is not None:
            parameter = dict(resolved)
            parameter["schema"] = present
        kept.append(parameter)
    return kept


def non_null_member(document, schema):
    """The one schema of `anyOf`/`oneOf: [X, {type: null}]` that is not null; None otherwise."""
    members = schema.get("anyOf") or schema.get("oneOf") or []
    if len(members) != 2:
        return None
    present = [member for member in members if (resolve(document, member) or {}).get("type") != "null"]
    return present[0] if len(present) == 1 else None


def base_template(template):
    """A path without the `#fragment` or `?query` that makes it a variant of another."""
    return re.split(r"[#?]", template, maxsplit=1)[0]


def shape(template):
    """The path with parameter names erased: how a route's path meets the description's."""
    return re.sub(r"\{[^}]*\}", "{}", template)


class Operation:
    """One operation of the description, with what the checker needs to know of it."""

    def __init__(self, document, template, method, item, operation):
        self.document = document
        self.template = template
        self.method = method.upper()
        self.name = operation.get("operationId") or f"{self.method} {template}"
        self.is_variant = base_template(template) != template
        # `/responses?beta=true`: the importer makes a query parameter of the path's own query.
        query = template.partition("?")[2].partition("#")[0]
        self.template_query = {("query", name) for name, _ in urllib.parse.parse_qsl(query, keep_blank_values=True)}
        self.key = (self.method, shape(base_template(template)))
        self.parameters = {}
        for parameter in list(operation.get("parameters") or []) + list(item.get("parameters") or []):
            parameter = resolve(document, parameter) or {}
            key = (parameter.get("in"), parameter_key(parameter.get("in"), parameter.get("name")))
            self.parameters.setdefault(key, parameter)
        body = resolve(document, operation.get("requestBody"))
        self.body_types = list((body or {}).get("content") or {}) if body else None
        self.body_required = bool((body or {}).get("required"))


def parameter_key(place, name):
    """A parameter's name as compared: header names case-insensitively."""
    return str(name).lower() if place == "header" else str(name)


def operations(document):
    """Every operation of the description, in document order."""
    found = []
    for template, item in (document.get("paths") or {}).items():
        item = resolve(document, item) or {}
        for method in METHODS:
            if isinstance(item.get(method), dict):
                found.append(Operation(document, template, method, item, item[method]))
    return found


class Checker:
    """openapi-core's parameter and body unmarshallers on one description."""

    def __init__(self, document, base):
        self.document = document
        self.base = base
        self.spec = SchemaPath.from_dict(prepared(document, base))
        is31 = str(document.get("openapi", "")).startswith("3.1")
        known = set((oas31_format_checker if is31 else oas30_format_checker).checkers)
        known |= set((oas31_schema_unmarshallers_factory if is31 else oas30_write_schema_unmarshallers_factory).format_unmarshallers)
        # openapi-core refuses a format it does not know (its issue #515); JSON Schema ignores one.
        unknown = {name: (lambda value: value) for name in formats(document) - known}
        options = {"extra_format_unmarshallers": unknown}
        self.parameters = (V31RequestParametersUnmarshaller if is31 else V30RequestParametersUnmarshaller)(self.spec, **options)
        self.bodies = (V31RequestBodyUnmarshaller if is31 else V30RequestBodyUnmarshaller)(self.spec, **options)
        self.finder = APICallPathFinder(self.spec)
        self.path_items = dict((self.spec / "paths").str_items())

    def check(self, record, operation, siblings):
        """The problems that fail the operation, and the notes on its body (not counted)."""
        if record.get("error"):
            return [f"EndpointKit refused to build the request: {record['error']}"], []
        url = urllib.parse.urlsplit(record["url"])
        if not url.path:
            # The base URL itself (`GET /` on a base without a path): HTTP sends it as `/`.
            url = url._replace(path="/")
        path_item, spec_operation, variables, problems = self.locate(record, operation, url)
        if problems:
            return problems, []
        request = self.request(record, operation, url, variables)
        result = self.parameters._unmarshal_parameters(request, spec_operation, path_item)
        pairs = urllib.parse.parse_qsl(url.query, keep_blank_values=True)
        problems = compare(record, operation, siblings, result, pairs)
        body_problems, notes = self.check_body(record, operation, request, spec_operation, path_item)
        return problems + body_problems, notes

    def locate(self, record, operation, url):
        """The path item, operation and raw path values for the request; problems when
        openapi-core finds no operation or another one for its URL."""
        path_item = self.path_items[operation.template]
        spec_operation = path_item / operation.method.lower()
        if operation.is_variant:
            # No URL addresses a variant: its values are read with its base path's template.
            variables = match_template(base_template(operation.template), url.path, urllib.parse.urlsplit(self.base).path)
            if variables is None:
                return None, None, None, [f"the URL path {url.path} does not match {operation.template}"]
            return path_item, spec_operation, variables, []
        try:
            found = self.finder.find(operation.method.lower(), f"{url.scheme}://{url.netloc}{url.path}")
        except Exception as error:  # openapi-core's PathError and its kinds
            return None, None, None, [f"openapi-core finds no operation for {operation.method} {url.path}: {error}"]
        if found.path_result.pattern != operation.template:
            if shape(found.path_result.pattern) != shape(operation.template):
                return None, None, None, [f"openapi-core matches {url.path} to {found.path_result.pattern}, not {operation.template}"]
            # Two templates of one shape (`/auth/{aws_mount}/login`, `/auth/{ldap_mount}/login`):
            # no URL tells them apart, so the values are read with the operation's own template.
            variables = match_template(operation.template, url.path, urllib.parse.urlsplit(self.base).path)
            if variables is None:
                return None, None, None, [f"the URL path {url.path} does not match {operation.template}"]
            return path_item, spec_operation, variables, []
        return path_item, spec_operation, dict(found.path_result.variables or {}), []

    def request(self, record, operation, url, variables):
        """The openapi-core request: decoded path values, query pairs, headers, cookies and body."""
        path = {}
        for name, raw in variables.items():
            value = urllib.parse.unquote(raw)
            path[name] = value
            declared = operation.parameters.get(("path", name)) or {}
            style, explode = declared.get("style"), declared.get("explode", False)
            if style in ("label", "matrix"):
                # openapi-core's label and matrix deserializers read these keys, never set otherwise.
                path[("." if style == "label" else ";") + name + ("*" if explode else "")] = value
        pairs = urllib.parse.parse_qsl(url.query, keep_blank_values=True)
        spaced = {name for (place, name), parameter in operation.parameters.items() if place == "query" and parameter.get("style") == "spaceDelimited"}
        pairs = [(name, value.replace(" ", "%20") if name in spaced else value) for name, value in pairs]
        headers = record.get("headers") or {}
        cookies = [(name.strip(), urllib.parse.unquote(value)) for name, _, value in
                   (pair.partition("=") for pair in headers.get("Cookie", "").split(";") if pair.strip())]
        body = base64.b64decode(record["bodyBase64"]) if record.get("bodyBase64") else None
        request = MockRequest(GATE_HOST, operation.method, url.path, headers=headers,
                              data=body, content_type=record.get("bodyMediaType") or "application/json")
        request.parameters = RequestParameters(path=path, query=ImmutableMultiDict(pairs),
                                               header=Headers(list(headers.items())), cookie=ImmutableMultiDict(cookies))
        return request

    def check_body(self, record, operation, request, spec_operation, path_item):
        """A body problem (none sent where one is required, a media type the operation does not
        accept) and openapi-core's notes on an accepted body's content."""
        media_type = record.get("bodyMediaType")
        declared = operation.body_types
        if media_type is None:
            if declared is not None and operation.body_required:
                return [f"sends no body; the operation requires one ({', '.join(declared)})"], []
            return [], []
        if declared is None:
            return [f"sends a body ({media_type}); the operation declares none"], []
        if not accepts(declared, media_type):
            return [f"sends the body as {media_type}; the operation accepts {', '.join(declared)}"], []
        try:
            result = self.bodies._unmarshal_body(request, spec_operation, path_item)
        except Exception as error:  # openapi-core failing on a body's content is a note like its complaints
            return [], [f"openapi-core failed on the body: {type(error).__name__}: {error}"]
        return [], [message(error) for error in result.errors]


def formats(node):
    """Every `format` a schema of the description names."""
    found, stack = set(), [node]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("format"), str):
                found.add(node["format"])
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return found


def match_template(template, path, base_path):
    """The raw values of `template`'s parameters in `path` below `base_path`; None when it does not match."""
    names = re.findall(r"\{([^}]*)\}", template)
    pattern = "([^/]*)".join(re.escape(piece) for piece in re.split(r"\{[^}]*\}", template))
    found = re.fullmatch(re.escape(base_path) + pattern, path)
    return dict(zip(names, found.groups())) if found else None


def accepts(declared, media_type):
    """Whether `media_type` (parameters aside) is one of `declared`, wildcards included."""
    base = media_type.split(";")[0].strip().lower()
    for candidate in declared:
        candidate = candidate.split(";")[0].strip().lower()
        if candidate in (base, "*/*") or (candidate.endswith("/*") and base.startswith(candidate[:-1])):
            return True
    return False


def message(error):
    """openapi-core's message for an error, with its cause and the first schema error."""
    text = str(error)
    cause = error.__cause__
    if cause is not None:
        text += f": {cause}"
        schema_errors = getattr(cause, "schema_errors", None) or []
        if schema_errors:
            text += f" ({schema_errors[0].message})"
    return text.replace("\n", " ")[:400]


def compare(record, operation, siblings, result, pairs):
    """The arguments that do not come back equal, and what openapi-core refused; `pairs` are the
    request's decoded query pairs."""
    problems = []
    errors = {}
    for error in result.errors:
        place, name = getattr(error, "location", None), getattr(error, "name", None)
        errors.setdefault((place, parameter_key(place, name)), []).append(message(error))
    read = result.parameters
    reported = set()
    covered = set()
    for place in PLACES:
        for name, sent in (record.get("arguments") or {}).get(place, {}).items():
            key = (place, parameter_key(place, name))
            reported.add(key)
            declared = operation.parameters.get(key)
            if declared is None:
                if key in operation.template_query:
                    continue
                owner = spread_owner(operation, name) if place == "query" else None
                if owner is not None:
                    # A field of an exploded form object, imported as a parameter of its own.
                    covered.add(("query", owner.get("name")))
                    values = [value for pair_name, value in pairs if pair_name == name]
                    read_value = values[0] if len(values) == 1 else values
                    as_text = isinstance(sent, bool) and read_value == str(sent).lower()
                    if not as_text and not same(sent, read_value):
                        problems.append(f"query '{name}' (a field of '{owner.get('name')}'): sent {shown(sent)}, read back {read_value!r}")
                    continue
                if not any(key in sibling.parameters or key in sibling.template_query for sibling in siblings):
                    problems.append(f"{place} '{name}' is sent, but the operation declares no such parameter")
                continue
            values = getattr(read, place) if read is not None else {}
            if place == "query" and declared.get("name") not in values and is_spread(operation, declared):
                values = {declared.get("name"): spread_pairs(operation, pairs)}
            if declared.get("name") not in values:
                why = "; ".join(errors.get(key, [])) or "openapi-core does not read it"
                problems.append(f"{place} '{name}': sent {shown(sent)}, not read back: {why}")
            elif not same(sent, values[declared.get("name")]):
                problems.append(f"{place} '{name}': sent {shown(sent)}, read back {values[declared.get('name')]!r}")
    for key, messages in errors.items():
        if key not in reported and key not in covered:
            problems.append(f"{key[0]} '{key[1]}': {'; '.join(messages)}")
    return problems


def is_spread(operation, declared):
    """Whether a query parameter is a form-exploded object: sent as its own `key=value` pairs."""
    schema = resolve(operation.document, declared.get("schema")) or {}
    # `anyOf: [{type: object, ...}, {type: null}]`, 3.1's nullable object, is the object.
    members = [resolve(operation.document, member) or {} for member in (schema.get("anyOf") or schema.get("oneOf") or [])]
    objects = [member for member in members if member.get("type") == "object"]
    if len(objects) == 1 and all(member is objects[0] or member.get("type") == "null" for member in members):
        schema = objects[0]
    kind = schema.get("type")
    is_object = kind == "object" or (isinstance(kind, list) and "object" in kind) or ("additionalProperties" in schema and not kind)
    return is_object and declared.get("style", "form") == "form" and declared.get("explode", True)


def spread_owner(operation, name):
    """The exploded form object parameter of the operation that has a property `name`; None when none has."""
    for (place, _), declared in operation.parameters.items():
        if place == "query" and is_spread(operation, declared):
            schema = resolve(operation.document, declared.get("schema")) or {}
            if name in object_properties(operation.document, schema):
                return declared
    return None


def object_properties(document, schema):
    """The property names of an object schema, its `allOf` parts' too."""
    names = set((schema.get("properties") or {}).keys())
    for part in schema.get("allOf") or []:
        names |= object_properties(document, resolve(document, part) or {})
    return names


def spread_pairs(operation, pairs):
    """The query pairs no declared query parameter of the operation names: a spread object's."""
    named = {name for place, name in operation.parameters if place == "query"}
    return {name: value for name, value in pairs if name not in named}


def shown(value):
    """A sample as JSON text."""
    return json.dumps(value, ensure_ascii=False)


def same(sent, read):
    """Whether a sample and what openapi-core read back are one value, across the Python types
    openapi-core makes of formats (datetimes, dates, UUIDs, bytes, decimals)."""
    if isinstance(read, (list, tuple)):
        return isinstance(sent, list) and len(sent) == len(read) and all(same(a, b) for a, b in zip(sent, read))
    if isinstance(read, dict):
        return isinstance(sent, dict) and set(sent) == set(read) and all(same(sent[key], read[key]) for key in sent)
    if isinstance(read, bool) or isinstance(sent, bool):
        return isinstance(read, bool) and read == sent if isinstance(sent, bool) else str(read).lower() == str(sent).lower()
    if isinstance(read, datetime.datetime):
        return isinstance(sent, str) and parsed_datetime(sent) == read
    if isinstance(read, (datetime.date, datetime.time)):
        return isinstance(sent, str) and (read.isoformat() == sent or read.isoformat() == sent.replace("Z", "+00:00"))
    if isinstance(read, uuid.UUID):
        return isinstance(sent, str) and uuid.UUID(sent) == read
    if isinstance(read, bytes):
        return isinstance(sent, str) and (sent.encode() == read or base64.b64encode(read).decode() == sent)
    if isinstance(read, (int, float, decimal.Decimal)):
        try:
            return float(sent) == float(read)
        except (TypeError, ValueError):
            return False
    if isinstance(read, str) and isinstance(sent, list):
        # The operation takes one text where the route sends a list joined by `,`: one wire text.
        return read == ",".join(element if isinstance(element, str) else json.dumps(element) for element in sent)
    if isinstance(read, str) and not isinstance(sent, str):
        return read == json.dumps(sent) or read == str(sent)
    return sent == read


def parsed_datetime(text):
    """An RFC 3339 text as a datetime; None when it is none."""
    try:
        return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None


def path_constraints(document):
    """What each operation's path parameters allow (`pattern`, lengths, an example), by
    `METHOD /template` and name: a route file does not carry it, and the samples must be values
    the description allows, as an app's real identifiers are."""
    found = {}
    for operation in operations(document):
        for (place, name), parameter in operation.parameters.items():
            schema = resolve(document, parameter.get("schema")) or {}
            members = [resolve(document, member) or {} for member in (schema.get("anyOf") or schema.get("oneOf") or [])]
            examples = [member["example"] for member in members if "example" in member]
            if place == "path" and members and examples:
                # A union the route types as `String` (an id that is an integer or a UUID): its
                # first variant's example, as text.
                found.setdefault(f"{operation.method} {base_template(operation.template)}", {})[name] = {"example": str(examples[0])}
                continue
            if place != "path" or schema.get("type", "string") != "string":
                continue
            described = {key: schema[key] for key in ("pattern", "minLength", "maxLength") if key in schema}
            example = parameter.get("example", schema.get("example"))
            if example is None and isinstance(schema.get("examples"), list) and schema["examples"]:
                example = schema["examples"][0]
            if isinstance(example, str):
                described["example"] = example
            if described:
                found.setdefault(f"{operation.method} {base_template(operation.template)}", {})[name] = described
    return found


def records_of(tool, description, base, document):
    """The requests `routegen-requests` builds for the description, one dictionary each."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(path_constraints(document), file)
    try:
        completed = subprocess.run([tool, "--base-url", base, "--path-constraints", file.name, description], capture_output=True, text=True)
    finally:
        os.unlink(file.name)
    if completed.returncode != 0:
        raise SystemExit(f"routegen-requests failed on {description} (exit {completed.returncode}):\n{completed.stderr.strip()[-4000:]}")
    return [json.loads(line) for line in completed.stdout.splitlines() if line.strip()]


def checked(document, records, base):
    """Each operation with its problems and body notes; and the records of no operation."""
    checker = Checker(document, base)
    every = operations(document)
    by_key = {}
    for operation in every:
        by_key.setdefault(operation.key, []).append(operation)
    records_by_key = {}
    for record in records:
        records_by_key.setdefault((record["method"], shape(record["pathTemplate"])), []).append(record)
    results = []
    for operation in every:
        found = records_by_key.get(operation.key) or [record for record in records if record["method"] == operation.method and fixes_defaults(operation, record["pathTemplate"])]
        if not found:
            results.append((operation, ["no route: the import made none for this operation"], []))
            continue
        siblings = [other for other in by_key[operation.key] if other is not operation]
        record = own_record(operation, found, records)
        try:
            problems, notes = checker.check(record, operation, siblings)
        except Exception as error:  # one operation openapi-core cannot take must not stop the rest
            problems, notes = [f"the checker failed: {type(error).__name__}: {error}"], []
        results.append((operation, problems, notes))
    strays = [record for key, found in records_by_key.items() if key not in by_key for record in found
              if not any(operation.method == record["method"] and fixes_defaults(operation, record["pathTemplate"]) for operation in every)]
    return results, strays


def own_record(operation, found, records):
    """The record of `operation`'s route among those of its method and shape (`found`): the one
    with its very template; else one where the importer wrote a path parameter's default as
    literal text (`/mongodbatlas/creds/{name}` for `/{mount}/creds/{name}`, which it does when two
    templates share a shape); else the first of its shape."""
    template = base_template(operation.template)
    for record in found:
        if record["pathTemplate"] == template:
            return record
    for record in records:
        if record["method"] == operation.method and fixes_defaults(operation, record["pathTemplate"]):
            return record
    return found[0]


def fixes_defaults(operation, route_template):
    """Whether `route_template` is the operation's template with some parameters written as their defaults."""
    mine, theirs = base_template(operation.template).split("/"), route_template.split("/")
    if len(mine) != len(theirs):
        return False
    fixed = False
    for segment, other in zip(mine, theirs):
        name = re.fullmatch(r"\{([^}]*)\}", segment)
        if name and not other.startswith("{"):
            default = (operation.parameters.get(("path", name.group(1))) or {}).get("schema", {}).get("default")
            if other != default:
                return False
            fixed = True
        elif shape(segment) != shape(other):
            return False
    return fixed


def main():
    parser = argparse.ArgumentParser(description="openapi-core reads EndpointKit's requests back")
    parser.add_argument("--tool", required=True, help="the routegen-requests binary")
    parser.add_argument("--name", help="the name printed (default: the description's folder)")
    parser.add_argument("--min", type=float, default=99.0, help="the share of operations that must pass")
    parser.add_argument("--body-notes", action="store_true", help="list openapi-core's notes on bodies, not only their count")
    parser.add_argument("description")
    arguments = parser.parse_args()
    name = arguments.name or arguments.description.rstrip("/").split("/")[-2]
    started = time.monotonic()
    document = load(arguments.description)
    base = base_url(document)
    results, strays = checked(document, records_of(arguments.tool, arguments.description, base, document), base)
    total = len(results)
    passed = sum(1 for _, problems, _ in results if not problems)
    percent = 100.0 if total == 0 else passed * 100.0 / total
    notes = [(operation, note) for operation, _, found in results for note in found]
    print(f"request-gate: {name}: {passed} of {total} operations ({percent:.1f} %); "
          f"{len(notes)} body notes (not counted); {time.monotonic() - started:.1f} s")
    for operation, problems, _ in results:
        for problem in problems:
            print(f"  FAIL {operation.name} ({operation.method} {operation.template}): {problem}")
    for record in strays:
        print(f"  note: route '{record['route']}' ({record['method']} {record['pathTemplate']}) is no operation of the description")
    if arguments.body_notes:
        for operation, note in notes:
            print(f"  body {operation.name} ({operation.method} {operation.template}): {note}")
    return 0 if percent >= arguments.min else 1


if __name__ == "__main__":
    sys.exit(main())
