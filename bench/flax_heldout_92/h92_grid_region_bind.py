# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 model.bind(variables, mutable=batch_stats) is stored on a region object and called inside a fori_loop body
"""Per-region load forecaster kept as a bound module so the dashboard can call it like a function."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class RegionLoadModel(nn.Module):
    horizon: int = 4

    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.Dense(32)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(self.horizon)(nn.relu(h))


class Region:
    def __init__(self, code, model, variables):
        self.code = code
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def recalibrate(self, windows):
        def body(i, total):
            pred = self.bound(windows[i], train=True)
            return total + pred.sum()

        return lax.fori_loop(0, windows.shape[0], body, jnp.zeros(()))

    def snapshot(self):
        return jax.tree.map(lambda a: a.copy(), self.bound.variables)


def main():
    model = RegionLoadModel()
    windows = jnp.ones((5, 12, 6))
    variables = model.init(jax.random.key(0), windows[0])
    region = Region("ERCOT-W", model, variables)
    region.recalibrate(windows)
    region.snapshot()
    return None
