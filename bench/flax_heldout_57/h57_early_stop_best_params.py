# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body writes params and losses into a Python dict used for best-checkpoint tracking
"""Early stopping bookkeeping kept in a Python dict after the epoch loop was turned into one
jax.lax.scan: the body records the latest params as the 'best checkpoint' and the caller
evaluates it after the loop."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.tanh(nn.Dense(8)(x)))


def main():
    model = Regressor()
    x = jnp.linspace(-1, 1, 32).reshape(-1, 1)
    y = jnp.sin(3 * x)
    params = model.init(jax.random.PRNGKey(0), x)
    tx = optax.adam(1e-2)
    opt_state = tx.init(params)
    tracker = {"best_loss": float("inf"), "best_params": params}

    def loss_fn(p):
        return jnp.mean((model.apply(p, x) - y) ** 2)

    def epoch(carry, _):
        params, opt_state = carry
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        tracker["best_loss"] = loss
        tracker["best_params"] = params
        return (params, opt_state), loss

    (params, opt_state), losses = jax.lax.scan(epoch, (params, opt_state), None, length=20)
    best_val = loss_fn(tracker["best_params"])
    best_val.block_until_ready()
    return None
