# label: ok
# flax-error: none
# class: 3 the trainer keeps `self.apply_fn = model.apply`; the loss method makes batch_stats mutable and the micro-batch scan carries the updated stats
import jax
import jax.numpy as jnp
from flax import linen as nn


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(2)(nn.relu(x))


class Trainer:
    def __init__(self, model, sample):
        self.apply_fn = model.apply
        self.variables = model.init(jax.random.key(0), sample)

    def loss(self, params, batch_stats, x, y):
        logits, updates = self.apply_fn(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        return jnp.mean((logits - y) ** 2), updates["batch_stats"]

    def accumulated_grads(self, xs, ys):
        params, batch_stats = self.variables["params"], self.variables["batch_stats"]

        def micro_step(carry, batch):
            total, stats = carry
            grads, stats = jax.grad(self.loss, has_aux=True)(params, stats, *batch)
            return (jax.tree.map(jnp.add, total, grads), stats), None

        (total, _), _ = jax.lax.scan(micro_step, (jax.tree.map(jnp.zeros_like, params), batch_stats), (xs, ys))
        return total


def main():
    trainer = Trainer(ConvNet(), jnp.ones((8, 5)))
    grads = trainer.accumulated_grads(jnp.ones((4, 8, 5)), jnp.zeros((4, 8, 2)))
    jax.block_until_ready(grads)
    return None
