"""What the source shows about a value's dtype and rank, judged as JAX would (x64 off).

Only evidence that can be read off the code counts: literals, array constructors with literal
shapes and dtypes, `.astype(...)`, and names bound once to such expressions. Everything else is
"unknown" (None), and rules built on it stay silent.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from scanlint.analysis.resolver import ScanIndex, Scope, argument, can_fall_off, keyword_argument, returns_of, yields
from scanlint.analysis.walk import walk

DTYPE_NAMES = {
    "bool_": "bool",
    "bool": "bool",
    "int8": "int8",
    "int16": "int16",
    "int32": "int32",
    "int64": "int32",  # canonicalised to 32 bits while x64 is off
    "uint8": "uint8",
    "uint16": "uint16",
    "uint32": "uint32",
    "uint64": "uint32",
    "float16": "float16",
    "bfloat16": "bfloat16",
    "float32": "float32",
    "float64": "float32",
    "complex64": "complex64",
    "complex128": "complex64",
}
_PYTHON_TYPES = {"int": "int32", "float": "float32", "bool": "bool", "complex": "complex64"}
_NUMPY_MODULES = ("jax.numpy", "numpy")
# Creation functions with the position of their dtype argument and their default dtype.
_FILLED = {"zeros": 1, "ones": 1, "empty": 1}
_ARANGE_LIKE = ("arange",)


@dataclass(frozen=True)
class ArrayFacts:
    dtype: str | None  # canonical dtype name, None when unknown
    weak: bool  # a weakly typed value (Python scalar, jnp.array(0)): JAX promotes it freely
    rank: int | None  # number of dimensions, None when unknown

    @property
    def is_integer(self) -> bool:
        return self.dtype is not None and self.dtype.startswith(("int", "uint"))

    @property
    def is_float(self) -> bool:
        return self.dtype is not None and ("float" in self.dtype)


def dtype_of(index: ScanIndex, node: cst.BaseExpression) -> str | None:
    """The dtype a dtype expression names: `jnp.int32`, `np.float32`, `"int32"`, `float`."""
    if isinstance(node, cst.SimpleString):
        return DTYPE_NAMES.get(node.evaluated_value if isinstance(node.evaluated_value, str) else "")
    if isinstance(node, cst.Name) and node.value in _PYTHON_TYPES:
        if index.imports.get(node.value) is None:
            return _PYTHON_TYPES[node.value]
    qualified = index.qualify(node)
    if qualified is None:
        return None
    module, _, attr = qualified.rpartition(".")
    if module in _NUMPY_MODULES or module == "jax.dtypes" or module == "ml_dtypes":
        return DTYPE_NAMES.get(attr)
    return None


def facts(
    index: ScanIndex, node: cst.BaseExpression, scope: Scope, depth: int = 0
) -> ArrayFacts | None:
    """What the code shows about the array an expression evaluates to."""
    if depth > 6:
        return None
    if isinstance(node, cst.Integer):
        return ArrayFacts("int32", weak=True, rank=0)
    if isinstance(node, cst.Float):
        return ArrayFacts("float32", weak=True, rank=0)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.expression, (cst.Integer, cst.Float)):
        return facts(index, node.expression, scope, depth + 1)
    if isinstance(node, cst.Name):
        value = index.value_of(node.value, scope)
        return facts(index, value, scope, depth + 1) if value is not None else None
    if not isinstance(node, cst.Call):
        return None
    if isinstance(node.func, cst.Attribute) and node.func.attr.value == "astype" and node.args:
        dtype = dtype_of(index, node.args[0].value)
        inner = facts(index, node.func.value, scope, depth + 1)
        return ArrayFacts(dtype, weak=False, rank=inner.rank if inner else None)
    qualified = index.qualify(node.func)
    if qualified is None:
        return None
    module, _, function = qualified.rpartition(".")
    if module == "jax.random":
        return _random_facts(index, function, node)
    if module != "jax.numpy":
        return None
    if function in DTYPE_NAMES:
        value = node.args[0].value if node.args else None
        rank = 0 if isinstance(value, (cst.Integer, cst.Float, cst.UnaryOperation)) else None
        return ArrayFacts(DTYPE_NAMES[function], weak=False, rank=rank)
    if function in _FILLED:
        dtype_arg = argument(node, _FILLED[function], "dtype")
        dtype = dtype_of(index, dtype_arg) if dtype_arg is not None else "float32"
        shape = argument(node, 0, "shape")
        return ArrayFacts(dtype, weak=False, rank=_rank_of_shape(shape))
    if function == "full":
        shape = argument(node, 0, "shape")
        dtype_arg = argument(node, 2, "dtype")
        rank = _rank_of_shape(shape)
        if dtype_arg is not None:
            return ArrayFacts(dtype_of(index, dtype_arg), weak=False, rank=rank)
        fill = argument(node, 1, "fill_value")
        fill_facts = facts(index, fill, scope, depth + 1) if fill is not None else None
        if fill_facts is None:
            return ArrayFacts(None, weak=False, rank=rank)
        return ArrayFacts(fill_facts.dtype, weak=fill_facts.weak, rank=rank)
    if function in ("array", "asarray"):
        dtype_arg = argument(node, 1, "dtype")
        value = argument(node, 0, "object") or argument(node, 0, "a")
        if dtype_arg is not None:
            inner = facts(index, value, scope, depth + 1) if value is not None else None
            return ArrayFacts(dtype_of(index, dtype_arg), weak=False, rank=inner.rank if inner else None)
        if isinstance(value, (cst.Integer, cst.Float)):
            return facts(index, value, scope, depth + 1)
        if isinstance(value, (cst.List, cst.Tuple)):
            elements = [e.value for e in value.elements]
            if elements and all(isinstance(e, cst.Integer) for e in elements):
                return ArrayFacts("int32", weak=False, rank=1)
            if elements and all(isinstance(e, (cst.Integer, cst.Float)) for e in elements):
                return ArrayFacts("float32", weak=False, rank=1)
        return None
    if function in _ARANGE_LIKE:
        dtype_arg = keyword_argument(node, "dtype")
        if dtype_arg is not None:
            return ArrayFacts(dtype_of(index, dtype_arg), weak=False, rank=1)
        values = [a.value for a in node.args if a.keyword is None]
        if any(isinstance(v, cst.Float) for v in values):
            return ArrayFacts("float32", weak=False, rank=1)
        if values and all(isinstance(v, (cst.Integer, cst.Name, cst.Attribute)) for v in values):
            # `jnp.arange(n)` with integer literals or names: int32, as `n` is a count in practice.
            return ArrayFacts("int32", weak=False, rank=1)
        return ArrayFacts(None, weak=False, rank=1)
    if function == "linspace":
        return ArrayFacts("float32", weak=False, rank=1)
    if function in ("zeros_like", "ones_like", "empty_like", "full_like"):
        source = node.args[0].value if node.args else None
        inner = facts(index, source, scope, depth + 1) if source is not None else None
        dtype_arg = keyword_argument(node, "dtype")
        if dtype_arg is not None:
            return ArrayFacts(dtype_of(index, dtype_arg), weak=False, rank=inner.rank if inner else None)
        return inner
    return None


def _random_facts(index: ScanIndex, function: str, node: cst.Call) -> ArrayFacts | None:
    if function in ("normal", "uniform", "truncated_normal", "gumbel", "laplace", "logistic"):
        dtype_arg = argument(node, 2, "dtype")
        dtype = dtype_of(index, dtype_arg) if dtype_arg is not None else "float32"
        return ArrayFacts(dtype, weak=False, rank=_rank_of_shape(argument(node, 1, "shape")))
    return None


def _rank_of_shape(shape: cst.BaseExpression | None) -> int | None:
    if shape is None:
        return 0
    if isinstance(shape, cst.Integer):
        return 1
    if isinstance(shape, (cst.Tuple, cst.List)):
        if any(isinstance(e, cst.StarredElement) for e in shape.elements):
            return None
        return len(shape.elements)
    if isinstance(shape, (cst.Name, cst.Attribute, cst.BinaryOperation)):
        # `jnp.zeros(n)` with an int name is the common case, but a name may hold a tuple.
        return None
    return None


# ---------------------------------------------------------------------------------------------
# Evidently an array: a value the source shows is a NumPy or JAX array, not a Python scalar, a
# tuple of them, a dtype or a callable. Used where arrays must not go (static pytree metadata,
# static jit arguments), so only clear evidence counts.

ONE_ELEMENT = "one"  # 0-d or a single element
MANY_ELEMENTS = "many"

# Annotations that declare an array.
ARRAY_TYPES = {
    "jax.Array",
    "jax.numpy.ndarray",
    "numpy.ndarray",
    "numpy.typing.NDArray",
    "chex.Array",
    "chex.ArrayDevice",
    "chex.ArrayNumpy",
    "chex.PRNGKey",
    "jaxtyping.Array",
    "jaxtyping.PRNGKeyArray",
    "flax.typing.Array",
}
# Annotations of a pytree of arrays (a container of arrays, or an array).
ARRAY_TREE_TYPES = {"chex.ArrayTree", "chex.ArrayDeviceTree", "chex.ArrayNumpyTree"}
_OPTIONAL_TYPES = {"typing.Optional"}
_UNION_TYPES = {"typing.Union"}
_MAPPING_TYPES = {
    "typing.Dict", "typing.Mapping", "typing.MutableMapping", "collections.abc.Mapping",
    "collections.abc.MutableMapping", "builtins.dict",
}  # fmt: skip
_CONTAINER_TYPES = _MAPPING_TYPES | {
    "typing.Tuple", "typing.List", "typing.Sequence", "typing.Iterable", "collections.abc.Sequence",
    "collections.abc.Iterable", "builtins.tuple", "builtins.list",
}  # fmt: skip
_BUILTIN_CONTAINERS = ("tuple", "list", "dict")

# `jax.numpy` functions that do not return arrays (dtypes, shapes, predicates on types, helpers).
# Every other `jnp.*` call returns an array or a tuple/list of arrays.
_JNP_NOT_ARRAYS = {
    "dtype", "shape", "ndim", "size", "result_type", "promote_types", "issubdtype", "isdtype",
    "finfo", "iinfo", "can_cast", "broadcast_shapes", "iscomplexobj", "isrealobj", "isscalar",
    "iterable", "vectorize", "frompyfunc", "printoptions", "set_printoptions", "get_printoptions",
    "save", "savez", "ndarray", "generic", "number", "integer", "inexact", "floating",
    "complexfloating", "signedinteger", "unsignedinteger", "flexible", "character", "object_",
    "ufunc", "einsum_path",
}  # fmt: skip
_JNP_SUBMODULES = ("jax.numpy.linalg.", "jax.numpy.fft.")
# `numpy` functions that always build an ndarray (even a 0-d one, which is not hashable either).
_NUMPY_CREATION = {
    "array", "asarray", "asanyarray", "ascontiguousarray", "copy", "zeros", "ones", "empty",
    "full", "zeros_like", "ones_like", "empty_like", "full_like", "arange", "linspace",
    "logspace", "geomspace", "eye", "identity", "diag", "tri", "tril", "triu", "stack",
    "concatenate", "vstack", "hstack", "dstack", "column_stack", "tile", "repeat", "outer",
    "fromfunction", "frombuffer", "fromiter", "indices", "argsort", "sort", "unique", "flatnonzero",
    "argwhere", "bincount", "histogram_bin_edges", "diff", "cumsum", "cumprod",
}  # fmt: skip
# `numpy` functions that return a tuple (or list) of arrays: each element is an array.
_NUMPY_ARRAY_TUPLES = {"nonzero", "histogram", "tril_indices", "triu_indices", "diag_indices", "meshgrid"}
# `numpy` math that keeps an array an array (but turns a 0-d array into a hashable scalar).
_NUMPY_ELEMENTWISE = {
    "abs", "absolute", "sqrt", "exp", "log", "log1p", "expm1", "sin", "cos", "tan", "tanh",
    "sinh", "cosh", "arctan", "arcsin", "arccos", "square", "negative", "sign", "floor", "ceil",
    "round", "clip", "where", "maximum", "minimum", "add", "subtract", "multiply", "divide",
    "power", "reshape", "transpose", "cumsum", "cumprod", "sort", "flip", "roll", "squeeze",
    "expand_dims", "ravel", "broadcast_to", "astype",
}  # fmt: skip
_JAX_RANDOM = {
    "key", "PRNGKey", "split", "fold_in", "clone", "wrap_key_data", "key_data", "normal",
    "uniform", "bernoulli", "categorical", "choice", "permutation", "randint", "truncated_normal",
    "gumbel", "laplace", "logistic", "exponential", "gamma", "loggamma", "beta", "dirichlet",
    "multivariate_normal", "poisson", "rademacher", "orthogonal", "ball", "bits", "cauchy", "t",
    "chisquare", "f", "geometric", "binomial", "lognormal", "maxwell", "pareto", "rayleigh",
    "triangular", "wald", "weibull_min", "double_sided_maxwell", "generalized_normal",
}  # fmt: skip
# `jax.random` samplers whose second parameter is the shape (default `()`: a 0-d array).
_JAX_RANDOM_SHAPE_SECOND = {
    "normal", "uniform", "randint", "gumbel", "laplace", "logistic", "cauchy", "exponential",
    "rademacher", "maxwell", "double_sided_maxwell", "bits",
}  # fmt: skip
# Array methods that return an array (of any library) and the reductions that do so in JAX only
# (NumPy reductions return hashable scalars).
_ARRAY_METHODS = {
    "astype", "reshape", "copy", "ravel", "flatten", "squeeze", "transpose", "swapaxes", "clip",
    "round", "repeat", "view", "block_until_ready",
}  # fmt: skip
_JAX_REDUCING_METHODS = {"sum", "mean", "max", "min", "prod", "std", "var", "any", "all", "argmax", "argmin", "cumsum"}
_ARRAY_ATTRIBUTES = {"T", "mT", "real", "imag"}


@dataclass(frozen=True)
class ArrayEvidence:
    """Why the source shows that a value is an array."""

    reason: str  # a phrase for messages: "built by `jnp.ones(...)`", "annotated `jax.Array`"
    elements: str | None  # ONE_ELEMENT, MANY_ELEMENTS, or None when the size is not visible
    library: str  # "jax" or "numpy"


def array_annotation(index: ScanIndex, annotation: cst.BaseExpression) -> str | None:
    """The annotation as written when it declares an array (also `X | None`, `Optional[X]`,
    jaxtyping `Float[Array, "..."]`, `NDArray[np.float32]`, a module-level alias of one), else
    None. Unions with anything other than None (`jax.typing.ArrayLike` included) may hold a Python
    scalar: not evidence."""
    if _declared_array_type(index, annotation, containers=False) is None:
        return None
    return index.module.code_for_node(annotation)


def annotation_evidence(index: ScanIndex, annotation: cst.BaseExpression, reason: str) -> ArrayEvidence | None:
    """ArrayEvidence for an annotation that declares an array or a container of arrays
    (`Tuple[Optional[jax.Array], ...]`, `chex.ArrayTree`), with `reason` (which may use
    `{annotation}`): neither is hashable, and `==` on either is not one bool."""
    array_type = _declared_array_type(index, annotation, containers=True)
    if array_type is None:
        return None
    written = index.module.code_for_node(annotation)
    library = "numpy" if array_type.startswith("numpy.") or array_type == "chex.ArrayNumpy" else "jax"
    return ArrayEvidence(reason.format(annotation=written), None, library)


def _declared_array_type(
    index: ScanIndex, annotation: cst.BaseExpression, depth: int = 0, *, containers: bool
) -> str | None:
    """The qualified array type an annotation declares (with `containers`, also the array type
    a container annotation holds), or None."""
    if depth > 4:
        return None
    if isinstance(annotation, cst.SimpleString) and isinstance(annotation.evaluated_value, str):
        try:
            parsed = cst.parse_expression(annotation.evaluated_value)
        except cst.ParserSyntaxError:
            return None
        return _declared_array_type(index, parsed, depth + 1, containers=containers)
    if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        return _one_array_and_none(index, [annotation.left, annotation.right], depth, containers)
    qualified = index.qualify(annotation)
    if qualified in ARRAY_TYPES:
        return qualified
    if containers and qualified in ARRAY_TREE_TYPES:
        return qualified
    if isinstance(annotation, cst.Name) and qualified is None:
        alias = _type_alias(index, annotation.value)
        return _declared_array_type(index, alias, depth + 1, containers=containers) if alias is not None else None
    if not isinstance(annotation, cst.Subscript):
        return None
    container = index.qualify(annotation.value)
    if container is None and isinstance(annotation.value, cst.Name) and annotation.value.value in _BUILTIN_CONTAINERS:
        container = f"builtins.{annotation.value.value}"
    elements = [e.slice.value for e in annotation.slice if isinstance(e.slice, cst.Index)]
    if container in ARRAY_TYPES:  # `NDArray[np.float32]`, `np.ndarray[Any, np.dtype[...]]`
        return container
    if container in _OPTIONAL_TYPES:
        return _declared_array_type(index, elements[0], depth + 1, containers=containers) if len(elements) == 1 else None
    if container in _UNION_TYPES:
        return _one_array_and_none(index, elements, depth, containers)
    if container is not None and container.startswith("jaxtyping.") and elements:
        # `Float[Array, "batch dim"]`: an array when the first argument is an array type.
        return _declared_array_type(index, elements[0], depth + 1, containers=containers)
    if containers and container in _CONTAINER_TYPES:
        # `Tuple[Optional[jax.Array], ...]`, `Dict[str, jax.Array]`: the values hold arrays.
        held = elements[1:] if container in _MAPPING_TYPES else elements
        for element in held:
            found = _declared_array_type(index, element, depth + 1, containers=True)
            if found is not None:
                return found
    return None


def _type_alias(index: ScanIndex, name: str) -> cst.BaseExpression | None:
    """What a module-level name is bound to once, when that reads as a type (`Tensor =
    Union[jnp.ndarray, np.ndarray]`, `Mask: TypeAlias = jax.Array`)."""
    values = index.module_scope.bindings.get(name, [])
    if len(values) != 1 or not isinstance(values[0], (cst.Subscript, cst.Attribute, cst.BinaryOperation)):
        return None
    return values[0]


def _one_array_and_none(
    index: ScanIndex, members: list[cst.BaseExpression], depth: int, containers: bool
) -> str | None:
    flat: list[cst.BaseExpression] = []
    for member in members:
        if isinstance(member, cst.BinaryOperation) and isinstance(member.operator, cst.BitOr):
            flat += [member.left, member.right]
        else:
            flat.append(member)
    others = [m for m in flat if not (isinstance(m, cst.Name) and m.value == "None")]
    found = [_declared_array_type(index, m, depth + 1, containers=containers) for m in others]
    if found and all(found):
        return found[0]
    return None


def array_evidence(
    index: ScanIndex, node: cst.BaseExpression, scope: Scope, depth: int = 0
) -> ArrayEvidence | None:
    """Evidence that `node` (evaluated in `scope`) is an array: an array constructor or math
    (`jnp.*`, `np.*` creation, `jax.random.*`, `jax.device_put`), a name bound once to one or a
    parameter annotated as an array, `self.attr` set to one in `__init__`/`__post_init__`, or
    arithmetic and array methods on any of these. None when the source does not show it."""
    if depth > 8:
        return None
    if isinstance(node, cst.Call):
        return _call_evidence(index, node, scope, depth)
    if isinstance(node, cst.Name):
        return _name_evidence(index, node.value, scope, depth)
    if isinstance(node, cst.Attribute):
        if node.attr.value in _ARRAY_ATTRIBUTES:
            return array_evidence(index, node.value, scope, depth + 1)
        if isinstance(node.value, cst.Name) and node.value.value == index.self_name(scope):
            found = scope.enclosing_method()
            if found is not None:
                return attribute_array_evidence(index, found[1], node.attr.value, depth + 1)
        return None
    if isinstance(node, cst.Subscript):
        if isinstance(node.value, cst.Call):
            qualified = index.qualify(node.value.func) or ""
            module, _, function = qualified.rpartition(".")
            if module == "numpy" and function in _NUMPY_ARRAY_TUPLES:  # `np.nonzero(mask)[0]`
                return ArrayEvidence(f"built by `{dotted_as_written(node.value.func)}(...)[...]`", None, "numpy")
        inner = array_evidence(index, node.value, scope, depth + 1)
        if inner is not None and inner.library == "jax":  # NumPy indexing may give a scalar
            return ArrayEvidence(inner.reason, None, "jax")
        return None
    if isinstance(node, cst.UnaryOperation) and not isinstance(node.operator, cst.Not):
        return array_evidence(index, node.expression, scope, depth + 1)
    if isinstance(node, cst.BinaryOperation):
        for operand in (node.left, node.right):
            inner = array_evidence(index, operand, scope, depth + 1)
            if inner is not None and (inner.library == "jax" or inner.elements != ONE_ELEMENT):
                return ArrayEvidence(inner.reason, None, inner.library)
        return None
    if isinstance(node, cst.IfExp):
        branches = [array_evidence(index, b, scope, depth + 1) for b in (node.body, node.orelse)]
        if branches[0] is not None and branches[1] is not None:
            return branches[0]
        return None
    return None


def _name_evidence(index: ScanIndex, name: str, scope: Scope, depth: int) -> ArrayEvidence | None:
    found = scope.only_binding(name)
    if found is None:
        return None
    binding_scope, value = found
    if isinstance(value, cst.Param):
        if value.annotation is None:
            return None
        return annotation_evidence(index, value.annotation.annotation, "annotated `{annotation}`")
    if isinstance(value, cst.BaseExpression):
        return array_evidence(index, value, binding_scope, depth + 1)
    return None


def _call_evidence(index: ScanIndex, node: cst.Call, scope: Scope, depth: int) -> ArrayEvidence | None:
    written = dotted_as_written(node.func)
    qualified = index.qualify(node.func)
    if qualified is not None:
        module, _, function = qualified.rpartition(".")
        reason = f"built by `{written}(...)`"
        if module == "jax.numpy":
            if function in _JNP_NOT_ARRAYS or function[:1].isupper():
                return None
            return ArrayEvidence(reason, _elements_of_creation(function, node), "jax")
        if qualified.startswith(_JNP_SUBMODULES):
            return ArrayEvidence(reason, None, "jax")
        if module == "jax.random" and function in _JAX_RANDOM:
            return ArrayEvidence(reason, _elements_of_random(function, node), "jax")
        if qualified == "jax.device_put":
            inner = array_evidence(index, node.args[0].value, scope, depth + 1) if node.args else None
            return ArrayEvidence(reason, inner.elements if inner else None, "jax")
        if module == "numpy" and function in _NUMPY_CREATION:
            return ArrayEvidence(reason, _elements_of_creation(function, node), "numpy")
        if module == "numpy" and function in _NUMPY_ARRAY_TUPLES:
            return ArrayEvidence(reason, None, "numpy")
        if module == "numpy" and function in _NUMPY_ELEMENTWISE and node.args:
            inner = array_evidence(index, node.args[0].value, scope, depth + 1)
            if inner is not None and inner.elements != ONE_ELEMENT:
                return ArrayEvidence(inner.reason, inner.elements, inner.library)
            return None
        if module == "numpy.random":
            sized = keyword_argument(node, "size")
            dims = [a for a in node.args if a.keyword is None]
            if function in ("rand", "randn") and dims:
                return ArrayEvidence(reason, None, "numpy")
            if sized is not None and not (isinstance(sized, cst.Name) and sized.value == "None"):
                return ArrayEvidence(reason, None, "numpy")
        if module.split(".")[0] in ("jax", "numpy", "flax", "builtins"):
            return None
    helper = _helper_evidence(index, node, scope, depth)
    if helper is not None:
        return helper
    if isinstance(node.func, cst.Attribute):
        method = node.func.attr.value
        if method in _ARRAY_METHODS or method in _JAX_REDUCING_METHODS:
            inner = array_evidence(index, node.func.value, scope, depth + 1)
            if inner is None:
                return None
            if method in _ARRAY_METHODS:
                return ArrayEvidence(inner.reason, inner.elements if method != "reshape" else None, inner.library)
            if inner.library == "jax":
                return ArrayEvidence(inner.reason, None, "jax")
    return None


def _helper_evidence(index: ScanIndex, node: cst.Call, scope: Scope, depth: int) -> ArrayEvidence | None:
    """A call of a function of this file or of another project file whose every return is an
    array (`make_mask(n)` returning `jnp.arange(n) % 2`)."""
    if depth > 4:
        return None
    helper_index, helper = index, None
    if isinstance(node.func, cst.Name):
        found = scope.only_binding(node.func.value)
        if found is not None and isinstance(found[1], cst.FunctionDef):
            helper = found[1]
    if helper is None:
        from scanlint.analysis.project_code import imported_definition

        other = imported_definition(index, node.func, scope)
        if other is not None and isinstance(other[1], cst.FunctionDef):
            helper_index, helper = other
    if helper is None or helper.decorators or yields(helper) or can_fall_off(helper):
        return None
    values = [r.value for r in returns_of(helper)]
    if not values or any(v is None for v in values):
        return None
    helper_scope = helper_index.scope_of[helper]
    found = [array_evidence(helper_index, v, helper_scope, depth + 1) for v in values if v is not None]
    if not all(found):
        return None
    first = found[0]
    assert first is not None
    elements = first.elements if all(f is not None and f.elements == first.elements for f in found) else None
    return ArrayEvidence(f"{first.reason} in `{helper.name.value}`", elements, first.library)


def dotted_as_written(node: cst.BaseExpression) -> str:
    """`jnp.ones` for a callee written that way; `...` for anything that is not a dotted name."""
    parts = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    if isinstance(node, cst.Name):
        parts.append(node.value)
        return ".".join(reversed(parts))
    return "..."


def _elements_of_creation(function: str, node: cst.Call) -> str | None:
    """How many elements an array constructor visibly builds: ONE_ELEMENT, MANY_ELEMENTS or None."""
    if function in DTYPE_NAMES:  # `jnp.float32(0.5)`: a 0-d array
        return ONE_ELEMENT if _is_number(argument(node, 0, "x")) else None
    if function in ("zeros", "ones", "empty", "full"):
        return _elements_of_shape(argument(node, 0, "shape"))
    if function in ("array", "asarray"):
        value = argument(node, 0, "object")
        if _is_number(value):
            return ONE_ELEMENT
        if isinstance(value, (cst.List, cst.Tuple)) and all(isinstance(e, cst.Element) for e in value.elements):
            if len(value.elements) > 1:
                return MANY_ELEMENTS
            if len(value.elements) == 1 and _is_number(value.elements[0].value):
                return ONE_ELEMENT
        return None
    if function == "arange":
        values = [a.value for a in node.args if a.keyword is None]
        if len(values) == 1 and isinstance(values[0], cst.Integer):
            count = int(values[0].value, 0)
            return MANY_ELEMENTS if count > 1 else ONE_ELEMENT if count == 1 else None
        return None
    if function in ("eye", "identity"):
        size = argument(node, 0, "N") or argument(node, 0, "n")
        if isinstance(size, cst.Integer):
            return MANY_ELEMENTS if int(size.value, 0) > 1 else ONE_ELEMENT
        return None
    if function == "linspace":
        num = argument(node, 2, "num")
        if num is None:
            return MANY_ELEMENTS  # 50 by default
        if isinstance(num, cst.Integer):
            return MANY_ELEMENTS if int(num.value, 0) > 1 else ONE_ELEMENT
    return None


def _is_number(node: cst.BaseExpression | None) -> bool:
    if isinstance(node, cst.UnaryOperation):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float))


def _elements_of_shape(shape: cst.BaseExpression | None) -> str | None:
    if isinstance(shape, cst.Integer):
        count = int(shape.value, 0)
        return MANY_ELEMENTS if count > 1 else ONE_ELEMENT if count == 1 else None
    if isinstance(shape, (cst.Tuple, cst.List)):
        if not all(isinstance(e, cst.Element) and isinstance(e.value, cst.Integer) for e in shape.elements):
            return None
        product = 1
        for element in shape.elements:
            assert isinstance(element.value, cst.Integer)
            product *= int(element.value.value, 0)
        return MANY_ELEMENTS if product > 1 else ONE_ELEMENT if product == 1 else None
    return None


def _elements_of_random(function: str, node: cst.Call) -> str | None:
    if function == "key":
        return ONE_ELEMENT  # a typed key is a 0-d array
    if function in ("PRNGKey", "split"):
        return MANY_ELEMENTS  # a raw key holds two uint32 words; `split` gives several keys
    if function in _JAX_RANDOM_SHAPE_SECOND:
        shape = argument(node, 1, "shape")
        return ONE_ELEMENT if shape is None else _elements_of_shape(shape)
    shape = keyword_argument(node, "shape")
    return _elements_of_shape(shape) if shape is not None else None


class _AttributeEvidence(dict):
    """Per file: (class, attribute) -> the evidence found, None while it is being looked for."""


class _ConstructionSites(dict):
    """Per file: class -> the calls that construct it."""


def attribute_array_evidence(
    index: ScanIndex, class_node: cst.ClassDef, attr: str, depth: int = 0
) -> ArrayEvidence | None:
    """Evidence that instances of `class_node` hold an array in `attr`: the class declares it
    with an array annotation or value, `__init__`/`__post_init__` assigns it an array (every
    assignment there an array or None), or a construction of the class in this file passes an
    array to the parameter or dataclass field that becomes `attr`. Found once per file: a cycle
    (a construction passing another instance's attribute back) counts as no evidence."""
    if depth > 8:
        return None
    found = index.derived.setdefault(_AttributeEvidence, _AttributeEvidence())
    assert isinstance(found, _AttributeEvidence)
    key = (class_node, attr)
    if key not in found:
        found[key] = None
        found[key] = _attribute_array_evidence(index, class_node, attr, depth)
    return found[key]


def _attribute_array_evidence(
    index: ScanIndex, class_node: cst.ClassDef, attr: str, depth: int
) -> ArrayEvidence | None:
    class_scope = index.scope_of.get(class_node)
    if class_scope is None:
        return None
    init = index.method_of(class_node, "__init__")
    for statement in class_statements(class_node):
        if isinstance(statement, cst.AnnAssign) and _is_name(statement.target, attr):
            declared = annotation_evidence(
                index, statement.annotation.annotation, f"declared `{attr}: {{annotation}}`"
            )
            if declared is not None and not _contradicted(index, class_node, init, attr, statement.value):
                return declared
            if statement.value is not None:
                found = array_evidence(index, statement.value, class_scope, depth + 1)
                if found is not None:
                    return found
        if isinstance(statement, cst.Assign) and any(_is_name(t.target, attr) for t in statement.targets):
            found = array_evidence(index, statement.value, class_scope, depth + 1)
            if found is not None:
                return found
    assigned_in_methods = False
    for method_name in ("__init__", "__post_init__"):
        method = index.method_of(class_node, method_name)
        if method is None:
            continue
        method_scope = index.scope_of[method]
        self_name = index.self_name(method_scope)
        if self_name is None:
            continue
        assigned = _assignments_to_attribute(method, self_name, attr)
        assigned_in_methods = assigned_in_methods or bool(assigned)
        evidence = None
        for value in assigned:
            if isinstance(value, cst.Name) and value.value == "None":
                continue
            stored_parameter = _parameter_stored(index, method, value) if method is init else None
            if stored_parameter is not None:
                found = _parameter_evidence(index, class_node, init, stored_parameter, depth)
            else:
                found = array_evidence(index, value, method_scope, depth + 1) if value is not None else None
            if found is None:
                evidence = None
                break
            evidence = evidence or found
        else:
            if evidence is not None:
                return evidence
    if init is None and not assigned_in_methods:
        return _constructed_with(index, class_node, None, attr, depth)
    return None


def _init_fields(index: ScanIndex, class_node: cst.ClassDef) -> list[str] | None:
    """A dataclass-like class's constructor parameters, in order: its field declarations. None
    when the order is not certain (base classes of its own, `init=False` fields, `kw_only`)."""
    fields = [
        s.target.value
        for s in class_statements(class_node)
        if isinstance(s, cst.AnnAssign)
        and isinstance(s.target, cst.Name)
        and not is_class_variable(index, s.annotation.annotation)
    ]
    library_bases = all(
        (index.qualify(base.value) or "").split(".")[0] in _DATACLASS_BASE_LIBRARIES for base in class_node.bases
    )
    keyword_only = any(
        isinstance(d.decorator, cst.Call) and any(a.keyword is not None and a.keyword.value == "kw_only" for a in d.decorator.args)
        for d in class_node.decorators
    )
    not_in_init = any(
        isinstance(s, cst.AnnAssign) and isinstance(s.value, cst.Call) and keyword_argument(s.value, "init") is not None
        for s in class_statements(class_node)
    )
    return fields if library_bases and not keyword_only and not not_in_init else None


def _declares(class_node: cst.ClassDef, attr: str) -> bool:
    return any(
        isinstance(s, cst.AnnAssign) and _is_name(s.target, attr) for s in class_statements(class_node)
    )


_DATACLASS_BASE_LIBRARIES = {"flax", "equinox", "chex", "typing", "typing_extensions"}


def is_class_variable(index: ScanIndex, annotation: cst.BaseExpression) -> bool:
    """`ClassVar[...]` or `InitVar[...]`: a class body annotation that declares no field."""
    node = annotation.value if isinstance(annotation, cst.Subscript) else annotation
    return index.qualify(node) in ("typing.ClassVar", "dataclasses.InitVar")


def _parameter_stored(index: ScanIndex, init: cst.FunctionDef, value: cst.BaseExpression | None) -> cst.Param | None:
    """The parameter of `__init__` that `value` is, when it is one and is not rebound first."""
    if not isinstance(value, cst.Name):
        return None
    found = index.scope_of[init].only_binding(value.value)
    return found[1] if found is not None and isinstance(found[1], cst.Param) else None


def _parameter_evidence(
    index: ScanIndex, class_node: cst.ClassDef, init: cst.FunctionDef | None, parameter: cst.Param, depth: int
) -> ArrayEvidence | None:
    """An `__init__` parameter stored as is: its annotation, unless a construction in this file
    passes it a visibly hashable value (the annotation is stale), or an array a construction
    passes it."""
    name = parameter.name.value
    if parameter.annotation is not None:
        declared = annotation_evidence(index, parameter.annotation.annotation, "annotated `{annotation}`")
        if declared is not None and not _contradicted(index, class_node, init, name, parameter.default):
            return declared
    return _constructed_with(index, class_node, init, name, depth)


def _contradicted(
    index: ScanIndex, class_node: cst.ClassDef, init: cst.FunctionDef | None, parameter: str,
    default: cst.BaseExpression | None,
) -> bool:
    """A default or a construction in this file gives the parameter (or dataclass field) a value
    that is visibly hashable, None aside (the usual "not given"): what the code does beats what
    the annotation says."""
    given = [(field_default(default), index.scope_of[class_node])] if default is not None else []
    given += constructor_arguments(index, class_node, init, parameter)
    return any(
        value is not None and not _is_name(value, "None") and visibly_hashable(value, scope) for value, scope in given
    )


def field_default(value: cst.BaseExpression) -> cst.BaseExpression | None:
    """A field's default value: `default=...`, a `default_factory` lambda's body, or a plain
    value; None for a field call without a default."""
    if not isinstance(value, cst.Call):
        return value
    default = keyword_argument(value, "default")
    if default is not None:
        return default
    factory = keyword_argument(value, "default_factory")
    if isinstance(factory, cst.Lambda):
        return factory.body
    return None


def visibly_hashable(node: cst.BaseExpression, scope: Scope, depth: int = 0) -> bool:
    """The value is visibly hashable and not an array: a literal, a tuple of such, a builtin
    conversion (`tuple(x.tolist())`, `int(n)`), an array's shape, dtype or size, `.item()`."""
    if depth > 4:
        return False
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString)):
        return True
    if isinstance(node, cst.UnaryOperation) and isinstance(node.expression, (cst.Integer, cst.Float)):
        return True
    if isinstance(node, cst.Name):
        if node.value in ("None", "True", "False"):
            return True
        local = scope.only_binding(node.value)
        return local is not None and isinstance(local[1], cst.BaseExpression) and visibly_hashable(local[1], local[0], depth + 1)
    if isinstance(node, cst.Tuple):
        return all(isinstance(e, cst.Element) and visibly_hashable(e.value, scope, depth + 1) for e in node.elements)
    if isinstance(node, cst.Attribute):
        return node.attr.value in ("shape", "ndim", "dtype", "size")
    if isinstance(node, cst.Call):
        if isinstance(node.func, cst.Name) and scope.lookup(node.func.value) is None:
            return node.func.value in ("tuple", "int", "float", "bool", "str", "len", "frozenset", "hash")
        return isinstance(node.func, cst.Attribute) and node.func.attr.value == "item"
    return False


def constructor_arguments(
    index: ScanIndex, class_node: cst.ClassDef, init: cst.FunctionDef | None, parameter: str
) -> list[tuple[cst.BaseExpression, Scope]]:
    """What the constructions of `class_node` in this file pass to `parameter` (of `init`, or
    the dataclass field of that name when `init` is None), with the scope of each call."""
    if init is not None:
        params = [p.name.value for p in (*init.params.posonly_params, *init.params.params)][1:]
        if parameter not in params and parameter not in {p.name.value for p in init.params.kwonly_params}:
            return []
    else:
        if not _declares(class_node, parameter):
            return []
        params = _init_fields(index, class_node) or []
    position = params.index(parameter) if parameter in params else -1
    passed = []
    for call, scope in constructions_of(index, class_node):
        value = argument(call, position, parameter) if position >= 0 else keyword_argument(call, parameter)
        if value is not None:
            passed.append((value, scope))
    return passed


def dataclass_field_values(index: ScanIndex, class_node: cst.ClassDef, name: str) -> list[tuple[cst.BaseExpression, Scope]]:
    """What a dataclass field holds: what the constructions in the file pass for it, and its
    default when one of them leaves it out (`metrics: nnx.MultiMetric = field(default_factory=
    lambda: nnx.MultiMetric(...))` gives the lambda's expression). Nothing when a construction
    unpacks its arguments or leaves out a field whose default is not known."""
    arguments = _field_arguments(index, class_node, name)
    if arguments is None:
        return []
    passed, omitted = arguments
    if not omitted:
        return passed
    default = _field_default_value(index, class_node, name)
    return passed + [default] if default is not None else []


def dataclass_field_factory(index: ScanIndex, class_node: cst.ClassDef, name: str) -> cst.BaseExpression | None:
    """The `default_factory=` of a dataclass field (`history: list = field(default_factory=
    list)`) when every construction of the class in the file leaves the field out, so each
    object gets a new value from it; None otherwise."""
    arguments = _field_arguments(index, class_node, name)
    declaration = field_declaration(index, class_node, name)
    declared = declaration.value if declaration is not None else None
    if arguments is None or arguments[0] or not arguments[1] or not isinstance(declared, cst.Call):
        return None
    return keyword_argument(declared, "default_factory") if index.qualify(declared.func) == "dataclasses.field" else None


def _field_arguments(
    index: ScanIndex, class_node: cst.ClassDef, name: str
) -> tuple[list[tuple[cst.BaseExpression, Scope]], bool] | None:
    """What the constructions of a dataclass in the file pass for one of its fields, with
    their scopes, and whether one of them leaves it out; None when it is no field of the class's
    `__init__`, or a construction unpacks its arguments."""
    fields = _init_fields(index, class_node) if _declares(class_node, name) else None
    if fields is None or name not in fields:
        return None
    position = fields.index(name)
    passed: list[tuple[cst.BaseExpression, Scope]] = []
    omitted = False
    for call, scope in constructions_of(index, class_node):
        if any(arg.star for arg in call.args):
            return None
        value = argument(call, position, name)
        if value is None:
            omitted = True
        else:
            passed.append((value, scope))
    return passed, omitted


def field_declaration(index: ScanIndex, class_node: cst.ClassDef, field: str) -> cst.AnnAssign | None:
    """The class body's `field: T = ...` declaration of a field (not a `ClassVar`)."""
    for statement in class_statements(class_node):
        if (
            isinstance(statement, cst.AnnAssign)
            and isinstance(statement.target, cst.Name)
            and statement.target.value == field
            and not is_class_variable(index, statement.annotation.annotation)
        ):
            return statement
    return None


def _field_default_value(index: ScanIndex, class_node: cst.ClassDef, name: str) -> tuple[cst.BaseExpression, Scope] | None:
    """The value a dataclass field starts with when a construction leaves it out, with its
    scope: a plain default, or what `field(...)` gives (see `field_default`; a
    `default_factory` lambda's body in the lambda's scope)."""
    declaration = field_declaration(index, class_node, name)
    value = declaration.value if declaration is not None else None
    if not (isinstance(value, cst.Call) and index.qualify(value.func) == "dataclasses.field"):
        return (value, index.scope_of[class_node]) if value is not None else None
    default = field_default(value)
    factory = keyword_argument(value, "default_factory")
    if isinstance(factory, cst.Lambda) and default is factory.body and factory in index.scope_of:
        return default, index.scope_of[factory]
    return (default, index.scope_of[class_node]) if default is not None else None


def kept_argument(index: ScanIndex, class_node: cst.ClassDef, call: cst.Call, attribute: str) -> cst.BaseExpression | None:
    """What one construction of a class passes for what its objects keep in `self.<attribute>`:
    the argument for the dataclass field of that name (a class without an `__init__` of its
    own or a base's), or for the `__init__` parameter `__init__` stores there as it is. None
    when that is not known, the construction leaves it out, or another method sets it."""
    owner = index.defining_class(class_node, "__init__")
    init = index.method_of(owner, "__init__") if owner is not None else None
    setters = [
        statement
        for each in {class_node, owner} - {None}
        for statement in each.body.body  # type: ignore[union-attr]
        if isinstance(statement, cst.FunctionDef)
        and statement is not init
        and attribute in index.self_attribute_values(each, statement.name.value)  # type: ignore[arg-type]
    ]
    if setters:
        return None
    if init is None:
        fields = _init_fields(index, class_node) if _declares(class_node, attribute) else None
        if fields is None or attribute not in fields:
            return None
        return argument(call, fields.index(attribute), attribute)
    assert owner is not None
    stored = index.self_attribute_values(owner, "__init__").get(attribute, [])
    parameter = _parameter_stored(index, init, stored[0]) if len(stored) == 1 else None
    if parameter is None:
        return None
    name = parameter.name.value
    positional = [p.name.value for p in (*init.params.posonly_params, *init.params.params)][1:]
    return argument(call, positional.index(name), name) if name in positional else keyword_argument(call, name)


def _constructed_with(
    index: ScanIndex, class_node: cst.ClassDef, init: cst.FunctionDef | None, parameter: str, depth: int
) -> ArrayEvidence | None:
    """Evidence that a construction of `class_node` in this file passes an array to `parameter`."""
    for value, scope in constructor_arguments(index, class_node, init, parameter):
        found = array_evidence(index, value, scope, depth + 1)
        if found is not None:
            reason = f"`{class_node.name.value}(...)` {_where(scope)} passes `{parameter}` one {found.reason}"
            return ArrayEvidence(reason, found.elements, found.library)
    return None


def constructions_of(index: ScanIndex, class_node: cst.ClassDef) -> list[tuple[cst.Call, Scope]]:
    """Calls of the class by its name, and of `cls` in its classmethods."""
    known = index.derived.setdefault(_ConstructionSites, _ConstructionSites())
    assert isinstance(known, _ConstructionSites)
    if class_node not in known:
        known[class_node] = _find_constructions(index, class_node)
    return known[class_node]


def _find_constructions(index: ScanIndex, class_node: cst.ClassDef) -> list[tuple[cst.Call, Scope]]:
    sites: list[tuple[cst.Call, Scope]] = []
    enclosing = index.scope_of[class_node].parent
    name = class_node.name.value
    if enclosing is not None and len(enclosing.bindings.get(name, [])) == 1:
        sites += index.calls_of(name, enclosing)
    for method in _classmethods(index, class_node):
        params = method.params.params or method.params.posonly_params
        if params:
            sites += index.calls_of(params[0].name.value, index.scope_of[method])
    return sites + index.registry_constructions(class_node)


def _classmethods(index: ScanIndex, class_node: cst.ClassDef) -> list[cst.FunctionDef]:
    class_scope = index.scope_of[class_node]
    return [
        value
        for values in class_scope.bindings.values()
        for value in values
        if isinstance(value, cst.FunctionDef)
        and any(index.qualify(d.decorator) == "builtins.classmethod" or _is_name(d.decorator, "classmethod") for d in value.decorators)
    ]


def _where(scope: Scope) -> str:
    node = scope.node
    if isinstance(node, cst.FunctionDef):
        return f"in `{node.name.value}`"
    if isinstance(node, cst.Lambda):
        return "in a lambda"
    return "at module level"


def _is_name(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


def class_statements(class_node: cst.ClassDef) -> list[cst.BaseSmallStatement]:
    """The simple statements directly in a class body (field declarations, assignments)."""
    body = class_node.body
    if isinstance(body, cst.SimpleStatementSuite):
        return list(body.body)
    statements: list[cst.BaseSmallStatement] = []
    for line in body.body:
        if isinstance(line, cst.SimpleStatementLine):
            statements.extend(line.body)
    return statements


def _assignments_to_attribute(
    method: cst.FunctionDef, self_name: str, attr: str
) -> list[cst.BaseExpression | None]:
    """Values assigned to `self.attr` in a method (`self.attr = v`, `self.attr: T = v`,
    `object.__setattr__(self, "attr", v)`), not counting nested functions; None for an
    assignment whose value cannot be seen (unpacking, `+=`)."""
    collector = _AttributeAssignments(self_name, attr)
    walk(method.body, collector)
    return collector.values


class _AttributeAssignments(cst.CSTVisitor):
    def __init__(self, self_name: str, attr: str) -> None:
        self.self_name = self_name
        self.attr = attr
        self.values: list[cst.BaseExpression | None] = []

    def _is_target(self, node: cst.BaseExpression) -> bool:
        return (
            isinstance(node, cst.Attribute)
            and _is_name(node.value, self.self_name)
            and node.attr.value == self.attr
        )

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if self._is_target(target.target):
                self.values.append(node.value)
            elif isinstance(target.target, (cst.Tuple, cst.List)):
                self._unpacking(target.target, node.value)

    def _unpacking(self, target: cst.Tuple | cst.List, value: cst.BaseExpression) -> None:
        """`self.a, self.b = a, b` pairs up; any other unpacking into `self.attr` is opaque."""
        targets = target.elements
        if not any(self._is_target(e.value) for e in targets):
            return
        values = value.elements if isinstance(value, (cst.Tuple, cst.List)) else None
        if (
            values is None
            or len(values) != len(targets)
            or not all(isinstance(e, cst.Element) for e in (*targets, *values))
        ):
            self.values.append(None)
            return
        for target_element, value_element in zip(targets, values):
            if self._is_target(target_element.value):
                self.values.append(value_element.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if self._is_target(node.target) and node.value is not None:
            self.values.append(node.value)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if self._is_target(node.target):
            self.values.append(None)

    def visit_Call(self, node: cst.Call) -> None:
        if (
            dotted_as_written(node.func) == "object.__setattr__"
            and len(node.args) == 3
            and _is_name(node.args[0].value, self.self_name)
            and isinstance(node.args[1].value, cst.SimpleString)
            and node.args[1].value.evaluated_value == self.attr
        ):
            self.values.append(node.args[2].value)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False
