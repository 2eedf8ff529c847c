# label: trace-context
# flax-error: TraceContextError: Cannot mutate KerningCache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a CacheResetVisitor held by TypesetJob walks TypesetJob.model with nnx.iter_graph and zeroes every KerningCache variable inside the jax.lax.fori_loop body
"""Learned kerning for a digital type foundry's typesetting service.

A line kerner adjusts the spacing of each glyph pair with two pair models that keep a short
memory of the previous adjustment; a visitor walks the module tree to clear those memories at
the start of every line.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class KerningCache(nnx.Variable):
    """Memory of the previous pair adjustment on the current line."""


class PairKerner(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.table = nnx.Linear(4, 1, rngs=rngs)
        self.memory = KerningCache(jnp.zeros(()))

    def __call__(self, pair):
        adjust = self.table(pair)[0] + 0.5 * self.memory[...]
        self.memory[...] = adjust
        return adjust


class LineKerner(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.upper = PairKerner(rngs)
        self.lower = PairKerner(rngs)

    def __call__(self, line):
        return jnp.stack([self.upper(pair) + self.lower(pair) for pair in line])


class ModuleVisitor:
    def visit(self, root):
        for path, node in nnx.iter_graph(root):
            handler = getattr(self, f"visit_{type(node).__name__}", None)
            if handler is not None:
                handler(path, node)


class CacheResetVisitor(ModuleVisitor):
    def visit_KerningCache(self, path, variable):
        variable[...] = jnp.zeros_like(variable[...])


class TypesetJob:
    def __init__(self, model: LineKerner):
        self.model = model
        self.reset = CacheResetVisitor()

    def kern_page(self, lines):
        def kern_line(i, widths):
            self.reset.visit(self.model)
            return widths.at[i].set(self.model(lines[i]).sum())

        return jax.lax.fori_loop(0, lines.shape[0], kern_line, jnp.zeros(lines.shape[0]))


def main():
    lines = jnp.linspace(-1.0, 1.0, 3 * 5 * 4).reshape(3, 5, 4)  # 3 lines, 5 pairs, 4 features
    TypesetJob(LineKerner(nnx.Rngs(0))).kern_page(lines)
    return None
