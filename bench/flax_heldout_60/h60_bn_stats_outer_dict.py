# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 apply(mutable=['batch_stats']) inside a raw scan, updates stored into a TrainState-like dict outside
"""Training epoch as a raw scan over batches; the step keeps BatchNorm stats in a mutable Python
dict (`state['batch_stats'] = ...`) instead of returning them, as in many ported PyTorch loops."""
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
        params, opt_state = carry
        x, y = batch

        def loss_fn(p):
            pred, upd = model.apply({"params": p, "batch_stats": state["batch_stats"]}, x,
                                    train=True, mutable=["batch_stats"])
            return jnp.mean((pred - y) ** 2), upd

        (loss, upd), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
        state["batch_stats"] = upd["batch_stats"]
        updates, opt_state = tx.update(g, opt_state)
        return (optax.apply_updates(params, updates), opt_state), loss

    (params, opt), losses = jax.lax.scan(train_step, (state["params"], state["opt"]), (xs, ys))
    model.apply({"params": params, "batch_stats": state["batch_stats"]}, xs[0], train=False)
    return None
