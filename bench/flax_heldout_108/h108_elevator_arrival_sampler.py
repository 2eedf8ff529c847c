# label: same-values
# flax-error: none
# class: 1 ArrivalModel.simulate owns the "arrivals" rng stream and calls self.make_rng inside its own lax.while_loop body
"""Elevator dispatch planning: samples passenger arrivals per floor until the event budget is used."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ArrivalModel(nn.Module):
    floors: int = 10

    @nn.compact
    def __call__(self, hour_features):
        return nn.softplus(nn.Dense(self.floors)(hour_features))

    def simulate(self, hour_features, max_events):
        rates = self(hour_features)

        def cond(state):
            i, _ = state
            return i < max_events

        def body(state):
            i, events = state
            key = self.make_rng("arrivals")
            counts = jax.random.poisson(key, rates)
            return i + 1, events.at[i].set(counts)

        empty = jnp.zeros((max_events, self.floors), jnp.int32)
        _, events = lax.while_loop(cond, body, (0, empty))
        return events


class DispatchPlanner:
    def __init__(self, model, seed=0):
        self.model = model
        self.variables = model.init(jax.random.key(seed), jnp.zeros((4,)))

    def arrivals(self, hour_features, events, key):
        return self.model.apply(self.variables, hour_features, events,
                                method=ArrivalModel.simulate, rngs={"arrivals": key})


def main():
    planner = DispatchPlanner(ArrivalModel())
    morning_peak = jnp.array([1.0, 0.5, 0.0, 2.0])
    return planner.arrivals(morning_peak, 8, jax.random.key(42))
