# label: ok
# flax-error: none
# class: 1 FrostForecaster.__call__ runs the scan itself; self.cell makes the initial carry before the loop, so its params exist when the body calls it
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

        h0 = self.cell(jnp.zeros(self.features), night[0])
        _, hs = lax.scan(body, h0, night[1:])
        return self.head(jnp.concatenate([h0[None], hs]))[..., 0]



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
