# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 8 (32 B)
# class: 3 the daemon's model (self.model) is handed to nnx.grad and nnx.update from inside a raw lax.fori_loop body; a checkpoint hook snapshots nnx.state afterwards
"""Continual-training daemon (NNX): a few SGD steps per shard, with checkpoint hooks."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

fori_loop = jax.lax.fori_loop


class Forecaster(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(3, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))[..., 0]


class SnapshotHook:
    def __init__(self):
        self.snapshots = []

    def after_shard(self, shard_id, model):
        self.snapshots.append((shard_id, jax.tree.map(jnp.copy, nnx.state(model, nnx.Param))))


class Daemon:
    def __init__(self, model, hooks, lr=0.05, inner_steps=3):
        self.model = model
        self.hooks = hooks
        self.lr = lr
        self.inner_steps = inner_steps

    def sgd_step(self, x, y):
        loss_fn = lambda m: jnp.mean((m(x) - y) ** 2)
        grads = nnx.grad(loss_fn)(self.model)
        params = nnx.state(self.model, nnx.Param)
        nnx.update(self.model, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))

    def on_shard(self, shard_id, x, y):
        def body(i, carry):
            self.sgd_step(x, y)
            return carry + 1

        fori_loop(0, self.inner_steps, body, 0)
        for hook in self.hooks:
            hook.after_shard(shard_id, self.model)


def main():
    daemon = Daemon(Forecaster(nnx.Rngs(0)), [SnapshotHook()])
    xs = jax.random.normal(jax.random.key(1), (2, 16, 3))
    for i, x in enumerate(xs):
        daemon.on_shard(i, x, x.sum(-1))
    return None
