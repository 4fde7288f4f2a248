"""Reading the files users give (decks, scenarios, combo files, run configs) with bounds.

Every input file is read only if it is a regular file (not a device such as /dev/zero, a pipe
or a folder) no larger than `MAX_FILE_BYTES`, as UTF-8 with or without a byte-order mark.
YAML is read with PyYAML's safe loader and two more bounds, checked before any Python object
is built: at most `MAX_YAML_NODES` nodes counting every expansion of an alias (a few hundred
bytes of nested aliases can otherwise stand for gigabytes: the "billion laughs"), and at most
`MAX_YAML_DEPTH` levels of nesting.

This module reads text; it must not interpret what it reads (the loaders do).
"""

from __future__ import annotations

import os
import stat
from typing import Any

import yaml

from .errors import MtgError, ScenarioError

#: the largest input file read (4 MiB: the largest included file is a few KiB)
MAX_FILE_BYTES = 4 * 1024 * 1024
#: YAML nodes after alias expansion (the largest included file has a few hundred)
MAX_YAML_NODES = 100_000
#: levels of nested YAML collections
MAX_YAML_DEPTH = 64


class InputFileError(MtgError, ValueError):
    """An input file cannot be read: missing, not a regular file, too large or not UTF-8."""


def read_text(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> str:
    """The text of the regular file `path` (at most `limit` bytes; a UTF-8 BOM is dropped)."""
    where = os.fspath(path)
    try:
        st = os.stat(where)
    except OSError as e:
        raise InputFileError(f"{where}: cannot read it: {e.strerror or e}") from None
    if not stat.S_ISREG(st.st_mode):
        raise InputFileError(f"{where}: not a regular file")
    if st.st_size > limit:
        raise InputFileError(f"{where}: {st.st_size} bytes, more than the limit of {limit}")
    try:
        with open(where, "rb") as f:
            data = f.read(limit + 1)  # the file may have grown since stat
    except OSError as e:
        raise InputFileError(f"{where}: cannot read it: {e.strerror or e}") from None
    if len(data) > limit:
        raise InputFileError(f"{where}: more than the limit of {limit} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputFileError(f"{where}: not UTF-8 text ({e.reason} at byte {e.start})") from None


def load_yaml(text: str, where: str, error: type[ScenarioError] = ScenarioError) -> Any:
    """Parse one YAML document safely and within the bounds above; a problem is `error(where,
    "", message)`."""
    loader = yaml.SafeLoader(text.lstrip("\ufeff"))
    try:
        try:
            node = loader.get_single_node()
        except RecursionError:
            raise error(where, "", f"not valid YAML: nested more than {MAX_YAML_DEPTH} levels deep") from None
        except yaml.YAMLError as e:
            raise error(where, "", f"not valid YAML: {e}") from None
        if node is None:
            return None
        problem = _too_big(node)
        if problem:
            raise error(where, "", f"not accepted YAML: {problem}")
        try:
            return loader.construct_document(node)
        except yaml.YAMLError as e:
            raise error(where, "", f"not valid YAML: {e}") from None
        except (ValueError, RecursionError) as e:  # an integer of 10,000 digits, say
            raise error(where, "", f"not valid YAML: {e}") from None
    finally:
        loader.dispose()


def _too_big(root: yaml.Node) -> str | None:
    """Why the node graph is over the bounds (None if it is within them): each node's size
    with its aliases expanded is worked out once (memoized), so the check itself is cheap."""
    sizes: dict[int, int] = {}
    active: set[int] = set()

    def size(node: yaml.Node, depth: int) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if depth > MAX_YAML_DEPTH:
            raise _Over(f"nested more than {MAX_YAML_DEPTH} levels deep")
        if key in active:
            raise _Over("an alias refers to a collection that contains it")
        active.add(key)
        total = 1
        if isinstance(node, yaml.SequenceNode):
            for child in node.value:
                total += size(child, depth + 1)
                if total > MAX_YAML_NODES:
                    break
        elif isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                total += size(k, depth + 1) + size(v, depth + 1)
                if total > MAX_YAML_NODES:
                    break
        active.discard(key)
        if total > MAX_YAML_NODES:
            raise _Over(f"more than {MAX_YAML_NODES} values once its aliases are expanded")
        sizes[key] = total
        return total

    try:
        size(root, 0)
    except _Over as e:
        return str(e)
    return None


class _Over(Exception):
    pass
