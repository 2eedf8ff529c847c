# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[11,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 FrostForecaster.__call__ runs the scan itself; its setup() submodule self.cell is first called inside the body
"""Vineyard frost protection: overnight canopy-temperature forecast that decides when fans start."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class FrostCell(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, h, x):
        return jnp.tanh(nn.Dense(self.features, name="mix")(jnp.concatenate([h, x])))


class FrostForecaster(nn.Module):
    features: int = 8

    def setup(self):
        self.cell = FrostCell(self.features)
        self.head = nn.Dense(1)

    def __call__(self, night):
        def body(h, x):
            h = self.cell(h, x)
            return h, h

        h0 = jnp.zeros(self.features)
        _, hs = lax.scan(body, h0, night)
        return self.head(hs)[..., 0]


def fan_schedule(model, variables, night, threshold=0.0):
    canopy = model.apply(variables, night)
    return canopy < threshold


def main():
    hours, n_feat = 10, 3
    night = jax.random.normal(jax.random.key(0), (hours, n_feat))
    model = FrostForecaster()
    variables = model.init(jax.random.key(1), night)
    print(fan_schedule(model, variables, night))
    return None
