# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 while_loop body calls the phase state machine, which records the best loss on itself; the trainer reads it after the loop
"""Training driven by a phase state machine (warmup -> main -> cooldown) inside a raw
lax.while_loop that stops when the loss is small enough."""
import enum

import jax
import jax.numpy as jnp
import flax.linen as nn


class Phase(enum.IntEnum):
    WARMUP = 0
    MAIN = 1
    COOLDOWN = 2


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(x)


class PhaseMachine:
    def __init__(self, warmup_steps=2, main_steps=4):
        self.warmup_steps = warmup_steps
        self.main_steps = main_steps
        self.best_loss = jnp.inf

    def lr(self, step):
        phase = jnp.where(step < self.warmup_steps, Phase.WARMUP,
                          jnp.where(step < self.warmup_steps + self.main_steps, Phase.MAIN, Phase.COOLDOWN))
        return jnp.array([0.01, 0.1, 0.01])[phase]

    def observe(self, loss):
        self.best_loss = jnp.minimum(self.best_loss, loss)


class PhasedTrainer:
    def __init__(self, model, machine):
        self.model = model
        self.machine = machine

    def run(self, params, x, y, max_steps=10):
        def loss_fn(p):
            return jnp.mean((self.model.apply({"params": p}, x) - y) ** 2)

        def cond(state):
            step, _, loss = state
            return (step < max_steps) & (loss > 1e-3)

        def body(state):
            step, p, _ = state
            loss, g = jax.value_and_grad(loss_fn)(p)
            self.machine.observe(loss)
            p = jax.tree.map(lambda a, b: a - self.machine.lr(step) * b, p, g)
            return step + 1, p, loss

        _, params, _ = jax.lax.while_loop(cond, body, (0, params, jnp.inf))
        return params, jnp.asarray(self.machine.best_loss) * 1.0


def main():
    model = Regressor()
    x, y = jnp.ones((8, 3)), jnp.ones((8, 1))
    params = model.init(jax.random.PRNGKey(0), x)["params"]
    PhasedTrainer(model, PhaseMachine()).run(params, x, y)
    return None
