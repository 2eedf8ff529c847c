# label: same-values
# flax-error: none
# class: 4 the scan body reaches engine.simulator.bound, a model.bind(variables, rngs={'demand': key}) held by the simulator, whose sample() calls make_rng
"""Hotel revenue management: simulate booking demand for each night of a pricing horizon.

The pricing engine asks its DemandSimulator for one demand draw per night at the proposed
rate card; the simulator keeps the demand model bound to its variables and an RNG stream.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

ROOM_TYPES = 4


class DemandModel(nn.Module):
    @nn.compact
    def __call__(self, rates):
        base = nn.softplus(nn.Dense(ROOM_TYPES)(rates))
        return base

    def sample(self, rates):
        mean = self(rates)
        shock = jax.random.gamma(self.make_rng("demand"), 4.0, mean.shape) / 4.0
        return mean * shock


class DemandSimulator:
    def __init__(self, model, variables, seed):
        self.bound = model.bind(variables, rngs={"demand": jax.random.key(seed)})

    def draw(self, rates):
        return self.bound.sample(rates)


class PricingEngine:
    def __init__(self, simulator: DemandSimulator, horizon: int):
        self.simulator = simulator
        self.horizon = horizon

    def simulate_horizon(self, rate_card):
        def night(revenue, _):
            demand = self.simulator.bound.sample(rate_card)
            return revenue + jnp.sum(demand * rate_card), demand

        return jax.lax.scan(night, 0.0, None, length=self.horizon)


def main():
    rate_card = jnp.array([1.2, 1.5, 2.1, 3.4])
    model = DemandModel()
    variables = model.init(jax.random.key(0), rate_card)
    engine = PricingEngine(DemandSimulator(model, variables, seed=11), horizon=7)
    _, per_night = engine.simulate_horizon(rate_card)
    return per_night
