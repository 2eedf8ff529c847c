# label: ok
# flax-error: none
# class: 2 apply(mutable=["batch_stats"]) inside the fori_loop body; the new stats travel in the carry
"""BatchNorm running stats carried through lax.fori_loop together with params and optimizer state."""
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

    def loss_fn(p, stats, x, y):
        pred, updates = model.apply({"params": p, "batch_stats": stats}, x, train=True,
                                    mutable=["batch_stats"])
        return jnp.mean((pred - y) ** 2), updates["batch_stats"]

    def body(i, carry):
        p, stats, s = carry
        grads, stats = jax.grad(loss_fn, has_aux=True)(p, stats, xs[i], ys[i])
        updates, s = tx.update(grads, s, p)
        return optax.apply_updates(p, updates), stats, s

    params, batch_stats, opt_state = lax.fori_loop(0, xs.shape[0], body, (params, batch_stats, opt_state))
    jax.tree.map(lambda a: a.block_until_ready(), batch_stats)
    return None
