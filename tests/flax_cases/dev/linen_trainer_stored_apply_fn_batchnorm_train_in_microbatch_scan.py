# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the trainer keeps `self.apply_fn = model.apply`; a loss method run by `jax.grad` in the micro-batch scan calls it in training mode with nothing mutable
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
        logits = self.apply_fn({"params": params, "batch_stats": batch_stats}, x, train=True)
        return jnp.mean((logits - y) ** 2)

    def accumulated_grads(self, xs, ys):
        params, batch_stats = self.variables["params"], self.variables["batch_stats"]

        def micro_step(total, batch):
            grads = jax.grad(self.loss)(params, batch_stats, *batch)
            return jax.tree.map(jnp.add, total, grads), None

        total, _ = jax.lax.scan(micro_step, jax.tree.map(jnp.zeros_like, params), (xs, ys))
        return total


def main():
    trainer = Trainer(ConvNet(), jnp.ones((8, 5)))
    grads = trainer.accumulated_grads(jnp.ones((4, 8, 5)), jnp.zeros((4, 8, 2)))
    jax.block_until_ready(grads)
    return None
