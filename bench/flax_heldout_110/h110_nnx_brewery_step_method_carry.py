# label: ok
# flax-error: none
# class: 3 the trainer's self.counters state (a Variable subclass split off the model) goes through the while_loop carry; self._step (= self._train_step, stored in __init__) merges params with the carried counters and returns their updated state
"""Craft brewery: fit the fermentation gravity-curve model until it reaches tolerance.

The model counts the batches it has seen in a Variable subclass so the brewmaster's
dashboard can show how much data backs each tank's curve.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class BatchesSeen(nnx.Variable):
    pass


class GravityCurve(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.readings = nnx.Linear(4, 12, rngs=rngs)
        self.gravity = nnx.Linear(12, 1, rngs=rngs)
        self.seen = BatchesSeen(jnp.zeros((), jnp.int32))

    def __call__(self, readings):
        self.seen[...] += 1
        return 1.0 + 0.1 * nnx.sigmoid(self.gravity(nnx.tanh(self.readings(readings))))[..., 0]


class GravityTrainer:
    def __init__(self, model: GravityCurve, readings, gravity, lr=0.1, tol=1e-4, max_steps=20):
        self.graphdef, self.params, self.counters = nnx.split(model, nnx.Param, BatchesSeen)
        self.readings, self.gravity = readings, gravity
        self.lr, self.tol, self.max_steps = lr, tol, max_steps
        self._step = self._train_step

    def _train_step(self, carry):
        step, params, counters, _ = carry
        model = nnx.merge(self.graphdef, params, counters)
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(self.readings) - self.gravity) ** 2))(model)
        params = jax.tree.map(lambda p, g: p - self.lr * g, nnx.state(model, nnx.Param), grads)
        return step + 1, params, nnx.state(model, BatchesSeen), loss

    def fit(self):
        def keep_going(carry):
            step, _, _, loss = carry
            return (step < self.max_steps) & (loss > self.tol)

        init = (0, self.params, self.counters, jnp.inf)
        step, self.params, self.counters, loss = while_loop(keep_going, self._step, init)
        return step, loss


def main():
    readings = jax.random.uniform(jax.random.key(0), (40, 4))  # 40 tank readings x 4 sensors
    gravity = 1.0 + 0.05 * jax.random.uniform(jax.random.key(1), (40,))
    trainer = GravityTrainer(GravityCurve(nnx.Rngs(0)), readings, gravity)
    jax.block_until_ready(trainer.fit())
    return None
