"""The dotted names scanlint knows, shared by both tiers: which loop primitives are raw, which
names make pytree metadata static, and the private paths JAX and Flax also export them under.

Pure data and string functions: importing this module costs nothing.
"""

from __future__ import annotations

# Dotted names that JAX also exposes under a private path; folded onto the public one.
CANONICAL_PREFIXES = {
    "jax._src.lax.control_flow.loops.": "jax.lax.",
    "jax._src.lax.control_flow.": "jax.lax.",
    "jax._src.lax.lax.": "jax.lax.",
    "jax.experimental.lax.": "jax.lax.",
    "jax._src.numpy.lax_numpy.": "jax.numpy.",
    "jax._src.tree_util.": "jax.tree_util.",
    "flax.linen.module.": "flax.linen.",
    "flax.core.frozen_dict.": "flax.core.",
}

# Whole dotted names that old JAX exported as aliases of another library's (`from jax import
# partial`), and `jax.tree_util.Partial`, a `functools.partial` that is also a pytree: called, it
# runs the same call.
CANONICAL_NAMES = {
    "jax.partial": "functools.partial",
    "jax.util.partial": "functools.partial",
    "jax.tree_util.Partial": "functools.partial",
}

LOOP_KINDS = {
    "jax.lax.scan": "scan",
    "jax.lax.fori_loop": "fori_loop",
    "jax.lax.while_loop": "while_loop",
}

# A few star-import targets worth knowing; other star imports stay unresolved.
STAR_EXPORTS = {
    "jax.lax": ("scan", "fori_loop", "while_loop"),
    "flax.linen": ("Module", "Dense", "compact", "scan"),
}

# The dotted names whose use can make pytree metadata static (SCN3xx looks where they are used).
METADATA_NAMES = frozenset({
    "jax.tree_util.register_pytree_node", "jax.tree_util.register_pytree_with_keys",
    "jax.tree_util.register_pytree_node_class", "jax.tree_util.register_pytree_with_keys_class",
    "jax.tree_util.register_dataclass", "jax.tree_util.register_static", "flax.struct.field", "equinox.field",
    "equinox.static_field", "dataclasses.field", "jax_dataclasses.static_field",
    # Classes whose fields a project helper may make static (`mask: Array = static_field()`).
    "flax.struct.dataclass", "flax.struct.PyTreeNode", "chex.dataclass",
})  # fmt: skip
# Keyword arguments that make a call's arguments or a class's fields static wherever they appear.
METADATA_KEYWORDS = frozenset({"static_argnums", "static_argnames", "meta_fields", "pytree_node", "static"})
# Keywords of a jit whose function is then checked at every call site in the file.
STATIC_ARGUMENT_KEYWORDS = frozenset({"static_argnums", "static_argnames"})

PARTIAL = "functools.partial"
# Calls that give back the function they wrap, called with the same arguments and results.
SAME_FUNCTION_WRAPPERS = frozenset({
    "jax.jit", "jax.checkpoint", "jax.remat", "jax.named_call", "jax.ad_checkpoint.checkpoint",
    "flax.linen.remat", "flax.linen.checkpoint",
})  # fmt: skip

# The rule families, by code prefix, and what they look for: raw loop calls, or pytree metadata.
LOOPS = "loops"
METADATA = "metadata"
FAMILY_ANCHORS = {"SCN1": LOOPS, "SCN2": LOOPS, "SCN3": METADATA}


def anchor_kinds(codes: frozenset[str] | set[str] | tuple[str, ...]) -> frozenset[str]:
    """The kinds of anchors the rule families of `codes` look for."""
    return frozenset(FAMILY_ANCHORS[code[:4]] for code in codes if code[:4] in FAMILY_ANCHORS)


def canonical(name: str) -> str:
    if name in CANONICAL_NAMES:
        return CANONICAL_NAMES[name]
    for prefix, public in CANONICAL_PREFIXES.items():
        if name.startswith(prefix):
            return public + name[len(prefix) :]
    return name


def qualify_dotted(name: str, imports: dict[str, str], star_imports: list[str] | tuple[str, ...]) -> str | None:
    """The dotted name `a.b.c` refers to through a file's import map (local name -> dotted)."""
    head, _, rest = name.partition(".")
    target = imports.get(head)
    if target is None:
        for module in star_imports:
            if head in STAR_EXPORTS.get(module, ()):
                target = f"{module}.{head}"
                break
    if target is None:
        return None
    return canonical(f"{target}.{rest}" if rest else target)
