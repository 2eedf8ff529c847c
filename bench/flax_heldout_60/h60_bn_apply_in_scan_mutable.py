# label: ok
# flax-error: none
# class: 4 model.apply with mutable=['batch_stats'] inside a raw scan, the stats threaded through the carry
"""Gradient accumulation over micro-batches with a raw lax.scan; the BatchNorm statistics are
returned from apply (mutable) and carried from one micro-batch to the next."""
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

    def loss_fn(p, stats, x, y):
        logits, updates = model.apply({"params": p, "batch_stats": stats}, x, train=True,
                                      mutable=["batch_stats"])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, updates["batch_stats"]

    def micro(carry, batch):
        acc, stats = carry
        x, y = batch
        g, stats = jax.grad(loss_fn, has_aux=True)(params, stats, x, y)
        return (jax.tree.map(jnp.add, acc, g), stats), None

    zeros = jax.tree.map(jnp.zeros_like, params)
    (grads, batch_stats), _ = lax.scan(micro, (zeros, batch_stats), (xs, ys))
    print(jax.tree.map(jnp.shape, grads))
    return None
