# label: same-values
# flax-error: none
# class: 3 ClaimsSimulator.self.key is passed as rngs={"claims": self.key} to model.apply in every while_loop iteration
"""Insurance reserving: simulates yearly aggregate claims of a portfolio with a learned frequency model."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ClaimGenerator(nn.Module):
    n_policies: int

    @nn.compact
    def __call__(self, exposure):
        log_freq = nn.Dense(1, name="frequency")(exposure)[..., 0]
        counts = jax.random.poisson(self.make_rng("claims"), jnp.exp(log_freq - 2.0))
        severity = jax.random.lognormal(self.make_rng("claims"), 0.8, (self.n_policies,)) * 1000.0
        return (counts * severity).sum()


@dataclasses.dataclass
class ClaimsSimulator:
    model: ClaimGenerator
    params: dict
    key: jax.Array
    horizon: int = 5

    def run(self, exposure):
        def more_years(state):
            year, _ = state
            return year < self.horizon

        def one_year(state):
            year, paid = state
            total = self.model.apply({"params": self.params}, exposure, rngs={"claims": self.key})
            return year + 1, paid.at[year].set(total)

        _, paid = lax.while_loop(more_years, one_year, (0, jnp.zeros(self.horizon)))
        return paid


def main():
    exposure = jax.random.uniform(jax.random.key(0), (40, 4))  # policies x (age, vehicle, region, limit)
    model = ClaimGenerator(n_policies=40)
    variables = model.init({"params": jax.random.key(1), "claims": jax.random.key(2)}, exposure)
    simulator = ClaimsSimulator(model, variables["params"], jax.random.key(3))
    return simulator.run(exposure)
