# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 params and opt_state in the while_loop carry, batch_stats closed over; apply(train=True) without mutable inside the body
"""Optimizer update inside lax.while_loop: train until the loss is small
or a step budget runs out, for a Linen CNN with BatchNorm."""
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
    batch_stats = variables["batch_stats"]
    tx = optax.sgd(0.1)

    def loss_fn(params):
        logits = model.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    def cond(state):
        step, _, _, loss = state
        return (step < 10) & (loss > 0.05)

    def body(state):
        step, params, opt_state, _ = state
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        return step + 1, optax.apply_updates(params, updates), opt_state, loss

    params = variables["params"]
    init = (0, params, tx.init(params), jnp.inf)
    step, params, opt_state, loss = jax.lax.while_loop(cond, body, init)
    loss.block_until_ready()
    return None
