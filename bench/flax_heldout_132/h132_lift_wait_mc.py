# label: same-values
# flax-error: none
# class: 4 simulator -> key strategy object whose key_for(step) hands out the 'arrivals' key -> model.apply in the while_loop body
"""Monte-Carlo simulation of skier arrivals at a chairlift base station."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ArrivalModel(nn.Module):
    stations: int = 4

    @nn.compact
    def __call__(self, hour_feats):
        rate = nn.softplus(nn.Dense(self.stations)(hour_feats))
        u = jax.random.uniform(self.make_rng("arrivals"), rate.shape)
        return -jnp.log1p(-u) * rate  # exponential inter-arrival times per station


class FixedKeyStrategy:
    """Hands out the key reserved for a simulation run."""

    def __init__(self, key):
        self._key = key

    def key_for(self, step):
        del step
        return self._key


class QueueSimulator:
    def __init__(self, model, variables, strategy, num_steps=6):
        self.model = model
        self.variables = variables
        self.strategy = strategy
        self.num_steps = num_steps

    def run(self, hour_feats):
        buffer = jnp.zeros((self.num_steps, self.model.stations))

        def cond(state):
            step, _ = state
            return step < self.num_steps

        def body(state):
            step, buf = state
            gaps = self.model.apply(self.variables, hour_feats, rngs={"arrivals": self.strategy.key_for(step)})
            return step + 1, buf.at[step].set(gaps)

        _, buffer = lax.while_loop(cond, body, (0, buffer))
        return buffer


def main():
    hour_feats = jnp.array([0.3, 0.8, -0.1])  # snowfall, weekend flag, temperature
    model = ArrivalModel()
    variables = model.init({"params": jax.random.key(0), "arrivals": jax.random.key(1)}, hour_feats)
    simulator = QueueSimulator(model, variables, FixedKeyStrategy(jax.random.key(2024)))
    return simulator.run(hour_feats)
