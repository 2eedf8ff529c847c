# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the trained variables are closed over and apply runs inside the scan body with train left at its default
"""Validation loop as a jax.lax.scan over batches. The model's train flag defaults to True,
so BatchNorm tries to update batch_stats inside the loop body."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(10)(x)


def main():
    model = ConvNet()
    batches = jax.random.normal(jax.random.PRNGKey(3), (3, 4, 8, 8, 1))
    labels = jnp.arange(12).reshape(3, 4) % 10
    variables = model.init(jax.random.PRNGKey(0), batches[0], train=False)

    def eval_step(correct, batch):
        x, y = batch
        logits = model.apply(variables, x)
        return correct + jnp.sum(jnp.argmax(logits, -1) == y), None

    correct, _ = jax.lax.scan(eval_step, 0, (batches, labels))
    correct.block_until_ready()
    return None
