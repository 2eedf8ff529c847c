# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a Trainer stores model.apply as self.apply_fn and calls it in train mode inside a raw lax.scan over micro-batches without mutable batch_stats
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
        pred = self.apply_fn({"params": params, "batch_stats": batch_stats}, x, train=True)
        return jnp.mean((pred - y) ** 2)

    @functools.partial(jax.jit, static_argnums=0)
    def accumulate(self, params, batch_stats, xs, ys):
        def micro_step(grad_acc, batch):
            x, y = batch
            loss, grads = jax.value_and_grad(self._loss)(params, batch_stats, x, y)
            grad_acc = jax.tree.map(jnp.add, grad_acc, grads)
            return grad_acc, loss

        zeros = jax.tree.map(jnp.zeros_like, params)
        grads, losses = jax.lax.scan(micro_step, zeros, (xs, ys))
        return grads, losses.mean()

    def step(self, xs, ys):
        grads, loss = self.accumulate(self.params, self.batch_stats, xs, ys)
        updates, self.opt_state = self.tx.update(grads, self.opt_state, self.params)
        self.params = optax.apply_updates(self.params, updates)
        return loss


def main():
    xs = jnp.ones((4, 8, 6))
    ys = jnp.zeros((4, 8, 1))
    trainer = EnergyTrainer(LoadNet(), optax.adam(1e-3), xs[0])
    trainer.step(xs, ys)
    return None
