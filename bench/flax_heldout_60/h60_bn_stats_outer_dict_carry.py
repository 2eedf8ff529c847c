# label: ok
# flax-error: none
# class: 5 apply(mutable=['batch_stats']) inside a raw scan, updated stats returned through the carry
"""Training epoch as a raw scan over batches; the BatchNorm stats travel in the scan carry next
to params and optimizer state, and are written back after the loop."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(1)(nn.gelu(x))


def main():
    model = MLP()
    tx = optax.sgd(0.1)
    xs = jnp.ones((3, 8, 4))
    ys = jnp.ones((3, 8, 1))
    v = model.init(jax.random.key(0), xs[0], train=False)
    state = {"params": v["params"], "batch_stats": v["batch_stats"], "opt": tx.init(v["params"])}

    def train_step(carry, batch):
        params, stats, opt_state = carry
        x, y = batch

        def loss_fn(p):
            pred, upd = model.apply({"params": p, "batch_stats": stats}, x,
                                    train=True, mutable=["batch_stats"])
            return jnp.mean((pred - y) ** 2), upd

        (loss, upd), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
        updates, opt_state = tx.update(g, opt_state)
        return (optax.apply_updates(params, updates), upd["batch_stats"], opt_state), loss

    init = (state["params"], state["batch_stats"], state["opt"])
    (params, stats, opt), losses = jax.lax.scan(train_step, init, (xs, ys))
    state.update(params=params, batch_stats=stats, opt=opt)
    model.apply({"params": params, "batch_stats": stats}, xs[0], train=False)
    return None
