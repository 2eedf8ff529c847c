# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body in Trainer.fit reaches self.ts.model and self.ts.optimizer and calls self.ts.optimizer.update with the step's gradients
"""Fitted value iteration: a value network is regressed on Bellman targets in a raw scan."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

GAMMA = 0.95


class ValueNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, s):
        return self.l2(nnx.relu(self.l1(s)))[..., 0]


class TrainState:
    def __init__(self, model, optimizer):
        self.model, self.optimizer = model, optimizer


class Trainer:
    def __init__(self, ts):
        self.ts = ts

    def fit(self, transitions):
        graphdef, _ = nnx.split(self.ts.model)

        def pure_loss(params, s, r, s2):
            v = nnx.merge(graphdef, params)
            target = r + GAMMA * jax.lax.stop_gradient(v(s2))
            return jnp.mean((v(s) - target) ** 2)

        def body(carry, batch):
            params = nnx.state(self.ts.model, nnx.Param)
            loss, grads = jax.value_and_grad(pure_loss)(params, *batch)
            self.ts.optimizer.update(self.ts.model, grads)
            return carry, loss

        _, losses = jax.lax.scan(body, None, transitions)
        return losses


def main():
    k = jax.random.split(jax.random.key(0), 3)
    s, s2 = jax.random.normal(k[0], (6, 32, 4)), jax.random.normal(k[1], (6, 32, 4))
    r = jax.random.uniform(k[2], (6, 32))
    model = ValueNet(nnx.Rngs(0))
    ts = TrainState(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))
    losses = Trainer(ts).fit((s, r, s2))
    losses.block_until_ready()
    return None
