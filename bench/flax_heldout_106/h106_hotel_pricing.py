# label: same-values
# flax-error: none
# class: 4 RevenueSimulator.service._bound[market] caches model.bind(variables, rngs=...); the fori_loop body calls self.service.for_market(m).propose, which uses make_rng
"""Hotel revenue management: nightly rate proposals with exploration, per market."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class RatePolicy(nn.Module):
    hidden: int = 16
    explore_scale: float = 0.05

    @nn.compact
    def __call__(self, demand):
        h = nn.tanh(nn.Dense(self.hidden)(demand))
        return 100.0 * nn.softplus(nn.Dense(1)(h))[..., 0]

    def propose(self, demand):
        base = self(demand)
        bump = self.explore_scale * jax.random.normal(self.make_rng("explore"), base.shape)
        return base * jnp.exp(bump), bump


class PricingService:
    """Keeps one bound policy per market so request handlers skip re-binding."""

    def __init__(self, model: RatePolicy, checkpoints: dict, seed: int = 0):
        self.model = model
        self.checkpoints = checkpoints
        self.seed = seed
        self._bound = {}

    def for_market(self, market: str):
        if market not in self._bound:
            self._bound[market] = self.model.bind(
                self.checkpoints[market], rngs={"explore": jax.random.key(self.seed)}
            )
        return self._bound[market]


class RevenueSimulator:
    def __init__(self, service: PricingService):
        self.service = service

    def simulate(self, market: str, demand, nights: int):
        def night(i, log):
            _, bump = self.service.for_market(market).propose(demand)
            return log.at[i].set(bump)

        return jax.lax.fori_loop(0, nights, night, jnp.zeros((nights,) + demand.shape[:-1]))


def main():
    model = RatePolicy()
    demand = jax.random.uniform(jax.random.key(4), (6, 3))  # room types, demand signals
    checkpoints = {m: model.init(jax.random.key(i), demand) for i, m in enumerate(["lisbon", "porto"])}
    sim = RevenueSimulator(PricingService(model, checkpoints, seed=21))
    return sim.simulate("lisbon", demand, nights=7)
