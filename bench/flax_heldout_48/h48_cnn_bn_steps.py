# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a BatchNorm model in train mode is applied inside a raw lax.fori_loop training loop without mutable=['batch_stats']
"""A PyTorch-style train loop turned into lax.fori_loop; model.train() became use_running_average=False."""
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

    def loss_fn(p):
        logits = model.apply({"params": p, "batch_stats": batch_stats}, x, train=True)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def body(i, state):
        p, o = state
        grads = jax.grad(loss_fn)(p)
        updates, o = tx.update(grads, o)
        return optax.apply_updates(p, updates), o

    params, opt_state = lax.fori_loop(0, 3, body, (params, opt_state))
    jax.block_until_ready(params)
    return None
