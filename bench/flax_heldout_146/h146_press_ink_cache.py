# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 PressLine.print_run owns the 'cache' ink_level variable and writes it inside its own jax.lax.scan body; the controller reads the cache returned by apply
"""Offset printing press: tracks ink depletion across a shift of sheets."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class PlateCylinder(nn.Module):
    n_colors: int = 4

    @nn.compact
    def __call__(self, sheet):
        coverage = nn.Dense(self.n_colors)(sheet)
        return nn.softplus(coverage)


class PressLine(nn.Module):
    n_colors: int = 4
    reservoir_ml: float = 500.0

    def setup(self):
        self.plate = PlateCylinder(self.n_colors)
        self.ink = self.variable(
            "cache", "ink_level", lambda: jnp.full((self.n_colors,), self.reservoir_ml)
        )

    def __call__(self, sheet):
        return self.plate(sheet)

    def print_run(self, sheets):
        def body(printed, sheet):
            usage = self.plate(sheet).mean(axis=0)
            self.ink.value = self.ink.value - usage
            return printed + 1, usage

        n_printed, usage = jax.lax.scan(body, jnp.zeros((), jnp.int32), sheets)
        return n_printed, usage


class PressController:
    def __init__(self, line: PressLine, variables):
        self.line = line
        self.variables = variables

    def run_shift(self, sheets):
        (n_printed, usage), state = self.line.apply(
            self.variables, sheets, method=PressLine.print_run, mutable=["cache"]
        )
        self.variables = {**self.variables, **state}
        return n_printed

    def low_ink_colors(self, threshold: float = 450.0):
        level = self.variables["cache"]["ink_level"]
        return jnp.nonzero(level < threshold, size=self.line.n_colors, fill_value=-1)[0]


def main():
    sheets = jax.random.uniform(jax.random.key(0), (12, 3, 8))
    line = PressLine()
    variables = line.init(jax.random.key(1), sheets[0])
    controller = PressController(line, variables)
    controller.run_shift(sheets)
    print("refill", controller.low_ink_colors())
    return None
