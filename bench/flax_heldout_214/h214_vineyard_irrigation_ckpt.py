# label: same-values
# flax-error: none
# class: 5 the while_loop body calls a jax.checkpoint-wrapped sampler from make_sampler(), which closes over model.apply(variables, rngs={"weather": key})
"""Vineyard irrigation: sample rainfall scenarios for the blocks of a vineyard before the
irrigation planner decides how long to run each valve."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RainfallSampler(nn.Module):
    blocks: int = 4

    @nn.compact
    def __call__(self, conditions):
        mean_mm = nn.softplus(nn.Dense(self.blocks)(conditions))
        shock = jax.random.gamma(self.make_rng("weather"), 2.0, (self.blocks,))
        return mean_mm * shock


def make_sampler(model, variables, key):
    def sample(conditions):
        return model.apply(variables, conditions, rngs={"weather": key})
    return jax.checkpoint(sample)


def rainfall_scenarios(sampler, conditions, n_scenarios, blocks):
    def more(state):
        return state[0] < n_scenarios

    def draw(state):
        i, buf = state
        return i + 1, buf.at[i].set(sampler(conditions))

    _, buf = jax.lax.while_loop(more, draw, (0, jnp.zeros((n_scenarios, blocks))))
    return buf


def main():
    conditions = jnp.array([0.62, 0.18, 0.3])  # soil moisture, forecast cloud, wind
    model = RainfallSampler()
    variables = model.init({"params": jax.random.key(0), "weather": jax.random.key(1)}, conditions)
    sampler = make_sampler(model, variables, jax.random.key(11))
    return rainfall_scenarios(sampler, conditions, n_scenarios=6, blocks=model.blocks)
