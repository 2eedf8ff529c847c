# label: ok
# flax-error: none
# class: 2 per-step losses written into a buffer carried through the raw lax.fori_loop and returned from the module; the checkpoint hook reads them
"""Continual-training daemon: refines a small regressor on each incoming shard and checkpoints."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

lax = jax.lax


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.tanh(nn.Dense(8)(x)))[..., 0]


class InnerLoop(nn.Module):
    """Runs a few unrolled evaluation steps and records the loss of each."""
    steps: int = 4

    @nn.compact
    def __call__(self, x, y):
        net = Regressor()
        net(x)  # create the parameters outside the loop

        def body(i, carry):
            acc, step_losses = carry
            pred = net(x * (1.0 + 0.1 * i))
            loss = jnp.mean((pred - y) ** 2)
            return acc + loss, step_losses.at[i].set(loss)

        return lax.fori_loop(0, self.steps, body, (jnp.zeros(()), jnp.zeros((self.steps,))))


class CheckpointHook:
    def __init__(self):
        self.saved = []

    def __call__(self, step, params, step_losses):
        self.saved.append((step, jax.tree.map(jnp.copy, params), float(step_losses.mean())))


class ContinualDaemon:
    def __init__(self, hooks):
        self.model = InnerLoop()
        self.tx = optax.adam(1e-2)
        self.hooks = hooks
        self.params = None
        self.opt_state = None

    def start(self, x, y):
        self.params = self.model.init(jax.random.key(0), x, y)["params"]
        self.opt_state = self.tx.init(self.params)

    def on_shard(self, step, x, y):
        def loss_fn(p):
            total, step_losses = self.model.apply({"params": p}, x, y)
            return total, step_losses

        (loss, step_losses), grads = jax.value_and_grad(loss_fn, has_aux=True)(self.params)
        updates, self.opt_state = self.tx.update(grads, self.opt_state, self.params)
        self.params = optax.apply_updates(self.params, updates)
        for hook in self.hooks:
            hook(step, self.params, step_losses)
        return loss


def main():
    daemon = ContinualDaemon([CheckpointHook()])
    xs = jax.random.normal(jax.random.key(1), (3, 10, 2))
    ys = xs.sum(-1)
    daemon.start(xs[0], ys[0])
    for step in range(3):
        daemon.on_shard(step, xs[step], ys[step])
    return None
