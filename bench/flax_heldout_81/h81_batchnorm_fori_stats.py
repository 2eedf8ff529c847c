# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 model.apply(train=True) inside a fori_loop body without mutable=["batch_stats"]
"""'BatchNorm running stats not updating in fori_loop': training steps over batches in lax.fori_loop."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(1)(nn.relu(x))


def main():
    model = MLP()
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 8, 4))
    ys = xs.sum(-1, keepdims=True)
    variables = model.init(jax.random.PRNGKey(0), xs[0], train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]
    tx = optax.adam(1e-3)
    opt_state = tx.init(params)

    def loss_fn(p, x, y):
        pred = model.apply({"params": p, "batch_stats": batch_stats}, x, train=True)
        return jnp.mean((pred - y) ** 2)

    def body(i, carry):
        p, s = carry
        grads = jax.grad(loss_fn)(p, xs[i], ys[i])
        updates, s = tx.update(grads, s, p)
        return optax.apply_updates(p, updates), s

    params, opt_state = lax.fori_loop(0, xs.shape[0], body, (params, opt_state))
    jax.tree.map(lambda a: a.block_until_ready(), params)
    return None
