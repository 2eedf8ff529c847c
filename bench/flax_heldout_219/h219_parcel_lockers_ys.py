# label: ok
# flax-error: none
# class: 4 the "intermediates" collection returned by model.apply inside the scan body leaves the loop as the scan output and is handed to every callback in Evaluator.callbacks after the loop
"""Parcel locker occupancy: an evaluator replays a week of drop-off counts through the
occupancy model; callbacks watch the hidden activations for drift."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class OccupancyNet(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, dropoffs):
        h = nn.Dense(self.hidden, name="encoder")(dropoffs)
        self.sow("intermediates", "hidden", h)
        return nn.sigmoid(nn.Dense(1, name="head")(nn.tanh(h)))[..., 0]


class Callback:
    def on_steps(self, intermediates):
        pass

    def on_end(self):
        return None


class HiddenNormLogger(Callback):
    def __init__(self):
        self.norms = []

    def on_steps(self, intermediates):
        # intermediates carry the step on their leading axis
        self.norms.append(jnp.linalg.norm(intermediates["hidden"][0], axis=-1))

    def on_end(self):
        return jnp.concatenate(self.norms).mean(0)


class Evaluator:
    def __init__(self, model, variables, callbacks=()):
        self.model = model
        self.variables = variables
        self.callbacks = list(callbacks)

    def run(self, days):
        def body(full, dropoffs):
            occupancy, state = self.model.apply(self.variables, dropoffs, mutable=["intermediates"])
            return full + (occupancy > 0.9).sum(), state["intermediates"]

        full_days, inter = jax.lax.scan(body, jnp.zeros((), jnp.int32), days)
        for cb in self.callbacks:
            cb.on_steps(inter)
        return full_days, [cb.on_end() for cb in self.callbacks]


def main():
    model = OccupancyNet()
    days = jax.random.poisson(jax.random.key(2), 3.0, (7, 6, 4)).astype(jnp.float32)
    variables = model.init(jax.random.key(0), days[0])
    Evaluator(model, {"params": variables["params"]}, [HiddenNormLogger()]).run(days)
    return None
