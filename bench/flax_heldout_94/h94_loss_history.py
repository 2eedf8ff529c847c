# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the per-step loss computed from model.apply escapes the jax.lax.scan body through a Python list
"""Regression tutorial's training loop converted to jax.lax.scan; the loss history is still kept
by appending to a Python list inside the step function, as in the for-loop version."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.relu(nn.Dense(16)(x)))


def main():
    model = Regressor()
    xs = jax.random.normal(jax.random.PRNGKey(1), (6, 8, 3))
    ys = jnp.sum(xs, -1, keepdims=True)
    params = model.init(jax.random.PRNGKey(0), xs[0])
    tx = optax.sgd(1e-2, momentum=0.9)
    opt_state = tx.init(params)
    history = []

    def step(carry, batch):
        params, opt_state = carry
        x, y = batch
        loss, grads = jax.value_and_grad(lambda p: jnp.mean((model.apply(p, x) - y) ** 2))(params)
        history.append(loss)
        updates, opt_state = tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), opt_state), None

    (params, opt_state), _ = jax.lax.scan(step, (params, opt_state), (xs, ys))
    print("final loss", jnp.stack(history)[-1])
