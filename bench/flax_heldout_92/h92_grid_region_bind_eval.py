# label: ok
# flax-error: none
# class: 5 model.bind(variables) (read-only) is stored on a region object and called in eval mode inside a fori_loop body
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
        self.bound = model.bind(variables)

    def recalibrate(self, windows):
        def body(i, total):
            pred = self.bound(windows[i], train=False)
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
