# label: ok
# flax-error: none
# class: 5 batch_stats come back from apply(mutable=['batch_stats']) as an aux output and travel in the while_loop state
"""Training until the loss drops below a tolerance in a jax.lax.while_loop, with the BatchNorm
statistics returned by apply(mutable=['batch_stats']) and carried in the loop state."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

lax = jax.lax


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)


def main():
    model = MLP()
    x = jax.random.normal(jax.random.key(0), (32, 5))
    y = jnp.sum(x, axis=-1, keepdims=True)
    variables = model.init(jax.random.key(1), x, train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]
    tx = optax.sgd(0.05)
    opt_state = tx.init(params)

    def loss_fn(params, batch_stats):
        pred, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        return jnp.mean((pred - y) ** 2), updates["batch_stats"]

    def cond(state):
        step, loss, params, batch_stats, opt_state = state
        return (step < 20) & (loss > 1e-2)

    def body(state):
        step, _, params, batch_stats, opt_state = state
        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch_stats)
        updates, opt_state = tx.update(grads, opt_state)
        return step + 1, loss, optax.apply_updates(params, updates), batch_stats, opt_state

    state = (0, jnp.inf, params, batch_stats, opt_state)
    step, loss, params, batch_stats, opt_state = lax.while_loop(cond, body, state)
    loss.block_until_ready()
    return None
