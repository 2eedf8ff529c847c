# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 RiskModel builds its recurrent cell through build_cell(), which wraps SnowpackCell in nn.remat; the cell is called inside the raw scan body
"""Avalanche risk: daily snowpack state from weather, rematerialised to save memory on long seasons."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class SnowpackCell(nn.Module):
    @nn.compact
    def __call__(self, h, x):
        return nn.tanh(nn.Dense(h.shape[-1])(jnp.concatenate([h, x])))


def build_cell(memory_efficient: bool):
    return nn.remat(SnowpackCell) if memory_efficient else SnowpackCell


class RiskModel(nn.Module):
    memory_efficient: bool = True
    width: int = 6

    @nn.compact
    def __call__(self, days):
        cell = build_cell(self.memory_efficient)(name="cell")

        def body(h, x):
            h = cell(h, x)
            return h, h

        _, hs = jax.lax.scan(body, jnp.zeros(self.width), days)
        return nn.sigmoid(nn.Dense(1, name="danger")(hs))[..., 0]


def bulletin(model, variables, days, level=0.5):
    danger = model.apply(variables, days)
    return jnp.sum(danger > level)


def main():
    days = jax.random.normal(jax.random.key(0), (14, 4))
    model = RiskModel()
    variables = model.init(jax.random.key(1), days)
    print(int(bulletin(model, variables, days)))
    return None
