# label: same-values
# flax-error: none
# class: 1 CrossingDelayModel.scenarios owns the while_loop and calls self.make_rng('scenario') in its body
"""Ferry crossing delays: scenario generator for the harbour operations dashboard.

The model predicts the expected delay of each route from weather and load, and its scenarios
method samples delay scenarios around that expectation in a while_loop.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class CrossingDelayModel(nn.Module):
    spread: float = 4.0

    @nn.compact
    def __call__(self, conditions):
        h = nn.tanh(nn.Dense(16)(conditions))
        return 5.0 + nn.softplus(nn.Dense(1)(h))[..., 0]

    def scenarios(self, conditions, num_scenarios: int):
        expected = self(conditions)

        def more(state):
            i, _ = state
            return i < num_scenarios

        def draw(state):
            i, table = state
            shock = jax.random.gumbel(self.make_rng("scenario"), expected.shape)
            return i + 1, table.at[i].set(expected + self.spread * shock)

        table = jnp.zeros((num_scenarios,) + expected.shape)
        _, table = jax.lax.while_loop(more, draw, (0, table))
        return table


def route_conditions():
    wind = jnp.array([12.0, 25.0, 8.0, 31.0])
    swell = jnp.array([0.5, 1.8, 0.3, 2.4])
    load = jnp.array([0.7, 0.9, 0.4, 1.0])
    return jnp.stack([wind / 30.0, swell, load], axis=-1)


def main():
    conditions = route_conditions()
    model = CrossingDelayModel()
    variables = model.init(jax.random.key(0), conditions)
    table = model.apply(
        variables, conditions, 10,
        method=CrossingDelayModel.scenarios,
        rngs={"scenario": jax.random.key(7)},
    )
    return table
