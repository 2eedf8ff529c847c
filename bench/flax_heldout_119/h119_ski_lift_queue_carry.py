# label: ok
# flax-error: none
# class: 3 the dispatcher's self.model / self.variables are applied in the while_loop body with mutable=['normalizer']; the EMA goes through the carry and back onto the dispatcher after the loop
"""Ski-lift queue dispatcher: release chairs until the base-station queue drops below target,
with a queue-length normaliser kept as an exponential moving average."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class ChairRelease(nn.Module):
    lifts: int = 3
    decay: float = 0.9

    @nn.compact
    def __call__(self, queue):
        ema = self.variable("normalizer", "queue_ema", lambda: jnp.ones(queue.shape[-1]))
        if not self.is_initializing():
            ema.value = self.decay * ema.value + (1.0 - self.decay) * queue
        scaled = queue / (ema.value + 1e-3)
        return 4.0 * jax.nn.sigmoid(nn.Dense(self.lifts)(scaled))


class LiftDispatcher:
    def __init__(self, model, variables, target=5.0, max_rounds=40):
        self.model = model
        self.variables = variables
        self.target = target
        self.max_rounds = max_rounds

    def clear_queue(self, queue, arrivals_per_round):
        def cond(state):
            rounds, q, _ = state
            return jnp.logical_and(rounds < self.max_rounds, q.sum() > self.target)

        def body(state):
            rounds, q, normalizer = state
            chairs, updates = self.model.apply(
                {"params": self.variables["params"], "normalizer": normalizer}, q, mutable=["normalizer"])
            q = jnp.maximum(q + arrivals_per_round - chairs, 0.0)
            return rounds + 1, q, updates["normalizer"]

        rounds, q, normalizer = while_loop(cond, body, (0, queue, self.variables["normalizer"]))
        self.variables = {**self.variables, "normalizer": normalizer}
        return rounds, q


def main():
    queue = jnp.array([30.0, 12.0, 21.0])
    model = ChairRelease()
    variables = model.init(jax.random.key(0), queue)
    dispatcher = LiftDispatcher(model, variables)
    rounds, remaining = dispatcher.clear_queue(queue, jnp.array([1.0, 0.5, 0.8]))
    jax.block_until_ready(remaining)
    return None
