# label: ok
# flax-error: none
# class: 2 a Trainer stores model.apply as self.apply_fn and threads batch_stats through the carry of a raw lax.scan over micro-batches with mutable batch_stats
import functools

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class LoadNet(nn.Module):
    features: int = 32

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)


class EnergyTrainer:
    def __init__(self, model, tx, sample):
        variables = model.init(jax.random.key(0), sample, train=False)
        self.apply_fn = model.apply
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.tx = tx
        self.opt_state = tx.init(self.params)

    def _loss(self, params, batch_stats, x, y):
        pred, updates = self.apply_fn(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        return jnp.mean((pred - y) ** 2), updates["batch_stats"]

    @functools.partial(jax.jit, static_argnums=0)
    def accumulate(self, params, batch_stats, xs, ys):
        def micro_step(carry, batch):
            grad_acc, stats = carry
            x, y = batch
            (loss, stats), grads = jax.value_and_grad(self._loss, has_aux=True)(params, stats, x, y)
            grad_acc = jax.tree.map(jnp.add, grad_acc, grads)
            return (grad_acc, stats), loss

        zeros = jax.tree.map(jnp.zeros_like, params)
        (grads, batch_stats), losses = jax.lax.scan(micro_step, (zeros, batch_stats), (xs, ys))
        return grads, batch_stats, losses.mean()

    def step(self, xs, ys):
        grads, self.batch_stats, loss = self.accumulate(self.params, self.batch_stats, xs, ys)
        updates, self.opt_state = self.tx.update(grads, self.opt_state, self.params)
        self.params = optax.apply_updates(self.params, updates)
        return loss


def main():
    xs = jnp.ones((4, 8, 6))
    ys = jnp.zeros((4, 8, 1))
    trainer = EnergyTrainer(LoadNet(), optax.adam(1e-3), xs[0])
    trainer.step(xs, ys)
    return None
