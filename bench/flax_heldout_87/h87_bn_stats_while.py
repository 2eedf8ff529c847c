# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 model.apply(train=True) on a BatchNorm model is called inside the raw while_loop body without mutable
"""'ModifyScopeVariableError batch_stats inside while_loop': training until the loss drops below a
tolerance, written as a jax.lax.while_loop around the usual BatchNorm train step."""
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

    def loss_fn(params):
        pred = model.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
        return jnp.mean((pred - y) ** 2)

    def cond(state):
        step, loss, params, opt_state = state
        return (step < 20) & (loss > 1e-2)

    def body(state):
        step, _, params, opt_state = state
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state)
        return step + 1, loss, optax.apply_updates(params, updates), opt_state

    state = (0, jnp.inf, params, opt_state)
    step, loss, params, opt_state = lax.while_loop(cond, body, state)
    loss.block_until_ready()
    return None
