# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 model.apply on a BatchNorm CNN called inside a raw scan over micro-batches, without mutable
"""Gradient accumulation over micro-batches with a raw lax.scan (the usual answer to 'how do I
accumulate gradients in Flax'); the model has BatchNorm in training mode."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn

lax = jax.lax


class SmallNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(3)(nn.relu(x))


def main():
    model = SmallNet()
    xs = jnp.ones((4, 8, 5))
    ys = jnp.zeros((4, 8), jnp.int32)
    variables = model.init(jax.random.key(0), xs[0], train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]

    def loss_fn(p, x, y):
        logits = model.apply({"params": p, "batch_stats": batch_stats}, x, train=True)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def micro(acc, batch):
        x, y = batch
        g = jax.grad(loss_fn)(params, x, y)
        return jax.tree.map(jnp.add, acc, g), None

    zeros = jax.tree.map(jnp.zeros_like, params)
    grads, _ = lax.scan(micro, zeros, (xs, ys))
    print(jax.tree.map(jnp.shape, grads))
    return None
