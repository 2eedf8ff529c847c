# label: ok
# flax-error: none
# class: 2 batch_stats travel in the fori_loop carry and the apply inside the body is called with mutable=['batch_stats']
"""The same loop after the usual answer: mutable=['batch_stats'], has_aux, and carry the stats."""
import jax
import jax.numpy as jnp
import optax
from jax import lax
import flax.linen as nn


class SmallCNN(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x)
        x = x.mean(axis=(1, 2))
        return nn.Dense(10)(x)


def main():
    model = SmallCNN()
    x = jnp.ones((4, 8, 8, 1))
    y = jnp.arange(4) % 10
    variables = model.init(jax.random.PRNGKey(0), x, train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]
    tx = optax.sgd(1e-2)
    opt_state = tx.init(params)

    def loss_fn(p, bs):
        logits, updates = model.apply({"params": p, "batch_stats": bs}, x, train=True,
                                      mutable=["batch_stats"])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, updates["batch_stats"]

    def body(i, state):
        p, bs, o = state
        grads, bs = jax.grad(loss_fn, has_aux=True)(p, bs)
        updates, o = tx.update(grads, o)
        return optax.apply_updates(p, updates), bs, o

    params, batch_stats, opt_state = lax.fori_loop(0, 3, body, (params, batch_stats, opt_state))
    jax.block_until_ready(batch_stats)
    return None
