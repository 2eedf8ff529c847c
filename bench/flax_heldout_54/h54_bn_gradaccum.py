# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 apply with train=True is called inside a raw lax.scan over micro-batches without mutable batch_stats
"""Gradient accumulation over micro-batches with lax.scan, for a CNN with BatchNorm; the loss
function calls apply in train mode but does not ask for the batch_stats collection to be mutable."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax.lax import scan


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(10)(x)


def main():
    model = CNN()
    micro_x = jnp.ones((4, 2, 8, 8, 1))
    micro_y = jnp.zeros((4, 2), dtype=jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), micro_x[0], train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]

    def loss_fn(p, x, y):
        logits = model.apply({"params": p, "batch_stats": batch_stats}, x, train=True)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def accumulate(grads, batch):
        x, y = batch
        g = jax.grad(loss_fn)(params, x, y)
        return jax.tree.map(jnp.add, grads, g), None

    zeros = jax.tree.map(jnp.zeros_like, params)
    grads, _ = scan(accumulate, zeros, (micro_x, micro_y))
    jax.tree.map(lambda g: g.block_until_ready(), grads)
    return None
