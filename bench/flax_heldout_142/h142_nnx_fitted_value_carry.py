# label: ok
# flax-error: none
# class: 4 Trainer.fit splits self.ts.model and self.ts.optimizer into a state that rides in the scan carry; the body merges, updates and returns it
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
        ts_graphdef, ts_state = nnx.split((self.ts.model, self.ts.optimizer))

        def pure_loss(params, s, r, s2):
            v = nnx.merge(graphdef, params)
            target = r + GAMMA * jax.lax.stop_gradient(v(s2))
            return jnp.mean((v(s) - target) ** 2)

        def body(state, batch):
            model, optimizer = nnx.merge(ts_graphdef, state)
            params = nnx.state(model, nnx.Param)
            loss, grads = jax.value_and_grad(pure_loss)(params, *batch)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        ts_state, losses = jax.lax.scan(body, ts_state, transitions)
        nnx.update((self.ts.model, self.ts.optimizer), ts_state)
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
