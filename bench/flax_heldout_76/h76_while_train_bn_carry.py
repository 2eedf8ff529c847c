# label: ok
# flax-error: none
# class: 3 batch_stats joins params and opt_state in the while_loop carry, updated via apply(mutable=['batch_stats'])
"""Optimizer update inside lax.while_loop for a Linen CNN with BatchNorm,
with batch_stats carried through the loop."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class SmallCNN(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Conv(4, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(2)(x)


def main():
    model = SmallCNN()
    x = jax.random.normal(jax.random.key(0), (8, 6, 6, 1))
    labels = jnp.arange(8) % 2
    variables = model.init(jax.random.key(1), x, train=False)
    tx = optax.sgd(0.1)

    def loss_fn(params, batch_stats):
        logits, mutated = model.apply({"params": params, "batch_stats": batch_stats}, x,
                                      train=True, mutable=["batch_stats"])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        return loss, mutated["batch_stats"]

    def cond(state):
        step, _, _, _, loss = state
        return (step < 10) & (loss > 0.05)

    def body(state):
        step, params, batch_stats, opt_state, _ = state
        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch_stats)
        updates, opt_state = tx.update(grads, opt_state, params)
        return step + 1, optax.apply_updates(params, updates), batch_stats, opt_state, loss

    params = variables["params"]
    init = (0, params, variables["batch_stats"], tx.init(params), jnp.inf)
    step, params, batch_stats, opt_state, loss = jax.lax.while_loop(cond, body, init)
    loss.block_until_ready()
    return None
