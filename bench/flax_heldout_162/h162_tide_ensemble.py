# label: same-values
# flax-error: none
# class: 1 TideEnsemble.__call__ runs the scan itself and calls self.make_rng('perturb') inside the body, which is traced once
"""Harbour tide-gauge ensemble: a Linen module projects gauge features to a base
water level and perturbs every ensemble member at each forecast hour."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class TideEnsemble(nn.Module):
    members: int = 4
    sigma: float = 0.05

    def setup(self):
        self.level = nn.Dense(1)
        self.spread = self.param("spread", nn.initializers.ones, (self.members,))

    def __call__(self, gauges):
        base = self.level(gauges)[..., 0]  # (hours,)

        def hour(carry, base_h):
            noise = jax.random.normal(self.make_rng("perturb"), (self.members,))
            offset = self.sigma * self.spread * noise
            return carry + offset.mean(), offset

        _, offsets = lax.scan(hour, jnp.zeros(()), base)
        return base, offsets


def main():
    gauges = jax.random.normal(jax.random.key(0), (6, 3))
    model = TideEnsemble()
    variables = model.init({"params": jax.random.key(1), "perturb": jax.random.key(2)}, gauges)
    _, offsets = model.apply(variables, gauges, rngs={"perturb": jax.random.key(3)})
    return offsets
