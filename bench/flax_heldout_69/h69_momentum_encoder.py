# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 momentum-encoder params kept in a Python dict and reassigned from inside the scan body
"""Contrastive learning (MoCo-style) with a momentum encoder; the training loop is a
jax.lax.scan, and the EMA teacher params live in a dict outside the loop."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(32)(x))
        z = nn.Dense(16)(x)
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def main():
    enc = Encoder()
    views = jax.random.normal(jax.random.PRNGKey(1), (5, 2, 8, 12))
    params = enc.init(jax.random.PRNGKey(0), views[0, 0])["params"]
    state = {"momentum": params}
    tx = optax.sgd(0.05)
    opt_state = tx.init(params)

    def info_nce(p, m, a, b):
        q = enc.apply({"params": p}, a)
        k = jax.lax.stop_gradient(enc.apply({"params": m}, b))
        logits = q @ k.T / 0.1
        return optax.softmax_cross_entropy_with_integer_labels(logits, jnp.arange(a.shape[0])).mean()

    def step(carry, batch):
        params, opt_state = carry
        loss, grads = jax.value_and_grad(info_nce)(params, state["momentum"], batch[0], batch[1])
        updates, opt_state = tx.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
        state["momentum"] = jax.tree.map(lambda m, p: 0.99 * m + 0.01 * p, state["momentum"], params)
        return (params, opt_state), loss

    (params, opt_state), losses = jax.lax.scan(step, (params, opt_state), views)
    z = enc.apply({"params": state["momentum"]}, views[0, 0])
    print(losses, z.shape)
    return None
